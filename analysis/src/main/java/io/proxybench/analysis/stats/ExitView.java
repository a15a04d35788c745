package io.proxybench.analysis.stats;

import io.proxybench.analysis.BlockCount;
import io.proxybench.analysis.Tally;
import io.proxybench.analysis.asn.Ipv4;
import io.proxybench.records.Outcome;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Where a run's requests left, read from its {@link RunStatistics}: the exit IPs the target reported, their /24s
 * and countries, blocks per exit, and whether sticky sessions kept their exit. Exit figures are over the successes
 * unless they say otherwise, and over the tracked exits and sessions only ({@link RunStatistics#bounds()} says when
 * some were not). Reads the statistics as they are at each call.
 */
public final class ExitView {

    private final RunStatistics s;
    private final ExitTable table;

    ExitView(RunStatistics statistics) {
        this.s = statistics;
        this.table = statistics.exitTable;
    }

    /** Distinct exit IPs of the successes. */
    public int uniqueIps() {
        return (int) exits().stream().filter(e -> e.ok > 0).count();
    }

    /** The distinct exit IPs of the successes, in no order. */
    public Set<String> ips() {
        Set<String> ips = new HashSet<>();
        table.exits().forEach((ip, e) -> {
            if (e.ok > 0) {
                ips.add(ip);
            }
        });
        return ips;
    }

    /** Distinct IPv4 /24 subnets among the successes' exit IPs (IPv6 exits are not counted). */
    public int uniqueSubnets() {
        Set<Long> subnets = new HashSet<>();
        for (String ip : ips()) {
            long address = Ipv4.parse(ip);
            if (address != Ipv4.INVALID) {
                subnets.add(address >>> 8);
            }
        }
        return subnets.size();
    }

    /** Successes per exit country ({@code loc}), most common first, ties in code order. */
    public List<Tally> okPerCountry() {
        return Tally.mostCommonFirst(s.okPerCountry.toMap());
    }

    /** Share (0..1) of the successes with an exit IP that went out through the most-used one; 0 when none has one. */
    public double topShare() {
        long withIp = 0;
        long top = 0;
        for (ExitTable.Exit e : exits()) {
            withIp += e.ok;
            top = Math.max(top, e.ok);
        }
        return withIp == 0 ? 0 : (double) top / withIp;
    }

    /** Distinct exit IPs of the successes the target placed in {@code country} (ISO code, any case). */
    public int ipsIn(String country) {
        return (int) exits().stream()
                .filter(e -> e.ok > 0 && e.okLocs.stream().anyMatch(country::equalsIgnoreCase)).count();
    }

    /** Distinct exit IPs of the successes per group: their /24 ({@code a.b.c.0/24}) or their country. */
    public Map<String, Long> ipsPer(boolean subnet) {
        Map<String, Long> groups = new HashMap<>();
        table.exits().forEach((ip, e) -> {
            if (e.ok == 0) {
                return;
            }
            if (subnet) {
                if (Ipv4.parse(ip) != Ipv4.INVALID) {
                    groups.merge(ip.substring(0, ip.lastIndexOf('.')) + ".0/24", 1L, Long::sum);
                }
            } else {
                e.okLocs.forEach(loc -> groups.merge(loc, 1L, Long::sum));
            }
        });
        return groups;
    }

    /** Block figures per exit IP, of every record that reported one; IP text order. */
    public SortedMap<String, BlockCount> blocks() {
        SortedMap<String, BlockCount> perIp = new TreeMap<>();
        table.exits().forEach((ip, e) -> perIp.put(ip, new BlockCount(e.requests(),
                e.outcome(Outcome.PROXY_FAILURE), e.outcome(Outcome.HARD_BLOCK), e.outcome(Outcome.SOFT_BLOCK))));
        return perIp;
    }

    /** Sticky sessions with at least two successes that reported an exit IP. */
    public long judgedSessions() {
        return s.sessions.judged();
    }

    /** Those of them whose successes all left through one exit IP. */
    public long stickySessionsKept() {
        return s.sessions.kept();
    }

    private Collection<ExitTable.Exit> exits() {
        return table.exits().values();
    }
}
