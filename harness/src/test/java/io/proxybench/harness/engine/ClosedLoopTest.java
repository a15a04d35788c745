package io.proxybench.harness.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The one closed loop: its stops (count, time, stop, a declined start), its trampoline, and its futures. */
class ClosedLoopTest {

    /** A request that ends inside its own start, as a sender that answers at once. */
    private record Started(int worker, long number, long nowNanos) {}

    @Test
    void eachWorkerGoesOnUntilTheCountIsStartedAndRequestsAreNumberedInOrder() {
        List<Started> started = new ArrayList<>();
        ClosedLoop[] loop = new ClosedLoop[1];
        loop[0] = new ClosedLoop(3, 10, ClosedLoop.NO_LIMIT, () -> 0, (worker, number, nowNanos) -> {
            started.add(new Started(worker, number, nowNanos));
            loop[0].next(worker);
            return true;
        });

        loop[0].start();

        assertThat(started).extracting(Started::number).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
        // Every request ends inside its own start: worker 0 goes on from the trampoline, not by recursion, until the
        // count is started, and workers 1 and 2 find none left.
        assertThat(started).extracting(Started::worker).containsExactly(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        assertThat(loop[0].done()).isCompleted();
    }

    @Test
    void aMillionRequestsThatEndAtOnceGrowNoStack() {
        AtomicLong count = new AtomicLong();
        ClosedLoop[] loop = new ClosedLoop[1];
        loop[0] = new ClosedLoop(4, 1_000_000, ClosedLoop.NO_LIMIT, () -> 0, (worker, number, nowNanos) -> {
            count.incrementAndGet();
            loop[0].next(worker);
            return true;
        });

        loop[0].start();

        assertThat(count).hasValue(1_000_000);
        assertThat(loop[0].done()).isCompleted();
    }

    @Test
    void workersStopAtTheDurationOnTheLoopsClock() {
        AtomicLong clock = new AtomicLong();
        List<Started> started = new ArrayList<>();
        List<Integer> inFlight = new ArrayList<>();
        ClosedLoop loop = new ClosedLoop(2, ClosedLoop.NO_LIMIT, 300, clock::get, (worker, number, nowNanos) -> {
            started.add(new Started(worker, number, nowNanos));
            inFlight.add(worker);
            return true;
        });

        loop.start();
        while (!inFlight.isEmpty()) {
            clock.addAndGet(100);
            loop.next(inFlight.remove(0));
        }

        // Worker 0 starts at 0, 100 (after its first), 300 is too late; worker 1 at 0 and 200.
        assertThat(started).containsExactly(new Started(0, 0, 0), new Started(1, 1, 0), new Started(0, 2, 100),
                new Started(1, 3, 200));
        assertThat(loop.done()).isCompleted();
    }

    @Test
    void aStopOrADeclinedStartEndsTheWorker() {
        List<Integer> inFlight = new ArrayList<>();
        ClosedLoop loop = new ClosedLoop(2, ClosedLoop.NO_LIMIT, ClosedLoop.NO_LIMIT, () -> 0,
                (worker, number, nowNanos) -> worker == 0 && inFlight.add(worker));

        loop.start();
        assertThat(inFlight).containsExactly(0);
        assertThat(loop.done()).as("worker 0 still has a request in flight").isNotDone();
        loop.stop();
        loop.next(0);

        assertThat(inFlight).containsExactly(0);
        assertThat(loop.done()).isCompleted();
    }

    @Test
    void aStartThatThrowsEndsItsWorkerAndFailsTheLoop() {
        IllegalStateException bug = new IllegalStateException("no request 1");
        ClosedLoop loop = new ClosedLoop(2, ClosedLoop.NO_LIMIT, ClosedLoop.NO_LIMIT, () -> 0,
                (worker, number, nowNanos) -> {
                    if (number == 1) {
                        throw bug;
                    }
                    return false;
                });

        assertThatThrownBy(loop::start).isSameAs(bug);
        assertThat(loop.done()).isCompletedExceptionally();
    }

    @Test
    void aFirstStartThatThrowsEndsTheWorkersNotStartedSoTheLoopIsDone() {
        IllegalStateException bug = new IllegalStateException("no request 0");
        List<Integer> started = new ArrayList<>();
        ClosedLoop loop = new ClosedLoop(3, ClosedLoop.NO_LIMIT, ClosedLoop.NO_LIMIT, () -> 0,
                (worker, number, nowNanos) -> {
                    started.add(worker);
                    throw bug;
                });

        assertThatThrownBy(loop::start).isSameAs(bug);
        assertThat(started).as("no worker starts after the first one threw").containsExactly(0);
        assertThat(loop.done()).isCompletedExceptionally();
    }

    @Test
    void aLoopOfFuturesGoesOnAfterEachAndItsPauseUntilTheCount() throws Exception {
        List<Long> numbers = new ArrayList<>();
        ClosedLoop loop = ClosedLoop.ofFutures(2, 6, ClosedLoop.NO_LIMIT, System::nanoTime, (worker, number, now) -> {
            synchronized (numbers) {
                numbers.add(number);
            }
            return CompletableFuture.supplyAsync(() -> number % 2 == 0 ? 0L : 1_000_000L);
        });

        loop.start();
        loop.done().get(5, TimeUnit.SECONDS);

        assertThat(numbers).containsExactlyInAnyOrder(0L, 1L, 2L, 3L, 4L, 5L);
    }

    @Test
    void aFailedFutureEndsItsWorkerAndFailsTheLoopOnceEveryWorkerEnded() {
        IllegalStateException bug = new IllegalStateException("observer");
        ClosedLoop loop = ClosedLoop.ofFutures(2, 4, ClosedLoop.NO_LIMIT, System::nanoTime,
                (worker, number, now) -> worker == 0 ? CompletableFuture.failedFuture(bug)
                        : CompletableFuture.completedFuture(0L));

        loop.start();

        assertThatThrownBy(() -> loop.done().get(5, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .hasCause(bug);
    }

    @Test
    void noWorkersIsDoneAtOnce() {
        ClosedLoop loop = new ClosedLoop(0, 10, ClosedLoop.NO_LIMIT, () -> 0, (worker, number, nowNanos) -> true);
        loop.start();
        assertThat(loop.done()).isCompleted();
    }
}
