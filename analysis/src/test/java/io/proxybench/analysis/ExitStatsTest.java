package io.proxybench.analysis;

import static io.proxybench.analysis.Records.ok;
import static io.proxybench.analysis.Records.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class ExitStatsTest {

    @Test
    void countsExitsSubnetsCountriesAndTopShareOverSuccessesOnly() {
        ExitStats stats = ExitStats.of(List.of(
                ok("10.0.1.5", "US"),
                ok("10.0.1.5", "US"),
                ok("10.0.1.9", "US"),
                ok("10.0.2.1", "DE"),
                ok("192.168.7.7", null),
                ok("2001:db8::1", "DE"),
                ok(null, "US"),
                record(1, 403, "10.9.9.9", "FR", null, null),
                record(1, null, null, null, "tcp_ConnectException", null)));
        // IPs: 10.0.1.5, 10.0.1.9, 10.0.2.1, 192.168.7.7, 2001:db8::1 = 5 (the 403's 10.9.9.9 is not a success).
        assertThat(stats.uniqueIps()).isEqualTo(5);
        // /24s: 10.0.1, 10.0.2, 192.168.7 = 3; the IPv6 exit has no /24.
        assertThat(stats.uniqueSubnets()).isEqualTo(3);
        // US: rows 1, 2, 3, 7 = 4; DE: rows 4, 6 = 2; no loc on row 5; FR only on the 403.
        assertThat(stats.perCountry()).containsExactly(new Tally("US", 4), new Tally("DE", 2));
        // 6 successes carry an ip; 10.0.1.5 has 2 of them.
        assertThat(stats.topIpShare()).isCloseTo(2.0 / 6, within(1e-12));
    }

    @Test
    void equallyCommonCountriesComeInKeyOrder() {
        ExitStats stats = ExitStats.of(List.of(ok("1.1.1.1", "NL"), ok("1.1.1.2", "AT"), ok("1.1.2.1", "NL"),
                ok("1.1.2.2", "AT"), ok("1.1.3.1", "BE")));
        assertThat(stats.perCountry())
                .containsExactly(new Tally("AT", 2), new Tally("NL", 2), new Tally("BE", 1));
        assertThat(stats.topIpShare()).isCloseTo(0.2, within(1e-12));
    }

    @Test
    void noSuccessesGiveZeros() {
        assertThat(ExitStats.of(List.of(record(1, 429, "1.2.3.4", "US", null, null))))
                .isEqualTo(new ExitStats(0, 0, List.of(), 0));
    }
}
