package io.proxybench.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.analysis.report.html.Bar;
import io.proxybench.analysis.report.html.BarChart;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which measures get a chart: each on which the runs differ, with a bar (or a group) per run; none for the rest. */
class CompareChartsTest {

    private static List<BarChart> charts(List<ComparedRun> runs, String country, Double pricePerGb) {
        Comparison c = Comparison.of(runs.stream().map(r -> ColumnFigures.of(r, null, country, pricePerGb)).toList());
        return CompareCharts.of(c, runs);
    }

    private static List<String> kinds(List<BarChart> charts) {
        return charts.stream().map(BarChart::kind).toList();
    }

    @Test
    void runsAlikeGetNoChart() {
        assertThat(charts(List.of(Fixtures.runA(), Fixtures.runA().labelled("c")), "US", 4.0)).isEmpty();
    }

    @Test
    void onlyTheMeasuresThatDifferGetAChartWithABarPerRun() {
        // Three runs alike but for the bytes of the third: only bytes, and the cost they make, differ.
        List<BarChart> charts = charts(List.of(Fixtures.exact("x", 4, 1000), Fixtures.exact("y", 4, 1000),
                Fixtures.exact("z", 4, 3000)), null, 2.0);

        assertThat(kinds(charts)).containsExactly("compare-bytes", "compare-cost");
        BarChart bytes = charts.get(0);
        assertThat(bytes.title()).isEqualTo(CompareRow.BYTES.title());
        assertThat(bytes.bars()).extracting(Bar::label).containsExactly("x", "y", "z");
        assertThat(bytes.bars()).extracting(b -> b.values()[0]).containsExactly(1000.0, 1000.0, 3000.0);
        assertThat(bytes.svg()).contains("class=\"data\"");
    }

    @Test
    void everyMeasureTheRunsDifferOnGetsOne() {
        // a: failures, blocks, retries, sessions, new and reused tunnels, bytes; b: plain successes on reused
        // tunnels without bytes. No AS table and no country: no run has those.
        List<BarChart> charts = charts(List.of(Fixtures.runA(), Fixtures.runB()), null, 4.0);

        assertThat(kinds(charts)).containsExactly("compare-outcomes", "compare-scheduled", "compare-throughput",
                "compare-p99-tunnels", "compare-phase-total", "compare-success", "compare-failures", "compare-exits",
                "compare-sticky", "compare-blocks", "compare-bytes", "compare-handshakes", "compare-cost");
        assertThat(charts).allSatisfy(c -> assertThat(c.bars()).extracting(Bar::label).containsExactly("a", "b"));
        BarChart total = charts.get(4);
        assertThat(total.parts()).containsExactly("p50", "p90", "p99");
        assertThat(total.grouped()).isTrue();
        BarChart outcomes = charts.get(0);
        assertThat(outcomes.parts()).containsExactly("data", "hard block", "soft block", "proxy failure");
        assertThat(outcomes.bars().get(1).values()).containsExactly(12, 0, 0, 0);
        // b has no bytes, so no cost: its bar keeps its place without a value
        assertThat(charts.get(12).bars().get(1).values()).containsExactly(Double.NaN);
        // b's tunnels were all reused: it has no new-tunnel part (its p99 is HdrHistogram's 100 ms, within 0.1%)
        double[] reusedOnly = charts.get(3).bars().get(1).values();
        assertThat(reusedOnly[0]).isNaN();
        assertThat(reusedOnly[1]).isCloseTo(100.0, org.assertj.core.data.Offset.offset(0.1));
    }

    @Test
    void aMeasureNoRunHasGetsNoneAndOneOnlySomeRunsHaveGetsOne() {
        assertThat(kinds(charts(List.of(Fixtures.runA(), Fixtures.runB()), null, null)))
                .doesNotContain("compare-cost", "compare-asns", "compare-country");
        assertThat(kinds(charts(List.of(Fixtures.runA(), Fixtures.runB()), "DE", null))).contains("compare-country");
    }

    @Test
    void theChartsMustBeOfTheComparedRuns() {
        Comparison c = Comparison.of(List.of(ColumnFigures.of(Fixtures.runA(), null, null, null)));
        assertThatThrownBy(() -> CompareCharts.of(c, List.of(Fixtures.runB()))).hasMessageContaining("[b]");
    }
}
