package io.proxybench.harness.engine;

import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/** Blocks a runner's calling thread until a clock reading; tests substitute a fake clock that advances instantly. */
@FunctionalInterface
public interface Sleeper {

    /** Returns once the clock reads at least {@code deadlineNanos} (same time base as the runner's clock). */
    void sleepUntil(long deadlineNanos);

    /** Parks with {@link LockSupport#parkNanos} until {@code nanoClock} reaches the deadline (spurious wakes re-park). */
    static Sleeper parking(LongSupplier nanoClock) {
        return deadlineNanos -> {
            for (long leftNanos; (leftNanos = deadlineNanos - nanoClock.getAsLong()) > 0; ) {
                LockSupport.parkNanos(leftNanos);
            }
        };
    }
}
