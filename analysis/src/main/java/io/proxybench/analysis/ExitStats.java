package io.proxybench.analysis;

import io.proxybench.analysis.asn.Ipv4;
import io.proxybench.records.RequestRecord;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How spread out the exits of a run are, over its successful (status 200) records, as seed 002's "Check
 * subnet, ASN, and country distribution" counts them. Records without {@code ip} (or {@code loc}) are left
 * out of the figures that need it.
 *
 * @param uniqueIps distinct exit IPs
 * @param uniqueSubnets distinct IPv4 /24 subnets (first three octets) among them; IPv6 exits are not counted
 * @param perCountry successful requests per exit country ({@code loc}), most common first
 * @param topIpShare share (0..1) of the successful requests with an {@code ip} that went out through the
 *     most-used exit IP; 0 when none has an {@code ip}. Near 1 means no rotation (e.g. one reused tunnel).
 */
public record ExitStats(int uniqueIps, int uniqueSubnets, List<Tally> perCountry, double topIpShare) {

    /** The exit figures of the successful records among {@code records}. */
    public static ExitStats of(List<RequestRecord> records) {
        Map<String, Long> perIp = new HashMap<>();
        Set<Long> subnets = new HashSet<>();
        Map<String, Long> perCountry = new HashMap<>();
        long withIp = 0;
        for (RequestRecord r : records) {
            if (!r.ok()) {
                continue;
            }
            if (r.ip() != null) {
                withIp++;
                perIp.merge(r.ip(), 1L, Long::sum);
                long address = Ipv4.parse(r.ip());
                if (address != Ipv4.INVALID) {
                    subnets.add(address >>> 8);
                }
            }
            if (r.loc() != null) {
                perCountry.merge(r.loc(), 1L, Long::sum);
            }
        }
        long top = perIp.values().stream().mapToLong(Long::longValue).max().orElse(0);
        double topShare = withIp == 0 ? 0 : (double) top / withIp;
        return new ExitStats(perIp.size(), subnets.size(), Tally.mostCommonFirst(perCountry), topShare);
    }
}
