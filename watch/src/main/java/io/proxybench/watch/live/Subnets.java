package io.proxybench.watch.live;

/** An exit IP's network, as the live figures count them: its /24 for IPv4, its /48 for IPv6. */
final class Subnets {

    private Subnets() {}

    /** {@code 203.0.113.0/24} for {@code 203.0.113.7}; {@code 2001:db8:1::/48} for an IPv6 address. */
    static String of(String ip) {
        if (ip.indexOf(':') >= 0) {
            String[] groups = ip.split(":", -1);
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < Math.min(3, groups.length); i++) {
                b.append(groups[i].isEmpty() ? "0" : groups[i]).append(':');
            }
            return b.append(":/48").toString();
        }
        int last = ip.lastIndexOf('.');
        return (last < 0 ? ip : ip.substring(0, last)) + ".0/24";
    }
}
