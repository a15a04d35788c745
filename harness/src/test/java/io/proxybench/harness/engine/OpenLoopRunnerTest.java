package io.proxybench.harness.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.client.CallException;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.event.Phase;
import io.proxybench.harness.plan.SendPolicy;
import io.proxybench.harness.schedule.ArrivalSchedule;
import io.proxybench.records.RequestRecord;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class OpenLoopRunnerTest {
    private static final long MS = 1_000_000;
    private static final double EPS = 1e-9;

    private final FakeClock clock = new FakeClock();
    private final List<RequestRecord> records = new ArrayList<>();

    private OpenLoopRunner runner(ArrivalSchedule schedule,
            Function<ProxyRequest, CompletableFuture<ProxyResponse>> sender, int maxInFlight) {
        return runner(schedule, sender, maxInFlight, 0);
    }

    private OpenLoopRunner runner(ArrivalSchedule schedule,
            Function<ProxyRequest, CompletableFuture<ProxyResponse>> sender, int maxInFlight, int retries) {
        return new OpenLoopRunner(schedule, FakeSender::request, Sender.of(sender),
                new SendPolicy(maxInFlight, retries, 5_000 * MS), Records.plain(), records::add, clock, clock,
                clock.timer());
    }

    private List<RequestRecord> bySched() {
        return records.stream().sorted(Comparator.comparingDouble(RequestRecord::sched)).toList();
    }

    @Test
    void everyScheduledRequestGetsOneRecordEvenWhenSomeNeverComplete() {
        FakeSender sender = new FakeSender(clock, 0,
                (n, sent) -> n == 3 || n == 7 ? FakeSender.Reply.none() : FakeSender.Reply.ok(20 * MS));

        RunnerCounters stats = runner(ArrivalSchedule.constant(10, Duration.ofSeconds(1)), sender, 0).run();

        List<RequestRecord> sorted = bySched();
        assertThat(sorted).hasSize(10);
        assertThat(sorted).extracting(RequestRecord::sched)
                .containsExactly(0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9);
        RequestRecord lost = sorted.get(3);
        assertThat(lost.error()).isEqualTo(Records.TIMEOUT);
        assertThat(lost.status()).isNull();
        assertThat(lost.done()).isCloseTo(5.9, within(EPS));
        assertThat(lost.total()).isCloseTo(5.6, within(EPS));
        assertThat(sorted.get(7).error()).isEqualTo(Records.TIMEOUT);
        assertThat(records).filteredOn(RequestRecord::ok).hasSize(8);
        assertThat(clock.elapsedNanos()).as("waited the whole drain timeout").isEqualTo(5_900 * MS);
        assertThat(stats.scheduled()).isEqualTo(10);
        assertThat(stats.completed()).isEqualTo(10);
        assertThat(stats.ok()).isEqualTo(8);
        assertThat(stats.errors()).isEqualTo(2);
    }

    @Test
    void aReplyThatCannotBeRecordedGetsAFailedRecordAtOnceAndTheRunThrowsAtItsEnd() {
        FakeSender sender = new FakeSender(clock, 0,
                (n, sent) -> n == 4 ? FakeSender.Reply.unrecordable(20 * MS) : FakeSender.Reply.ok(20 * MS));
        OpenLoopRunner runner = runner(ArrivalSchedule.constant(10, Duration.ofSeconds(1)), sender, 0);

        assertThatThrownBy(runner::run).isInstanceOf(NullPointerException.class);

        assertThat(bySched()).hasSize(10);
        assertThat(bySched().get(4).error()).isEqualTo("total_NullPointerException");
        assertThat(clock.elapsedNanos()).as("no wait for the drain timeout").isBetween(920 * MS, 921 * MS);
    }

    @Test
    void returnsAsSoonAsEveryRequestHasARecord() {
        FakeSender sender = new FakeSender(clock, 0, (n, sent) -> FakeSender.Reply.ok(20 * MS));

        runner(ArrivalSchedule.constant(10, Duration.ofSeconds(1)), sender, 0).run();

        assertThat(records).hasSize(10).allMatch(RequestRecord::ok);
        assertThat(clock.elapsedNanos()).isBetween(920 * MS, 921 * MS);
    }

    @Test
    void aStallShowsInTotalFromTheScheduledTimeAndTheSampleKeepsItsSize() {
        // Replies to requests sent during [1 s, 2 s) all arrive at 2.01 s; the others take 10 ms.
        FakeSender sender = new FakeSender(clock, 0, (n, sent) -> sent >= 1_000 * MS && sent < 2_000 * MS
                ? FakeSender.Reply.ok(2_010 * MS - sent) : FakeSender.Reply.ok(10 * MS));

        runner(ArrivalSchedule.constant(100, Duration.ofSeconds(3)), sender, 0).run();

        List<RequestRecord> sorted = bySched();
        assertThat(sorted).hasSize(300).allMatch(RequestRecord::ok);
        assertThat(sorted.get(100).total()).isCloseTo(1.01, within(EPS));
        assertThat(sorted.get(199).total()).isCloseTo(0.02, within(EPS));
        assertThat(sorted).filteredOn(r -> r.total() > 0.011).hasSize(100);
        assertThat(sorted).allMatch(r -> Math.abs(r.done() - (r.sched() + r.total())) < EPS);
    }

    @Test
    void aFullWindowQueuesRequestsInABacklogWhoseWaitCountsInTotal() {
        FakeSender sender = new FakeSender(clock, 0, (n, sent) -> FakeSender.Reply.ok(25 * MS));
        OpenLoopRunner runner = runner(ArrivalSchedule.constant(100, Duration.ofMillis(100)), sender, 1);

        RunnerCounters stats = runner.run();

        // Request k is scheduled at 10k ms, sent at 25k ms when the single slot frees, done at 25(k+1) ms.
        assertThat(sender.sent()).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
        List<RequestRecord> sorted = bySched();
        assertThat(sorted).hasSize(10);
        for (int k = 0; k < 10; k++) {
            assertThat(sorted.get(k).startLag()).as("start lag %d", k).isCloseTo(0.015 * k, within(EPS));
            assertThat(sorted.get(k).total()).as("total %d", k).isCloseTo(0.015 * k + 0.025, within(EPS));
        }
        assertThat(stats.backlogPeak()).isEqualTo(6);
        assertThat(stats.backlogged()).isEqualTo(9);
        assertThat(stats.backlog()).isZero();
        assertThat(stats.inFlight()).isZero();
        assertThat(stats.maxStartLagNanos()).isEqualTo(135 * MS);
    }

    @Test
    void aStallBehindMaxInFlightKeepsCountingFromTheScheduledTime() {
        FakeSender sender = new FakeSender(clock, 0, (n, sent) -> sent >= 1_000 * MS && sent < 2_000 * MS
                ? FakeSender.Reply.ok(2_010 * MS - sent) : FakeSender.Reply.ok(10 * MS));

        RunnerCounters stats = runner(ArrivalSchedule.constant(100, Duration.ofSeconds(3)), sender, 10).run();

        List<RequestRecord> sorted = bySched();
        assertThat(sorted).hasSize(300).allMatch(RequestRecord::ok);
        for (RequestRecord r : sorted.subList(100, 200)) {
            assertThat(r.total()).as("sched %s", r.sched()).isGreaterThanOrEqualTo(2.01 - r.sched() - EPS);
        }
        // 90 requests due during the stall (1.10 s .. 1.99 s) and the one at 2.00 s wait for the 10 slots.
        assertThat(stats.backlogPeak()).isEqualTo(91);
        assertThat(stats.sent()).isEqualTo(300);
    }

    @Test
    void recordsHowLateEachRequestStarted() {
        // Each send costs 3 ms of the firing thread, so request k (due at k ms) starts at 3k ms.
        FakeSender sender = new FakeSender(clock, 3 * MS, (n, sent) -> FakeSender.Reply.ok(10 * MS));

        RunnerCounters stats = runner(ArrivalSchedule.constant(1000, Duration.ofMillis(10)), sender, 0).run();

        List<RequestRecord> sorted = bySched();
        assertThat(sorted).hasSize(10);
        for (int k = 0; k < 10; k++) {
            assertThat(sorted.get(k).startLag()).as("start lag %d", k).isCloseTo(0.002 * k, within(EPS));
            assertThat(sorted.get(k).total()).as("total %d", k).isCloseTo(0.002 * k + 0.010, within(EPS));
        }
        assertThat(stats.maxStartLagNanos()).isEqualTo(18 * MS);
    }

    @Test
    void labelsErrorsByPhase() {
        FakeSender sender = new FakeSender(clock, 0, (n, sent) -> switch ((int) n) {
            case 0 -> FakeSender.Reply.fail(7 * MS, new CallException(Phase.TLS, new TimeoutException("slow")));
            case 1 -> FakeSender.Reply.fail(7 * MS, new IOException("reset"));
            case 2 -> throw new IllegalStateException("client closed");
            default -> FakeSender.Reply.ok(7 * MS);
        });

        RunnerCounters stats = runner(ArrivalSchedule.constant(10, Duration.ofMillis(400)), sender, 0).run();

        List<RequestRecord> sorted = bySched();
        assertThat(sorted).extracting(RequestRecord::error).containsExactly(
                "tls_TimeoutException", "total_IOException", "total_IllegalStateException", null);
        assertThat(sorted.get(0).total()).isCloseTo(0.007, within(EPS));
        assertThat(sorted.get(0).status()).isNull();
        assertThat(sorted.get(0).reused()).isNull();
        assertThat(sorted.get(3).status()).isEqualTo(200);
        assertThat(stats.errors()).isEqualTo(3);
        assertThat(stats.ok()).isEqualTo(1);
    }

    @Test
    void aBacklogReleasedBySynchronousRepliesDoesNotRecurse() {
        int burst = 20_000;
        Function<ProxyRequest, CompletableFuture<ProxyResponse>> sender = request -> {
            CompletableFuture<ProxyResponse> reply = new CompletableFuture<>();
            ProxyResponse ok = FakeSender.response(200, "");
            if (request.uri().getPath().equals("/0")) {
                clock.at(MS, () -> reply.complete(ok));
            } else {
                reply.complete(ok);
            }
            return reply;
        };

        RunnerCounters stats = runner(ArrivalSchedule.bursts(burst, Duration.ofSeconds(1), Duration.ofSeconds(1)),
                sender, 1).run();

        assertThat(records).hasSize(burst).allMatch(RequestRecord::ok);
        assertThat(stats.backlogPeak()).isEqualTo(burst - 1);
        assertThat(records).extracting(RequestRecord::sched).containsOnly(0.0);
    }

    @Test
    void backloggedRequestsNeverSentAreRecordedAtTheDrainTimeout() {
        FakeSender sender = new FakeSender(clock, 0, (n, sent) -> FakeSender.Reply.none());

        runner(ArrivalSchedule.constant(10, Duration.ofMillis(300)), sender, 1).run();

        assertThat(sender.sent()).containsExactly(0L);
        List<RequestRecord> sorted = bySched();
        assertThat(sorted).hasSize(3).extracting(RequestRecord::error).containsOnly(Records.TIMEOUT);
        assertThat(sorted).extracting(RequestRecord::done).containsOnly(5.2);
        assertThat(sorted.get(2).startLag()).as("never started").isCloseTo(5.0, within(EPS));
    }

    @Test
    void runsOnce() {
        OpenLoopRunner runner = runner(ArrivalSchedule.constant(10, Duration.ofMillis(100)),
                new FakeSender(clock, 0, (n, sent) -> FakeSender.Reply.ok(MS)), 0);
        runner.run();

        assertThatThrownBy(runner::run).isInstanceOf(IllegalStateException.class);
        assertThat(records).hasSize(1);
    }

    @Test
    void aFailedRequestIsRetriedOnANewConnectionAndCountedApartFromFirstTries() {
        // Request 1 fails its first send after 30 ms; request 2 fails every send after 10 ms; a 503 is an answer.
        List<Boolean> freshRetries = new ArrayList<>();
        FakeSender sender = new FakeSender(clock, 0, (n, sent, send, fresh) -> {
            if (send > 1) {
                freshRetries.add(fresh);
            }
            if (n == 1 && send == 1 || n == 2) {
                return FakeSender.Reply.fail(n == 1 ? 30 * MS : 10 * MS,
                        new CallException(Phase.CONNECT, new IOException("502")));
            }
            return n == 3 ? FakeSender.Reply.ok(5 * MS, 503) : FakeSender.Reply.ok(20 * MS);
        });

        RunnerCounters stats = runner(ArrivalSchedule.constant(10, Duration.ofMillis(400)), sender, 1, 2).run();

        List<RequestRecord> sorted = bySched();
        assertThat(sorted).hasSize(4);
        assertThat(sorted).extracting(RequestRecord::attempt).containsExactly(1, 2, 3, 1);
        assertThat(sorted).extracting(RequestRecord::firstError)
                .containsExactly(null, "connect_IOException", "connect_IOException", null);
        assertThat(sorted.get(1).ok()).isTrue();
        assertThat(sorted.get(1).total()).as("both sends count").isCloseTo(0.050, within(EPS));
        assertThat(sorted.get(2).error()).isEqualTo("connect_IOException");
        assertThat(sorted.get(2).total()).isCloseTo(0.030, within(EPS));
        assertThat(sorted.get(3).status()).isEqualTo(503);
        assertThat(freshRetries).hasSize(3).containsOnly(true);
        assertThat(stats.sent()).as("first tries").isEqualTo(4);
        assertThat(stats.retries()).isEqualTo(3);
        assertThat(sender.sent()).containsExactly(0L, 1L, 1L, 2L, 2L, 2L, 3L);
    }

    @Test
    void aRetryKeepsItsSlotSoTheBacklogWaitsForIt() {
        FakeSender sender = new FakeSender(clock, 0, (n, sent, send, fresh) -> n == 0 && send == 1
                ? FakeSender.Reply.fail(150 * MS, new IOException("reset")) : FakeSender.Reply.ok(10 * MS));

        runner(ArrivalSchedule.constant(10, Duration.ofMillis(200)), sender, 1, 1).run();

        // Request 1 is due at 100 ms but its slot is held by request 0 until its retry ends at 160 ms.
        assertThat(bySched().get(1).startLag()).isCloseTo(0.060, within(EPS));
    }

    @Test
    void aRequestStillRetryingAtTheDrainTimeoutIsRecordedWithItsSends() {
        FakeSender sender = new FakeSender(clock, 0, (n, sent, send, fresh) -> send == 1
                ? FakeSender.Reply.fail(MS, new IOException("reset")) : FakeSender.Reply.none());

        runner(ArrivalSchedule.constant(10, Duration.ofMillis(100)), sender, 0, 3).run();

        assertThat(records).singleElement().satisfies(r -> {
            assertThat(r.error()).isEqualTo(Records.TIMEOUT);
            assertThat(r.attempt()).isEqualTo(2);
            assertThat(r.firstError()).isEqualTo("total_IOException");
        });
    }
}
