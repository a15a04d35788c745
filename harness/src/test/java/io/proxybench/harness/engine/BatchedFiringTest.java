package io.proxybench.harness.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.harness.plan.SendPolicy;
import io.proxybench.harness.schedule.ArrivalSchedule;
import io.proxybench.records.RequestRecord;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The open loop fires on a timer in batches (the client's I/O thread in a real run): on a fake clock, a timer that
 * wakes late or coarsely must not move a request's scheduled time, only its recorded start lag.
 */
class BatchedFiringTest {
    private static final long MS = 1_000_000;
    private static final double EPS = 1e-9;

    private final FakeClock clock = new FakeClock();
    private final List<RequestRecord> records = new ArrayList<>();
    /** When each tick ran, nanoseconds from the start. */
    private final List<Long> ticks = new ArrayList<>();

    private OpenLoopRunner runner(ArrivalSchedule schedule, FiringTimer timer) {
        FakeSender sender = new FakeSender(clock, 0, (n, sent) -> FakeSender.Reply.ok(2 * MS));
        return new OpenLoopRunner(schedule, FakeSender::request, sender, new SendPolicy(0, 0, 5_000 * MS),
                Records.plain(), records::add, clock, clock, timer);
    }

    /** The fake clock's timer, each tick noted, its deadline moved by {@code late} (deadline from start to delay). */
    private FiringTimer timer(LateBy late) {
        FiringTimer fake = clock.timer();
        return (deadlineNanos, task) -> {
            long from = deadlineNanos - FakeClock.ORIGIN_NANOS;
            fake.at(FakeClock.ORIGIN_NANOS + from + late.nanos(from), () -> {
                ticks.add(clock.elapsedNanos());
                task.run();
            });
        };
    }

    private interface LateBy {
        long nanos(long deadlineFromStart);
    }

    private List<RequestRecord> bySched() {
        return records.stream().sorted(Comparator.comparingDouble(RequestRecord::sched)).toList();
    }

    @Test
    void aTimerOnTimeFiresEachRequestAtItsTimeWithNoLag() {
        runner(ArrivalSchedule.constant(1000, Duration.ofMillis(50)), timer(d -> 0)).run();

        assertThat(bySched()).hasSize(50).allMatch(r -> r.ok() && r.startLag() == 0.0);
        assertThat(ticks).as("one tick per request: none is due with another").hasSize(50);
    }

    @Test
    void coarseTicksFireInBatchesAndEveryRequestKeepsItsScheduledTime() {
        // A timer that only wakes on 5 ms boundaries: requests due every 1 ms go out five at a time.
        runner(ArrivalSchedule.constant(1000, Duration.ofMillis(100)), timer(d -> (5 * MS - d % (5 * MS)) % (5 * MS)))
                .run();

        List<RequestRecord> sorted = bySched();
        assertThat(sorted).hasSize(100).allMatch(RequestRecord::ok);
        assertThat(ticks).as("0 ms for request 0, then one per 5 ms for the five before it").hasSize(21)
                .allMatch(t -> t % (5 * MS) == 0);
        for (int k = 0; k < 100; k++) {
            RequestRecord r = sorted.get(k);
            double tick = Math.ceil(k / 5.0) * 0.005;
            assertThat(r.sched()).as("sched %d", k).isCloseTo(k * 0.001, within(EPS));
            assertThat(r.startLag()).as("lag %d: fired by the tick at %.3f s", k, tick)
                    .isCloseTo(tick - k * 0.001, within(EPS));
            assertThat(r.total()).as("total %d counts from the scheduled time", k)
                    .isCloseTo(r.startLag() + 0.002, within(EPS));
        }
    }

    @Test
    void aLateTickFiresEverythingDueAndRecordsTheLag() {
        // The tick for the request due at 10 ms runs 30 ms late (a pause): it fires 10 ms .. 40 ms at once.
        OpenLoopRunner runner = runner(ArrivalSchedule.constant(1000, Duration.ofMillis(60)),
                timer(d -> d == 10 * MS ? 30 * MS : 0));

        RunnerCounters stats = runner.run();

        List<RequestRecord> sorted = bySched();
        assertThat(sorted).hasSize(60).allMatch(RequestRecord::ok);
        assertThat(ticks).as("10 on time, one late for 31 requests, 19 on time").hasSize(30).contains(40 * MS);
        for (int k = 0; k < 60; k++) {
            double lag = k >= 10 && k <= 40 ? 0.040 - k * 0.001 : 0;
            assertThat(sorted.get(k).sched()).isCloseTo(k * 0.001, within(EPS));
            assertThat(sorted.get(k).startLag()).as("lag %d", k).isCloseTo(lag, within(EPS));
        }
        assertThat(stats.maxStartLagNanos()).isEqualTo(30 * MS);
        assertThat(stats.sent()).isEqualTo(60);
    }

    @Test
    void aTickOwingMoreThanABatchGivesTheThreadBackAndFiresTheRestNext() {
        int owed = OpenLoopRunner.MAX_BATCH * 2 + 10;
        runner(ArrivalSchedule.bursts(owed, Duration.ofSeconds(1), Duration.ofSeconds(1)), timer(d -> 0)).run();

        assertThat(records).hasSize(owed).allMatch(r -> r.ok() && r.sched() == 0.0 && r.startLag() == 0.0);
        assertThat(ticks).as("three batches at the same time").containsExactly(0L, 0L, 0L);
    }

    @Test
    void theDrainCountsFromWhenTheLastRequestWentOutNotFromItsScheduledTime() {
        // The last request (due at 900 ms) goes out 300 ms late, and nothing ever answers: the 5 s drain runs from
        // 1.2 s, so that a late tick does not shorten the wait for its requests' replies.
        FakeSender silent = new FakeSender(clock, 0, (n, sent) -> FakeSender.Reply.none());
        new OpenLoopRunner(ArrivalSchedule.constant(10, Duration.ofSeconds(1)), FakeSender::request, silent,
                new SendPolicy(0, 0, 5_000 * MS), Records.plain(), records::add, clock, clock,
                timer(d -> d == 900 * MS ? 300 * MS : 0)).run();

        assertThat(records).hasSize(10).allSatisfy(r -> {
            assertThat(r.error()).isEqualTo(Records.TIMEOUT);
            assertThat(r.done()).isCloseTo(6.2, within(EPS));
        });
    }

    @Test
    void aStopEndsTheFiringWithoutWaitingForTheNextTick() {
        // One request a minute: the second tick is a minute away when the run stops at 100 ms.
        OpenLoopRunner runner = runner(ArrivalSchedule.constant(1.0 / 60, Duration.ofMinutes(10)), timer(d -> 0));
        clock.at(100 * MS, () -> runner.stop(Duration.ofSeconds(1).toNanos()));

        runner.run();

        assertThat(records).singleElement().satisfies(r -> assertThat(r.ok()).isTrue());
        assertThat(clock.elapsedNanos()).as("gone within the firing's poll").isLessThanOrEqualTo(200 * MS);
        assertThat(ticks).containsExactly(0L);
    }

    @Test
    void aTimerThatFailsEndsTheFiringAndTheRunThrowsItAfterRecordingWhatWasFired() {
        FiringTimer fake = timer(d -> 0);
        List<Long> deadlines = new ArrayList<>();
        OpenLoopRunner runner = runner(ArrivalSchedule.constant(100, Duration.ofSeconds(1)), (deadline, task) -> {
            deadlines.add(deadline);
            if (deadlines.size() == 4) {
                throw new IllegalStateException("the client is closed");
            }
            fake.at(deadline, task);
        });

        assertThatThrownBy(runner::run).isInstanceOf(IllegalStateException.class).hasMessage("the client is closed");

        assertThat(records).hasSize(3).allMatch(RequestRecord::ok);
    }
}
