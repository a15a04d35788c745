package io.proxybench.analysis.asn;

/** Dotted-quad IPv4 addresses as unsigned 32-bit numbers held in a {@code long}. */
public final class Ipv4 {
    /** Returned by {@link #parse} for anything that is not a dotted-quad IPv4 address. */
    public static final long INVALID = -1;

    private Ipv4() {
    }

    /** {@code a.b.c.d} as {@code a << 24 | b << 16 | c << 8 | d}, or {@link #INVALID} (IPv6, names, junk). */
    public static long parse(String text) {
        if (text == null) {
            return INVALID;
        }
        String[] parts = text.split("\\.", -1);
        if (parts.length != 4) {
            return INVALID;
        }
        long value = 0;
        for (String part : parts) {
            if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(c -> c >= '0' && c <= '9')) {
                return INVALID;
            }
            int octet = Integer.parseInt(part);
            if (octet > 255) {
                return INVALID;
            }
            value = value << 8 | octet;
        }
        return value;
    }
}
