package io.proxybench.watch.live;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;

/** An exit IP's network, as the live figures count them: its /24 for IPv4, its /48 for IPv6. */
final class Subnets {

    private Subnets() {}

    /** The 16 bytes of an IPv6 literal (never a name: nothing is resolved), or null when it is not one. */
    private static byte[] v6(String ip) {
        if (!ip.matches("[0-9A-Fa-f:.]+")) {
            return null;
        }
        try {
            byte[] a = InetAddress.getByName(ip).getAddress();
            return a.length == 16 ? a : null;
        } catch (UnknownHostException e) {
            return null;
        }
    }

    /** {@code 203.0.113.0/24} for {@code 203.0.113.7}; {@code 2001:db8:1::/48} for an IPv6 address. */
    static String of(String ip) {
        if (ip.indexOf(':') >= 0) {
            byte[] a = v6(ip);
            if (a == null) {
                return ip;
            }
            return String.format(Locale.ROOT, "%x:%x:%x::/48", (a[0] & 0xff) << 8 | a[1] & 0xff,
                    (a[2] & 0xff) << 8 | a[3] & 0xff, (a[4] & 0xff) << 8 | a[5] & 0xff);
        }
        int last = ip.lastIndexOf('.');
        return (last < 0 ? ip : ip.substring(0, last)) + ".0/24";
    }
}
