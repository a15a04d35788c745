package io.proxybench.analysis.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ComparisonTest {

    private static Comparison fixture() {
        return Comparison.of(List.of(ColumnFigures.of(Fixtures.runA(), null, "US", 4.0),
                ColumnFigures.of(Fixtures.runB(), null, "US", 2.0)));
    }

    private static Map<String, Comparison.Row> rows(Comparison c) {
        return c.rows().stream().collect(Collectors.toMap(Comparison.Row::key, Function.identity()));
    }

    @Test
    void theBestOfEachRowIsTheRunWithTheBetterValue() {
        Map<String, Comparison.Row> rows = rows(fixture());
        assertEquals(List.of("a"), rows.get("steady_rps").best());
        assertEquals(List.of("b"), rows.get("p99(total,reused)").best());
        assertEquals(List.of("b"), rows.get("ok_after_one_retry").best());
        assertEquals(List.of("a"), rows.get("unique_subnets").best());
        assertEquals(List.of("a"), rows.get("ips_in_country").best());
        assertEquals(List.of("a"), rows.get("http2_to_proxy").best());
        assertEquals(List.of("b"), rows.get("hard_block_rate").best());
        assertEquals(List.of("b"), rows.get("soft_block_rate").best());
    }

    @Test
    void aFigureOnlyOneRunHasIsNotMarkedAndContextRowsNeverAre() {
        Map<String, Comparison.Row> rows = rows(fixture());
        assertEquals(List.of(), rows.get("p99(total,new)").best());
        assertEquals(List.of(), rows.get("sticky_kept").best());
        assertEquals(List.of(), rows.get("cost_per_1000_accepted").best());
        assertEquals(List.of(), rows.get("bytes_per_success").best());
        assertEquals(List.of(), rows.get("failures_by_phase").best());
        assertEquals(List.of(), rows.get("records").best());
    }

    @Test
    void tiesMarkEveryTiedRunAndEqualValuesMarkNone() {
        ColumnFigures a = ColumnFigures.of(Fixtures.runA(), null, null, null);
        ColumnFigures again = ColumnFigures.of(Fixtures.runA().labelled("c"), null, null, null);
        ColumnFigures b = ColumnFigures.of(Fixtures.runB(), null, null, null);
        Map<String, Comparison.Row> rows = rows(Comparison.of(List.of(a, b, again)));
        assertEquals(List.of("a", "c"), rows.get("unique_subnets").best());
        assertEquals(List.of("b"), rows.get("p99(total,reused)").best());
        Map<String, Comparison.Row> same = rows(Comparison.of(List.of(a, again)));
        assertEquals(List.of(), same.get("unique_subnets").best());
    }

    @Test
    void cellsAndTheTextShowTheFiguresWithTheBestStarred() {
        Comparison c = fixture();
        Map<String, Comparison.Row> rows = rows(c);
        assertEquals(List.of("3 at 1.7 in flight", "2 at 0.4 in flight"), rows.get("steady_rps").cells());
        assertEquals(List.of("64.29% (2 retried, 1 ok later)", "100.00% (0 retried)"),
                rows.get("ok_after_one_retry").cells());
        assertEquals(List.of("connect 1, status 2, tls 1", "none"), rows.get("failures_by_phase").cells());
        assertEquals(List.of(">= 0.0124", "-"), rows.get("cost_per_1000_accepted").cells());
        assertEquals(List.of(">= 3,100", "-"), rows.get("bytes_per_success").cells());
        assertEquals(List.of("yes, 1.5 tunnels/conn", "no"), rows.get("http2_to_proxy").cells());
        assertEquals(List.of("8.33% (1)", "0.00% (0)"), rows.get("hard_block_rate").cells());
        String text = c.text();
        assertTrue(text.lines().anyMatch(l -> l.startsWith("steady successful req/s") && l.contains("3 at 1.7 in"
                + " flight *") && !l.contains("0.4 in flight *")), text);
        assertTrue(text.contains("*: best in its row"), text);
    }

    @Test
    void anExactRunIsBestOnlyBelowEveryLowerBoundAndBoundsAreNamed() {
        ColumnFigures small = ColumnFigures.of(Fixtures.exact("small", 4, 1000), null, null, 2.0);
        ColumnFigures large = ColumnFigures.of(Fixtures.exact("large", 4, 3000), null, null, 2.0);
        Map<String, Comparison.Row> exact = rows(Comparison.of(List.of(small, large)));
        assertEquals(List.of("small"), exact.get("bytes_per_success").best());
        assertEquals(List.of("small"), exact.get("cost_per_1000_accepted").best());
        assertEquals(List.of("1,000", "3,000"), exact.get("bytes_per_success").cells());

        // a: at least 3,100 bytes per success, at least 2.0 x 31,000 / 10^9 per 10 accepted x 1,000 = 0.0062
        ColumnFigures shared = ColumnFigures.of(Fixtures.runA(), null, null, 2.0);
        Comparison below = Comparison.of(List.of(small, shared));
        assertEquals(List.of("small"), rows(below).get("bytes_per_success").best());
        assertEquals(List.of("small"), rows(below).get("cost_per_1000_accepted").best());
        Comparison above = Comparison.of(List.of(large, shared));
        // large's 3,000 is below a's bound of 3,100: the best whatever a's real figure
        assertEquals(List.of("large"), rows(above).get("bytes_per_success").best());
        ColumnFigures huge = ColumnFigures.of(Fixtures.exact("huge", 4, 4000), null, null, 2.0);
        assertEquals(List.of(), rows(Comparison.of(List.of(huge, shared))).get("bytes_per_success").best());
        // large: 2.0 x 12,000 / 10^9 per 4 accepted x 1,000 = 0.006, below a's bound of 0.0062
        assertEquals(List.of("large"), rows(above).get("cost_per_1000_accepted").best());
        assertTrue(above.notes().stream().anyMatch(n -> n.startsWith("bytes of a are a lower bound (>=)")),
                above.notes().toString());
    }

    @Test
    void recordsWithoutReusedShowTheirP99OverAllSuccessesAndSaySo() {
        Comparison c = Comparison.of(List.of(ColumnFigures.of(Fixtures.exact("seed", 4, 1000), null, null, null)));
        assertEquals(List.of("200 ms"), rows(c).get("p99(total)").cells());
        assertEquals(List.of("-"), rows(c).get("p99(total,new)").cells());
        assertTrue(c.notes().stream().anyMatch(n -> n.startsWith("seed's records do not say whether a tunnel was new")),
                c.notes().toString());
    }

    @Test
    void anUncheckedExpectationIsNamed() {
        Comparison c = Comparison.of(List.of(ColumnFigures.of(Fixtures.runB(
                io.proxybench.analysis.Expect.of("price", null)), null, null, null)));
        assertTrue(c.notes().stream().anyMatch(n -> n.startsWith("b: 12 answered records carry no body")),
                c.notes().toString());
    }

    @Test
    void rowsNoRunCanFillAreLeftOutAndNamed() {
        Comparison c = Comparison.of(List.of(ColumnFigures.of(Fixtures.runA(), null, null, null),
                ColumnFigures.of(Fixtures.runB(), null, null, null)));
        Map<String, Comparison.Row> rows = rows(c);
        assertTrue(!rows.containsKey("unique_asns") && !rows.containsKey("ips_in_country")
                && !rows.containsKey("cost_per_1000_accepted"), rows.keySet().toString());
        assertTrue(c.notes().stream().anyMatch(n -> n.contains("--ip2asn")), c.notes().toString());
        assertTrue(c.notes().stream().anyMatch(n -> n.contains("--country")), c.notes().toString());
        assertTrue(c.notes().stream().anyMatch(n -> n.contains("--price-per-gb")), c.notes().toString());
    }

    @Test
    void runsScheduledAtDifferentRatesAreNamed() {
        Comparison c = fixture();
        assertTrue(c.notes().stream().anyMatch(n -> n.contains("different rates (a 4.3, b 2.0 req/s)")),
                c.notes().toString());
        Comparison same = Comparison.of(List.of(ColumnFigures.of(Fixtures.runB(), null, null, null)));
        assertTrue(same.notes().stream().noneMatch(n -> n.contains("different rates")), same.notes().toString());
    }

    @Test
    void theJsonHoldsTheFiguresAndTheRows() throws Exception {
        JsonNode json = new ObjectMapper().readTree(fixture().json());
        assertEquals(2, json.get("runs").size());
        assertEquals(0.0124, json.get("runs").get(0).get("cost_per_1000_accepted").asDouble(), 1e-12);
        assertEquals(31_000, json.get("runs").get(0).get("wire_bytes").asLong());
        JsonNode steady = json.get("rows").get(2);
        assertTrue(json.get("runs").get(0).get("bytes_lower_bound").asBoolean());
        assertEquals("steady_rps", steady.get("key").asText());
        assertEquals("a", steady.get("best").get(0).asText());
    }
}
