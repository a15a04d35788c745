package io.proxybench.experiments.owners;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class OwnersTableTest {

    @Test
    void labRowsShowEveryCount() {
        String text = OwnersTable.text(new OwnersResult(2, 150.0, "bursts", 25, List.of(
                new OwnersRow(OwnersExperiment.FORWARD, 16, 400, 0, 16, 352L, 400L, 352L, 400 / 352.0, "lab", 1,
                        310.0, 330.0),
                new OwnersRow(OwnersExperiment.SOCKS5, 16, 400, 0, 16, 16L, 400L, 16L, 25.0, "lab", 1, 155.0,
                        320.0))));

        assertThat(text.lines().findFirst().orElseThrow())
                .isEqualTo("lab: forward idle cap 2, exit-target round trip 150 ms; bursts stream, 25 rounds");
        assertThat(text).contains("req/conn").doesNotContain("unknown");
        assertThat(text.lines().filter(l -> l.startsWith("http-forward")).findFirst().orElseThrow())
                .contains(" 352 ").contains(" 1.1 ").contains(" 310 ");
        assertThat(text.lines().filter(l -> l.startsWith("socks5")).findFirst().orElseThrow()).contains(" 25.0 ");
        assertThat(text).doesNotContain("p99_ms -");
    }

    @Test
    void aLevelWithTooFewAnswersForAP99ShowsADashAndSaysWhy() {
        String text = OwnersTable.text(new OwnersResult(2, 150.0, "bursts", 5, List.of(
                new OwnersRow(OwnersExperiment.FORWARD, 1, 5, 0, 1, 1L, 5L, 1L, 5.0, "lab", 1, 151.0, null),
                new OwnersRow(OwnersExperiment.SOCKS5, 16, 80, 0, 16, 16L, 80L, 16L, 5.0, "lab", 1, 155.0,
                        170.0))));

        assertThat(text.lines().filter(l -> l.startsWith("http-forward")).findFirst().orElseThrow())
                .endsWith(" 151        -");
        assertThat(text).contains("p99_ms -: fewer than 20 answered requests at that lane and level");
    }

    @Test
    void whatARealProxyHidesIsPrintedAsUnknown() {
        String text = OwnersTable.text(new OwnersResult(null, null, "workers", 10, List.of(
                new OwnersRow(OwnersExperiment.FORWARD, 4, 40, 0, 4, null, null, null, null, "unknown", null, 80.0,
                        90.0),
                new OwnersRow(OwnersExperiment.SOCKS5, 4, 40, 0, 4, null, 40L, 4L, 10.0, "trace", 1, 40.0,
                        50.0))));

        assertThat(text).startsWith("real proxy; workers stream, 10 rounds");
        assertThat(text.lines().filter(l -> l.startsWith("http-forward")).findFirst().orElseThrow())
                .containsPattern("unknown +unknown +unknown +unknown");
        assertThat(text).contains("counted from the conn= ids").contains("unknown: the gateway's dials");
    }
}
