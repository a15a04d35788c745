package io.proxybench.analysis.report;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.proxybench.analysis.FigureNames;

import io.proxybench.analysis.Tally;
import io.proxybench.analysis.stats.ExitView;
import io.proxybench.analysis.stats.RunStatistics;
import java.util.List;

/**
 * How spread out the exits of a run's successes are, as seed 002's "Check subnet, ASN, and country distribution"
 * counts them.
 *
 * @param uniqueExits distinct exit IPs
 * @param uniqueSubnets distinct IPv4 /24 subnets among them; IPv6 exits are not counted
 * @param perCountry successful requests per exit country ({@code loc}), most common first
 * @param topIpShare share (0..1) of the successes with an exit IP that went out through the most-used one; near 1
 *     means no rotation (e.g. one reused tunnel)
 */
public record ExitFigures(@JsonProperty(FigureNames.UNIQUE_EXITS) int uniqueExits,
        @JsonProperty(FigureNames.UNIQUE_SUBNETS) int uniqueSubnets, @JsonProperty("per_country") List<Tally> perCountry,
        @JsonProperty("top_ip_share") double topIpShare) {

    static ExitFigures of(RunStatistics stats) {
        ExitView exits = stats.exits();
        return new ExitFigures(exits.uniqueIps(), exits.uniqueSubnets(), exits.okPerCountry(), exits.topShare());
    }
}
