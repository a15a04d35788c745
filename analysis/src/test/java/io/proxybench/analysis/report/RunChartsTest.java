package io.proxybench.analysis.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.records.RequestRecord;
import io.proxybench.analysis.report.html.LineChart;
import io.proxybench.analysis.report.html.Series;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The run's charts count what the records hold, per second and per exit group. */
class RunChartsTest {

    private static RequestRecord ok(double sched, double done, double tls, String ip, String loc) {
        return RequestRecord.builder(sched, done).status(200).total(done - sched).tls(tls).ip(ip).loc(loc).build();
    }

    @Test
    void throughputCountsResponsesBySecondDoneAndKeepsFailuresApart() {
        List<RequestRecord> records = List.of(ok(0, 0.5, 0.1, "127.1.1.1", "US"), ok(0.2, 1.9, 0.1, "127.1.1.2", "US"),
                ok(1, 1.1, 0.1, "127.1.1.1", "US"), RequestRecord.builder(1.5, 2.5).error("tls_Timeout").build());
        List<Series> lines = RunCharts.throughput(records).series();
        assertThat(lines.get(0).y()).containsExactly(1, 2, 0);
        assertThat(lines.get(1).y()).containsExactly(0, 0, 1);
    }

    @Test
    void phasePercentilesArePerScheduledSecondInMillisecondsWithGaps() {
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 1; i <= 100; i++) {
            records.add(ok(0.001 * i, 0.5, i / 1000.0, "127.1.1.1", "US")); // second 0: tls 1..100 ms
        }
        records.add(RequestRecord.builder(2.5, 2.6).status(200).total(0.1).build()); // second 2: no tls phase
        LineChart tls = RunCharts.phasePercentiles(records).stream().filter(c -> c.kind().equals("phase-tls"))
                .findFirst().orElseThrow();
        Series p50 = tls.series().get(0);
        Series p99 = tls.series().get(2);
        assertThat(p50.y()[0]).isCloseTo(50.5, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(p99.y()[0]).isCloseTo(99.01, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(p50.y()[1]).isNaN();
        assertThat(p50.y()[2]).isNaN();
        assertThat(RunCharts.phasePercentiles(records)).extracting(LineChart::kind)
                .containsExactly("phase-tls", "phase-total");
    }

    @Test
    void exitsAreDistinctIpsPerSubnetAndCountryLargestFirstAndOnlyTheTopOnes() {
        List<RequestRecord> records = new ArrayList<>();
        for (int subnet = 0; subnet < RunCharts.TOP_BARS + 3; subnet++) {
            for (int host = 0; host <= subnet % 4; host++) {
                records.add(ok(0, 0.1, 0.1, "127.1." + subnet + "." + host, subnet % 2 == 0 ? "US" : "DE"));
                records.add(ok(0, 0.1, 0.1, "127.1." + subnet + "." + host, subnet % 2 == 0 ? "US" : "DE"));
            }
        }
        var subnets = RunCharts.exitsPerSubnet(records);
        assertThat(subnets.bars()).hasSize(RunCharts.TOP_BARS);
        assertThat(subnets.bars().get(0).label()).isEqualTo("127.1.11.0/24");
        assertThat(subnets.bars().get(0).values()).containsExactly(4);
        assertThat(subnets.title()).contains("the 15 largest of 18");
        var countries = RunCharts.exitsPerCountry(records);
        // Even subnets (0,2,..,16: 9 of them) hold 1 or 3 hosts; odd ones (9) hold 2 or 4.
        assertThat(countries.bars()).extracting(b -> b.label()).containsExactly("DE", "US");
        assertThat(countries.bars().get(0).values()[0] + countries.bars().get(1).values()[0])
                .isEqualTo(records.size() / 2.0);
    }
}
