package io.proxybench.experiments.ramp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.records.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Ramp steps and their verdict from hand-made records: no network. */
class RampVerdictTest {

    private static final RampThresholds ONE_PERCENT = new RampThresholds(0.01, null);

    /**
     * {@code ok} successes of 10 ms each except the last twentieth (rounded down), of 90 ms, then the failures; all
     * within the first second.
     */
    private static List<RequestRecord> records(int ok, int refused, int blocked, int timedOut) {
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < ok; i++) {
            double total = i >= ok - ok / 20 ? 0.09 : 0.01;
            records.add(RequestRecord.builder(i / 1000.0, i / 1000.0 + total).total(total).status(200).build());
        }
        for (int i = 0; i < refused; i++) {
            records.add(RequestRecord.builder(0.5, 0.501).total(0.001).error("connect_429").build());
        }
        for (int i = 0; i < blocked; i++) {
            records.add(RequestRecord.builder(0.5, 0.51).total(0.01).status(429).build());
        }
        for (int i = 0; i < timedOut; i++) {
            records.add(RequestRecord.builder(0, 1.0).total(1.0).error("tls_TimeoutException").build());
        }
        return records;
    }

    private static RampStep step(int concurrency, int ok, int refused, int blocked, int timedOut) {
        return RampStep.of(concurrency, records(ok, refused, blocked, timedOut), ONE_PERCENT);
    }

    @Test
    void aStepCountsEachRequestOnceBySideAndLabel() {
        RampStep s = step(30, 80, 15, 3, 2);
        assertThat(s.requests()).isEqualTo(100);
        assertThat(s.ok()).isEqualTo(80);
        assertThat(s.gatewayRefusals()).isEqualTo(15);
        assertThat(s.targetBlocks()).isEqualTo(3);
        assertThat(s.otherFailures()).isEqualTo(2);
        assertThat(s.errorShare()).isEqualTo(0.2);
        assertThat(s.failures()).isEqualTo(Map.of("gateway", Map.of("connect_429", 15L),
                "target", Map.of("hard_block_429", 3L), "other", Map.of("tls_TimeoutException", 2L)));
        assertThat(s.seconds()).isEqualTo(1.0);
        assertThat(s.requestsPerSecond()).isEqualTo(100.0);
        assertThat(s.p50Ms()).isEqualTo(10.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(s.p99Ms()).isGreaterThan(10.0);
        assertThat(s.past()).isTrue();
    }

    @Test
    void aStepIsPastWhenItsErrorsExceedTheShareOrItsP99TheLatency() {
        assertThat(step(10, 99, 1, 0, 0).past()).as("1% is not over 1%").isFalse();
        assertThat(step(10, 98, 2, 0, 0).past()).isTrue();
        List<RequestRecord> slowTail = records(100, 0, 0, 0);
        assertThat(RampStep.of(10, slowTail, new RampThresholds(0.01, 50.0)).past()).as("p99 90 ms").isTrue();
        assertThat(RampStep.of(10, slowTail, new RampThresholds(0.01, 100.0)).past()).isFalse();
    }

    @Test
    void gatewayRefusalsPastCleanStepsShowThePlansLimit() {
        RampVerdict v = RampVerdict.of(List.of(step(10, 100, 0, 0, 0), step(20, 100, 1, 0, 0),
                step(30, 80, 20, 0, 0)), ONE_PERCENT);
        assertThat(v.limitAt()).isEqualTo(30);
        assertThat(v.lastClean()).isEqualTo(20);
        assertThat(v.cleanUpTo()).isNull();
        assertThat(v.cause()).isEqualTo("gateway");
        assertThat(v.share()).isEqualTo(0.2);
        assertThat(v.label()).isEqualTo("connect_429");
        assertThat(v.text()).isEqualTo("limit shows at concurrency 30: 20.0% of requests refused by the gateway"
                + " (connect_429); last clean step: 20");
    }

    @Test
    void targetBlocksAreNotBlamedOnTheGateway() {
        RampVerdict v = RampVerdict.of(List.of(step(10, 100, 0, 0, 0), step(20, 90, 2, 8, 0)), ONE_PERCENT);
        assertThat(v.cause()).isEqualTo("target");
        assertThat(v.text()).isEqualTo("target blocks at concurrency 20: 8.0% of requests blocked by the target"
                + " (hard_block_429), not refused by the gateway: the target's limit, not the plan's; last clean step:"
                + " 10");
    }

    @Test
    void otherFailuresAreNamedAsNeitherSide() {
        RampVerdict v = RampVerdict.of(List.of(step(10, 50, 0, 0, 50)), ONE_PERCENT);
        assertThat(v.cause()).isEqualTo("other");
        assertThat(v.lastClean()).isNull();
        assertThat(v.text()).isEqualTo("failures at concurrency 10: 50.0% of requests failed (tls_TimeoutException),"
                + " neither refused by the gateway nor blocked by the target; last clean step: none (start lower with"
                + " --from)");
    }

    @Test
    void latencyAloneCanShowTheLimit() {
        RampThresholds fast = new RampThresholds(0.01, 50.0);
        RampStep clean = RampStep.of(10, records(10, 0, 0, 0), fast);
        RampStep slow = RampStep.of(20, records(100, 0, 0, 0), fast);
        RampVerdict v = RampVerdict.of(List.of(clean, slow), fast);
        assertThat(v.cause()).isEqualTo("latency");
        assertThat(v.share()).isNull();
        assertThat(v.text()).isEqualTo("latency limit at concurrency 20: p99 90 ms over --max-p99 50 ms; last clean"
                + " step: 10");
    }

    @Test
    void noStepPastIsNoLimitUpToTheLast() {
        RampVerdict v = RampVerdict.of(List.of(step(10, 100, 0, 0, 0), step(20, 100, 1, 0, 0)), ONE_PERCENT);
        assertThat(v.limitAt()).isNull();
        assertThat(v.cleanUpTo()).isEqualTo(20);
        assertThat(v.text()).isEqualTo("no limit up to concurrency 20: every step within the thresholds");
    }

    @Test
    void theTableShowsEveryStepItsLabelsAndTheVerdict() {
        List<RampStep> steps = List.of(step(10, 100, 0, 0, 0), step(20, 80, 20, 0, 0));
        String table = RampTable.text(new RampResult(List.of("http://lab:****@127.0.0.1:3128"),
                "https://127.0.0.1:8443/cdn-cgi/trace", 15, 2.0, 0.01, null, steps,
                RampVerdict.of(steps, ONE_PERCENT)));
        assertThat(table).contains("ramp through http://lab:****@127.0.0.1:3128 to https://127.0.0.1:8443/cdn-cgi/trace"
                + " (lab, per-user limit 15)")
                .contains("       20 *      100       80")
                .contains("gateway: connect_429 20")
                .endsWith("verdict: limit shows at concurrency 20: 20.0% of requests refused by the gateway"
                        + " (connect_429); last clean step: 10\n");
    }

    @Test
    void levelsRiseByTheStepAndBadOnesNameTheFix() {
        assertThat(RampExperiment.levels(10, 10, 45)).containsExactly(10, 20, 30, 40);
        assertThat(RampExperiment.levels(5, 1, 5)).containsExactly(5);
        assertThatThrownBy(() -> RampExperiment.levels(10, 0, 50)).hasMessage("--step 0 must be at least 1: each"
                + " step adds that many workers");
        assertThatThrownBy(() -> RampExperiment.levels(50, 10, 20)).hasMessageContaining("--from 50 is above --to 20")
                .hasMessageContaining("lower --from or raise --to");
        assertThatThrownBy(() -> RampExperiment.levels(0, 10, 20)).hasMessageContaining("--from 0");
        assertThatThrownBy(() -> RampExperiment.levels(1, 1, 500)).hasMessageContaining("500 steps")
                .hasMessageContaining("raise --step");
        assertThatThrownBy(() -> RampExperiment.levels(10, 10, 5000)).hasMessageContaining("--to 5000 is out of"
                + " range");
    }
}
