package io.proxybench.analysis.asn;

import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How the distinct exit IPs of a run's successful (status 200) records spread over autonomous systems: a target can
 * block a whole AS, so the largest AS's share is the part of the pool one such block takes out.
 *
 * @param uniqueAsns distinct ASes among the exit IPs
 * @param ipsPerAsn distinct exit IPs per AS, most first (ties by AS number)
 * @param unknownIps distinct exit IPs the table does not place (no range, AS 0, or not IPv4)
 * @param largestAsnShare share (0..1) of all distinct exit IPs, unknown ones included, inside the largest
 *     AS; 0 when there are none
 */
public record AsnStats(int uniqueAsns, List<AsnCount> ipsPerAsn, int unknownIps, double largestAsnShare) {

    /** The AS figures of distinct exit IPs (a run's successes' exits), placed by {@code ip2asn}. */
    public static AsnStats of(Collection<String> ips, AsnLookup ip2asn) {
        Map<Long, AsnCount> perAsn = new HashMap<>();
        int unknown = 0;
        for (String ip : ips) {
            Optional<AsnInfo> info = ip2asn.lookup(ip);
            if (info.isEmpty()) {
                unknown++;
                continue;
            }
            AsnInfo asn = info.get();
            perAsn.merge(asn.asn(), new AsnCount(asn.asn(), asn.description(), 1),
                    (a, b) -> new AsnCount(a.asn(), a.description(), a.exitIps() + 1));
        }
        List<AsnCount> ranked = perAsn.values().stream()
                .sorted(Comparator.comparingLong(AsnCount::exitIps).reversed()
                        .thenComparingLong(AsnCount::asn))
                .toList();
        double share = ranked.isEmpty() ? 0 : (double) ranked.get(0).exitIps() / ips.size();
        return new AsnStats(ranked.size(), ranked, unknown, share);
    }
}
