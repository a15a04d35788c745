package io.proxybench.client.proxy;

import io.netty.util.NetUtil;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Hosts whose requests go direct instead of through a proxy, as a list of rules; immutable and thread-safe. Written
 * in curl's {@code NO_PROXY} syntax ({@link #noProxy}) or the JVM's {@code http.nonProxyHosts} ({@link
 * #nonProxyHosts}); names are never resolved, so a rule for an address matches only a URL that has that address as
 * its host.
 *
 * <p>{@code NO_PROXY} as curl reads it, with the differences marked:
 * <ul>
 *   <li>entries are separated by commas or blanks; empty entries are skipped; case does not matter, nor does a
 *       trailing dot on an entry or a host;
 *   <li>{@code *} bypasses every host (curl honours it only as the whole list; here it may be any entry);
 *   <li>{@code example.com}, {@code .example.com} and {@code *.example.com} all match {@code example.com} and its
 *       subdomains such as {@code www.example.com}, never {@code notexample.com} (curl takes no {@code *.});
 *   <li>an IP address ({@code 10.1.2.3}, {@code ::1}, {@code [::1]}) matches that address however it is written;
 *       a CIDR range ({@code 10.0.0.0/8}, {@code fe80::/10}) the addresses in it;
 *   <li>{@code host:port} ({@code example.com:8080}, {@code [::1]:8080}) matches only that port (curl ignores
 *       ports).
 * </ul>
 *
 * <p>{@code http.nonProxyHosts} as the JVM reads it: entries separated by {@code |}, each a host name or address
 * matched whole, with {@code *} for any text at its start or end ({@code *.example.com|localhost|127.*}); case does
 * not matter. {@code *.example.com} does not match {@code example.com} itself.
 */
public final class ProxyBypass {

    private static final ProxyBypass NONE = new ProxyBypass("none", List.of());
    /** A host name: dot-separated labels of letters, digits, '-' and '_'. */
    private static final Pattern NAME = Pattern.compile("[a-z0-9_-]+(\\.[a-z0-9_-]+)*");
    /** What reads as an IPv4 address, valid or not (e.g. 300.1.1.1 is no host name either). */
    private static final Pattern DOTTED_NUMBERS = Pattern.compile("[0-9.]+");
    /** A nonProxyHosts entry once its stars are off: a name, or an IPv4 or IPv6 address (or a part of one). */
    private static final Pattern PATTERN_TEXT = Pattern.compile("[a-z0-9_.:-]+");

    private final String shown;
    private final List<BypassRule> rules;

    private ProxyBypass(String shown, List<BypassRule> rules) {
        this.shown = shown;
        this.rules = List.copyOf(rules);
    }

    /**
     * No host bypasses the proxy.
     *
     * @return the empty list
     */
    public static ProxyBypass none() {
        return NONE;
    }

    /**
     * Reads a list in curl's {@code NO_PROXY} syntax (see the class comment).
     *
     * @param list e.g. {@code localhost,.internal.example,10.0.0.0/8,[::1]}; blank for none
     * @return the rules
     * @throws IllegalArgumentException naming the first entry that is not a host, domain, address, CIDR range or
     *     {@code host:port}
     */
    public static ProxyBypass noProxy(String list) {
        return noProxy(list, "NO_PROXY");
    }

    /**
     * As {@link #noProxy(String)}, naming {@code setting} (e.g. {@code no_proxy}) in its messages.
     */
    static ProxyBypass noProxy(String list, String setting) {
        Objects.requireNonNull(list, setting);
        List<BypassRule> rules = new ArrayList<>();
        for (String entry : list.split("[,\\s]+")) {
            if (!entry.isEmpty()) {
                rules.add(noProxyEntry(entry, setting));
            }
        }
        return new ProxyBypass(setting + " " + list.strip(), rules);
    }

    /**
     * Reads a list in the JVM's {@code http.nonProxyHosts} syntax (see the class comment).
     *
     * @param list e.g. {@code *.example.com|localhost|127.*}; blank for none
     * @return the rules
     * @throws IllegalArgumentException naming the first entry that is not a host or address with {@code *} at most
     *     at its start and end
     */
    public static ProxyBypass nonProxyHosts(String list) {
        Objects.requireNonNull(list, "http.nonProxyHosts");
        List<BypassRule> rules = new ArrayList<>();
        for (String raw : list.split("\\|")) {
            String entry = raw.strip().toLowerCase(Locale.ROOT);
            if (entry.isEmpty()) {
                continue;
            }
            boolean before = entry.startsWith("*");
            boolean after = entry.length() > 1 && entry.endsWith("*");
            String text = entry.substring(before ? 1 : 0, entry.length() - (after ? 1 : 0));
            if (text.isEmpty() && before) {
                rules.add(new BypassRule.Everything());
            } else if (PATTERN_TEXT.matcher(text).matches()) {
                rules.add(new BypassRule.Wildcard(text, before, after));
            } else {
                throw new IllegalArgumentException("http.nonProxyHosts entry \"" + raw.strip() + "\" is not a host"
                        + " or IP address with * at most at its start or end;"
                        + " write e.g. *.example.com|localhost|127.*");
            }
        }
        return new ProxyBypass("http.nonProxyHosts " + list.strip(), rules);
    }

    /**
     * Whether a request to this host goes direct.
     *
     * @param host a host name or IP address as in a URL ({@code [::1]} or {@code ::1}); case and a trailing dot do
     *     not matter
     * @param port the request's port, from 1 to 65535 (the scheme's default when the URL gives none)
     * @return true when a rule matches
     */
    public boolean matches(String host, int port) {
        if (rules.isEmpty() || host == null) {
            return false;
        }
        String h = host.toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        if (h.endsWith(".")) {
            h = h.substring(0, h.length() - 1);
        }
        byte[] address = NetUtil.createByteArrayFromIpAddressString(h);
        for (BypassRule rule : rules) {
            if (rule.matches(h, address, port)) {
                return true;
            }
        }
        return false;
    }

    /** The setting and the list as given, e.g. {@code NO_PROXY localhost,10.0.0.0/8}, or {@code none}. */
    @Override
    public String toString() {
        return shown;
    }

    private static BypassRule noProxyEntry(String entry, String setting) {
        if (entry.equals("*")) {
            return new BypassRule.Everything();
        }
        String e = entry.toLowerCase(Locale.ROOT);
        int slash = e.indexOf('/');
        if (slash >= 0) {
            byte[] network = address(e.substring(0, slash));
            int bits = network == null ? -1 : prefixBits(e.substring(slash + 1), network.length * 8);
            if (bits < 0) {
                throw notAnEntry(entry, setting);
            }
            return new BypassRule.Network(masked(network, bits), bits, BypassRule.ANY_PORT);
        }
        byte[] whole = address(e);
        if (whole != null) {
            return new BypassRule.Network(whole, whole.length * 8, BypassRule.ANY_PORT);
        }
        String host = e;
        int port = BypassRule.ANY_PORT;
        int colon = e.lastIndexOf(':');
        if (colon >= 0) {
            host = e.substring(0, colon);
            port = port(e.substring(colon + 1));
            if (port < 0) {
                throw new IllegalArgumentException(setting + " entry \"" + entry + "\" has port \""
                        + entry.substring(colon + 1) + "\", not a number from 1 to 65535; write e.g. example.com:8080");
            }
            byte[] hostAddress = address(host);
            if (hostAddress != null) {
                return new BypassRule.Network(hostAddress, hostAddress.length * 8, port);
            }
        }
        if (host.endsWith(".")) {
            host = host.substring(0, host.length() - 1);
        }
        host = host.startsWith("*.") ? host.substring(2) : host.startsWith(".") ? host.substring(1) : host;
        if (!NAME.matcher(host).matches() || DOTTED_NUMBERS.matcher(host).matches()) {
            throw notAnEntry(entry, setting);
        }
        return new BypassRule.Domain(host, port);
    }

    /** The bytes of an IPv4 address or an IPv6 one (bracketed or not), or null when {@code text} is neither. */
    private static byte[] address(String text) {
        String bare = text.startsWith("[") && text.endsWith("]") ? text.substring(1, text.length() - 1) : text;
        return NetUtil.isValidIpV4Address(bare) || NetUtil.isValidIpV6Address(bare)
                ? NetUtil.createByteArrayFromIpAddressString(bare) : null;
    }

    /** A prefix length from 0 to {@code max}, or -1. */
    private static int prefixBits(String text, int max) {
        int bits = number(text);
        return bits > max ? -1 : bits;
    }

    /** A port from 1 to 65535, or -1. */
    private static int port(String text) {
        int port = number(text);
        return port < 1 || port > 65535 ? -1 : port;
    }

    /** A decimal number of at most 5 digits, or -1. */
    private static int number(String text) {
        return text.isEmpty() || text.length() > 5 || !text.chars().allMatch(c -> c >= '0' && c <= '9') ? -1
                : Integer.parseInt(text);
    }

    /** {@code network} with the bits past {@code bits} cleared, so 10.1.2.3/8 is 10.0.0.0/8. */
    private static byte[] masked(byte[] network, int bits) {
        byte[] out = network.clone();
        for (int i = 0; i < out.length; i++) {
            int keep = Math.max(0, Math.min(8, bits - i * 8));
            out[i] &= (byte) (0xff << (8 - keep));
        }
        return out;
    }

    private static IllegalArgumentException notAnEntry(String entry, String setting) {
        return new IllegalArgumentException(setting + " entry \"" + entry + "\" is not a host, domain, IP address or"
                + " CIDR range; write e.g. example.com, .example.com, 10.0.0.0/8");
    }
}
