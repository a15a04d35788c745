package io.proxybench.lab.gateway;

import io.netty.util.NetUtil;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the gateway may tunnel to: a list of CIDR blocks, loopback only ({@code 127.0.0.0/8}) unless widened, so
 * the lab is never an open proxy, and on those the {@link AllowedPorts} (all by default).
 *
 * <p>A destination named by a host name is decided before any lookup ({@link #mayResolve}): while only loopback is
 * allowed, a name is looked up only when it is a loopback name ({@code localhost}, {@code *.localhost}, RFC 6761), so
 * no client makes the lab send a DNS query for a name it will refuse anyway. Once the rules are widened, a name is
 * resolved once and what it resolves to is checked ({@link #allows}).
 */
public final class DestinationPolicy {

    public static final String LOOPBACK = "127.0.0.0/8";

    private final List<String> rules;
    private final AllowedPorts ports;
    private final List<byte[]> networks = new ArrayList<>();
    private final List<Integer> prefixes = new ArrayList<>();

    private DestinationPolicy(List<String> rules, AllowedPorts ports) {
        this.rules = List.copyOf(rules);
        this.ports = ports;
        for (String rule : rules) {
            int slash = rule.indexOf('/');
            String host = slash < 0 ? rule : rule.substring(0, slash);
            byte[] address = NetUtil.createByteArrayFromIpAddressString(host);
            if (address == null) {
                throw new IllegalArgumentException("destination rule '" + rule
                        + "' is not an IP address or CIDR block; use forms like 127.0.0.0/8, 10.1.2.3 or ::1/128");
            }
            int prefix;
            try {
                prefix = slash < 0 ? address.length * 8 : Integer.parseInt(rule.substring(slash + 1));
            } catch (NumberFormatException e) {
                prefix = -1;
            }
            if (prefix < 0 || prefix > address.length * 8) {
                throw new IllegalArgumentException("destination rule '" + rule + "' has a prefix length outside 0.."
                        + address.length * 8);
            }
            networks.add(address);
            prefixes.add(prefix);
        }
    }

    /** Loopback plus each of {@code extraRules} (CIDR blocks or single addresses), any port. */
    public static DestinationPolicy loopbackAnd(List<String> extraRules) {
        return loopbackAnd(extraRules, AllowedPorts.ALL);
    }

    /** Loopback plus each of {@code extraRules} (CIDR blocks or single addresses), on {@code ports} only. */
    public static DestinationPolicy loopbackAnd(List<String> extraRules, AllowedPorts ports) {
        List<String> rules = new ArrayList<>();
        rules.add(LOOPBACK);
        rules.addAll(extraRules);
        return new DestinationPolicy(rules, ports);
    }

    /**
     * Whether {@code host}, as a client named it, may be looked up at all: an IP literal always (its value is then
     * checked), a loopback name always, any other name only when the rules go beyond loopback.
     */
    public boolean mayResolve(String host) {
        if (NetUtil.isValidIpV4Address(host) || NetUtil.isValidIpV6Address(host)) {
            return true;
        }
        String name = host.toLowerCase(java.util.Locale.ROOT);
        if (name.endsWith(".")) {
            name = name.substring(0, name.length() - 1);
        }
        return name.equals("localhost") || name.endsWith(".localhost") || rules.size() > 1;
    }

    /**
     * Why a name {@link #mayResolve} refused is refused, naming the rule and the option that widens it.
     *
     * @param named the destination as the client named it, {@code host:port}
     */
    public String nameRefusal(String named) {
        return "destination " + named + " is a host name, and the lab's allowed destinations " + rules
                + " admit names only for loopback (localhost); the lab does not look it up. Widen them with"
                + " --allow-destination CIDR to have names resolved and their addresses checked";
    }

    public boolean allows(InetSocketAddress destination) {
        return allows(destination.getAddress()) && ports.allows(destination.getPort());
    }

    private boolean allows(InetAddress address) {
        byte[] bytes = address.getAddress();
        for (int i = 0; i < networks.size(); i++) {
            if (matches(networks.get(i), prefixes.get(i), bytes)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matches(byte[] network, int prefix, byte[] address) {
        if (network.length != address.length) {
            return false;
        }
        for (int bit = 0; bit < prefix; bit++) {
            int mask = 0x80 >>> (bit % 8);
            if ((network[bit / 8] & mask) != (address[bit / 8] & mask)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Why {@code destination} is refused, naming the rule it breaks and the option that widens it.
     *
     * @param named the destination as the client named it
     */
    public String refusal(InetSocketAddress destination, String named) {
        if (!allows(destination.getAddress())) {
            return "destination " + named + " is outside the lab's allowed destinations " + rules
                    + "; widen them with --allow-destination CIDR";
        }
        return "port " + destination.getPort() + " of destination " + named + " is outside the lab's allowed ports "
                + ports + "; widen them with --allow-ports " + ports + "," + destination.getPort();
    }

    public List<String> rules() {
        return rules;
    }
}
