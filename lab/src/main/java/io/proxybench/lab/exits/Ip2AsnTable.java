package io.proxybench.lab.exits;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * Writes an exit pool in the public ip2asn TSV layout: {@code range_start range_end AS_number country_code
 * AS_description}, one line per /24 that holds exits, tab-separated, in address order, no header.
 */
public final class Ip2AsnTable {

    private Ip2AsnTable() {}

    public static void write(ExitPool pool, Writer out) throws IOException {
        List<Exit> exits = pool.all();
        String previousPrefix = null;
        for (Exit exit : exits) {
            String ip = exit.ip();
            String prefix = ip.substring(0, ip.lastIndexOf('.'));
            if (prefix.equals(previousPrefix)) {
                continue;
            }
            previousPrefix = prefix;
            out.write(prefix + ".0\t" + prefix + ".255\t" + exit.asn() + "\t" + exit.country() + "\t"
                    + exit.asName() + "\n");
        }
        out.flush();
    }
}
