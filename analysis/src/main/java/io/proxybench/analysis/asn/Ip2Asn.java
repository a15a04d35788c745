package io.proxybench.analysis.asn;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPInputStream;

/**
 * An IPv4-to-AS table in the public ip2asn TSV layout ({@code range_start range_end AS_number country_code
 * AS_description}, tab-separated, no header), as iptoasn.com publishes it and the lab writes it. Lookups
 * are binary searches over the ranges sorted by start. Immutable and thread-safe once loaded.
 */
public final class Ip2Asn implements AsnLookup {
    private static final String LAYOUT = "range_start, range_end, AS_number, country_code, AS_description";

    private final long[] starts;
    private final long[] ends;
    private final AsnInfo[] infos;

    private Ip2Asn(long[] starts, long[] ends, AsnInfo[] infos) {
        this.starts = starts;
        this.ends = ends;
        this.infos = infos;
    }

    /**
     * Loads {@code file}, plain or gzip-compressed (detected from its content, not its name). Blank lines
     * are skipped, and so are IPv6 ranges (as in {@code ip2asn-combined.tsv}); lines need not be sorted.
     *
     * @throws Ip2AsnFormatException if a line is not five tab-separated fields with IPv4 bounds and a
     *     numeric AS; names the file and line
     */
    public static Ip2Asn load(Path file) throws IOException {
        List<Range> ranges = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(open(file), StandardCharsets.UTF_8))) {
            int lineNumber = 0;
            for (String line; (line = in.readLine()) != null; ) {
                lineNumber++;
                if (!line.isBlank() && !isIpv6(line)) {
                    ranges.add(parse(file, lineNumber, line));
                }
            }
        }
        ranges.sort(Comparator.comparingLong(Range::start));
        return new Ip2Asn(
                ranges.stream().mapToLong(Range::start).toArray(),
                ranges.stream().mapToLong(Range::end).toArray(),
                ranges.stream().map(Range::info).toArray(AsnInfo[]::new));
    }

    /**
     * The AS of {@code ip}; empty when {@code ip} is not a dotted-quad IPv4 address, no range holds it,
     * or its range says AS 0 ("Not routed").
     */
    @Override
    public Optional<AsnInfo> lookup(String ip) {
        long address = Ipv4.parse(ip);
        if (address == Ipv4.INVALID) {
            return Optional.empty();
        }
        int i = Arrays.binarySearch(starts, address);
        int candidate = i >= 0 ? i : -i - 2; // the last range starting at or before the address
        if (candidate < 0 || address > ends[candidate]) {
            return Optional.empty();
        }
        return Optional.ofNullable(infos[candidate]);
    }

    private static InputStream open(Path file) throws IOException {
        InputStream in = new BufferedInputStream(Files.newInputStream(file));
        in.mark(2);
        boolean gzip = in.read() == 0x1f && in.read() == 0x8b;
        in.reset();
        return gzip ? new GZIPInputStream(in) : in;
    }

    /** Whether the line's first field (range_start) is an IPv6 address. */
    private static boolean isIpv6(String line) {
        int tab = line.indexOf('\t');
        return (tab < 0 ? line : line.substring(0, tab)).contains(":");
    }

    private static Range parse(Path file, int lineNumber, String line) throws Ip2AsnFormatException {
        String[] fields = line.split("\t", -1);
        if (fields.length != 5) {
            throw new Ip2AsnFormatException(file, lineNumber, "expected 5 tab-separated fields (" + LAYOUT
                    + "), found " + fields.length + "; use an ip2asn-v4.tsv file from iptoasn.com or the lab");
        }
        long start = Ipv4.parse(fields[0]);
        long end = Ipv4.parse(fields[1]);
        if (start == Ipv4.INVALID || end == Ipv4.INVALID || end < start) {
            throw new Ip2AsnFormatException(file, lineNumber, "range '" + fields[0] + "' to '" + fields[1]
                    + "' is not two dotted IPv4 addresses, start first");
        }
        if (!fields[2].matches("\\d{1,10}")) {
            throw new Ip2AsnFormatException(file, lineNumber,
                    "AS_number '" + fields[2] + "' is not a number (write 13335, not AS13335)");
        }
        long asn = Long.parseLong(fields[2]);
        AsnInfo info = asn == 0 ? null : new AsnInfo(asn, fields[3], fields[4]);
        return new Range(start, end, info);
    }

    /** One line of the table; {@code info} is null for AS 0. */
    private record Range(long start, long end, AsnInfo info) {
    }
}
