package io.proxybench.harness.engine;

import io.proxybench.client.ProxyClient;
import java.util.function.LongSupplier;

/**
 * Where an open loop's batches fire: a timer of the client's own I/O thread, so that no thread of the harness wakes
 * per request; tests use a fake clock.
 */
@FunctionalInterface
public interface FiringTimer {

    /**
     * Runs {@code task} once the clock reads at least {@code deadlineNanos} (the runner's clock's time base), or
     * later when the timer's thread is busy. Calls come one at a time: a task schedules the next.
     */
    void at(long deadlineNanos, Runnable task);

    /** The timer of {@code client}'s I/O thread ({@link ProxyClient#schedule}), read against {@code nanoClock}. */
    static FiringTimer of(ProxyClient client, LongSupplier nanoClock) {
        return (deadlineNanos, task) -> client.schedule(task, deadlineNanos - nanoClock.getAsLong());
    }
}
