package io.proxybench.analysis.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.analysis.Stats;
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
        List<Series> lines = RunCharts.throughput(Stats.of(records)).series();
        assertThat(lines.get(0).y()).containsExactly(1, 2, 0);
        assertThat(lines.get(1).y()).containsExactly(0, 0, 1);
    }

    @Test
    void phasePercentilesAreOneChartPerPhaseSeriesWithItsGaps() {
        double[] seconds = {1, 2, 3};
        PhaseSeries tls = new PhaseSeries("tls", seconds, new double[] {50, Double.NaN, 40},
                new double[] {90, Double.NaN, 80}, new double[] {99, Double.NaN, 95});
        List<LineChart> charts = RunCharts.phasePercentiles(List.of(tls, new PhaseSeries("total", seconds,
                new double[3], new double[3], new double[3])));
        assertThat(charts).extracting(LineChart::kind).containsExactly("phase-tls", "phase-total");
        assertThat(charts.get(0).series()).extracting(Series::name).containsExactly("p50", "p90", "p99");
        assertThat(charts.get(0).series().get(2).y()).containsExactly(99, Double.NaN, 95);
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
        var subnets = RunCharts.exitsPerSubnet(Stats.of(records));
        assertThat(subnets.bars()).hasSize(RunCharts.TOP_BARS);
        assertThat(subnets.bars().get(0).label()).isEqualTo("127.1.11.0/24");
        assertThat(subnets.bars().get(0).values()).containsExactly(4);
        assertThat(subnets.title()).contains("the 15 largest of 18");
        var countries = RunCharts.exitsPerCountry(Stats.of(records));
        // Even subnets (0,2,..,16: 9 of them) hold 1 or 3 hosts; odd ones (9) hold 2 or 4.
        assertThat(countries.bars()).extracting(b -> b.label()).containsExactly("DE", "US");
        assertThat(countries.bars().get(0).values()[0] + countries.bars().get(1).values()[0])
                .isEqualTo(records.size() / 2.0);
    }
}
