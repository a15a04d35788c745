package io.proxybench.harness.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.harness.plan.SendPolicy;
import io.proxybench.records.RequestRecord;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClosedLoopRunnerTest {
    private static final long MS = 1_000_000;
    private static final double EPS = 1e-9;

    private final FakeClock clock = new FakeClock();
    private final List<RequestRecord> records = new ArrayList<>();

    private ClosedLoopRunner runner(long durationNanos, FakeSender sender, int workers, int retries) {
        return new ClosedLoopRunner(durationNanos, FakeSender::request, sender,
                new SendPolicy(workers, retries, 5_000 * MS), Records.plain(), records::add, clock, clock);
    }

    @Test
    void eachWorkerSendsItsNextRequestWhenTheLastIsAnswered() {
        FakeSender sender = new FakeSender(clock, 0, (n, sent) -> FakeSender.Reply.ok(100 * MS));

        RunnerCounters stats = runner(1_000 * MS, sender, 2, 0).run();

        // Two workers, 100 ms a request: sends at 0, 100, ..., 900 ms each.
        assertThat(records).hasSize(20).allMatch(RequestRecord::ok);
        assertThat(records).allSatisfy(r -> {
            assertThat(r.startLag()).isZero();
            assertThat(r.total()).isCloseTo(0.1, within(EPS));
        });
        assertThat(records.stream().map(RequestRecord::sched).distinct().sorted().toList())
                .containsExactly(0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9);
        assertThat(stats.scheduled()).isEqualTo(20);
        assertThat(stats.inFlight()).isZero();
    }

    @Test
    void aStallShrinksTheSampleInsteadOfShowingInTheLatency() {
        // Replies to requests sent during [100 ms, 600 ms) take until 600 ms; the others 10 ms.
        FakeSender sender = new FakeSender(clock, 0, (n, sent) -> sent >= 100 * MS && sent < 600 * MS
                ? FakeSender.Reply.ok(600 * MS - sent) : FakeSender.Reply.ok(10 * MS));

        runner(1_000 * MS, sender, 1, 0).run();

        // One worker: 10 requests before the stall, 1 stalled request, then 40 more: 51, where an open loop at
        // the same 100/s would have recorded 100, 50 of them slow. Only one record shows the stall.
        assertThat(records).hasSize(51);
        assertThat(records).filteredOn(r -> r.total() > 0.011).singleElement()
                .satisfies(r -> assertThat(r.total()).isCloseTo(0.5, within(EPS)));
    }

    @Test
    void retriesAndTheDrainWorkAsInTheOpenLoop() {
        FakeSender sender = new FakeSender(clock, 0, (n, sent, send, fresh) -> switch ((int) n) {
            case 0 -> send == 1 ? FakeSender.Reply.fail(5 * MS, new IOException("reset"))
                    : FakeSender.Reply.ok(5 * MS);
            case 1 -> FakeSender.Reply.none();
            default -> FakeSender.Reply.ok(5 * MS);
        });

        runner(100 * MS, sender, 1, 1).run();

        List<RequestRecord> sorted = records.stream().sorted(Comparator.comparingDouble(RequestRecord::sched))
                .toList();
        assertThat(sorted).hasSize(2);
        assertThat(sorted.get(0).attempt()).isEqualTo(2);
        assertThat(sorted.get(0).firstError()).isEqualTo("total_IOException");
        assertThat(sorted.get(1).sched()).isCloseTo(0.010, within(EPS));
        assertThat(sorted.get(1).error()).isEqualTo(Records.TIMEOUT);
        assertThat(clock.elapsedNanos()).as("duration, then the whole drain timeout").isEqualTo(5_100 * MS);
    }

    @Test
    void needsAWorkerAndRunsOnce() {
        FakeSender sender = new FakeSender(clock, 0, (n, sent) -> FakeSender.Reply.ok(MS));
        assertThatThrownBy(() -> runner(MS, sender, 0, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 1 worker");
        ClosedLoopRunner runner = runner(MS, sender, 1, 0);
        runner.run();
        assertThatThrownBy(runner::run).isInstanceOf(IllegalStateException.class);
    }
}
