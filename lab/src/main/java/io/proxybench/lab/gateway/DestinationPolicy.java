package io.proxybench.lab.gateway;

import io.netty.util.NetUtil;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the gateway may tunnel to: a list of CIDR blocks, loopback only ({@code 127.0.0.0/8}) unless widened, so
 * the lab is never an open proxy.
 */
public final class DestinationPolicy {

    public static final String LOOPBACK = "127.0.0.0/8";

    private final List<String> rules;
    private final List<byte[]> networks = new ArrayList<>();
    private final List<Integer> prefixes = new ArrayList<>();

    private DestinationPolicy(List<String> rules) {
        this.rules = List.copyOf(rules);
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

    /** Loopback plus each of {@code extraRules} (CIDR blocks or single addresses). */
    public static DestinationPolicy loopbackAnd(List<String> extraRules) {
        List<String> rules = new ArrayList<>();
        rules.add(LOOPBACK);
        rules.addAll(extraRules);
        return new DestinationPolicy(rules);
    }

    public boolean allows(InetAddress address) {
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

    /** Why {@code destination} is refused, naming the rules and the option that widens them. */
    public String refusal(String destination) {
        return "destination " + destination + " is outside the lab's allowed destinations " + rules
                + "; widen them with --allow-destination CIDR";
    }

    public List<String> rules() {
        return rules;
    }
}
