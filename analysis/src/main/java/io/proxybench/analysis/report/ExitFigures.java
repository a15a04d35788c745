package io.proxybench.analysis.report;

import io.proxybench.analysis.Tally;
import io.proxybench.analysis.stats.RunStatistics;
import java.util.List;

/**
 * How spread out the exits of a run's successes are, as seed 002's "Check subnet, ASN, and country distribution"
 * counts them.
 *
 * @param uniqueIps distinct exit IPs
 * @param uniqueSubnets distinct IPv4 /24 subnets among them; IPv6 exits are not counted
 * @param perCountry successful requests per exit country ({@code loc}), most common first
 * @param topIpShare share (0..1) of the successes with an exit IP that went out through the most-used one; near 1
 *     means no rotation (e.g. one reused tunnel)
 */
public record ExitFigures(int uniqueIps, int uniqueSubnets, List<Tally> perCountry, double topIpShare) {

    static ExitFigures of(RunStatistics stats) {
        return new ExitFigures(stats.uniqueExitIps(), stats.uniqueSubnets(), stats.okPerCountry(),
                stats.topExitShare());
    }
}
