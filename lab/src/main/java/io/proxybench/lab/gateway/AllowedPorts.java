package io.proxybench.lab.gateway;

import java.util.ArrayList;
import java.util.List;

/**
 * The destination ports the gateway may tunnel to, as inclusive ranges written {@code 443,8443,1024-65535};
 * {@link #ALL} ({@code 1-65535}) by default, since destinations themselves are loopback only unless widened.
 *
 * @param spec the ranges as given, kept for messages
 */
public record AllowedPorts(String spec, List<AllowedPorts.Range> ranges) {

    /** Ports {@code low} to {@code high}, both included. */
    public record Range(int low, int high) {}

    public static final String ALL_SPEC = "1-65535";
    public static final AllowedPorts ALL = parse(ALL_SPEC);

    public AllowedPorts {
        ranges = List.copyOf(ranges);
    }

    /**
     * @param spec comma-separated ports and ranges, e.g. {@code 443,8443,1024-65535}
     * @throws IllegalArgumentException naming the part that is not a port or range within 1..65535
     */
    public static AllowedPorts parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("allowed ports are empty; give ports and ranges like 443,8443,1024-65535");
        }
        List<Range> ranges = new ArrayList<>();
        for (String part : spec.split(",", -1)) {
            String p = part.trim();
            int dash = p.indexOf('-');
            int low = port(dash < 0 ? p : p.substring(0, dash), p);
            int high = dash < 0 ? low : port(p.substring(dash + 1), p);
            if (low > high) {
                throw new IllegalArgumentException("port range '" + p + "' runs backwards; write it low-high, e.g. "
                        + high + "-" + low);
            }
            ranges.add(new Range(low, high));
        }
        return new AllowedPorts(spec.replace(" ", ""), ranges);
    }

    private static int port(String text, String part) {
        int port;
        try {
            port = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("'" + part + "' is not a port or range within 1..65535; give ports and"
                    + " ranges like 443,8443,1024-65535");
        }
        return port;
    }

    public boolean allows(int port) {
        for (Range r : ranges) {
            if (port >= r.low() && port <= r.high()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return spec;
    }
}
