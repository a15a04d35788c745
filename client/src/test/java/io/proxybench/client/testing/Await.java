package io.proxybench.client.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/** Polls a counter until it reaches a value, for state that settles on another thread (a close, a count). */
public final class Await {

    /** The longest wait, in seconds: generous, since the tests share two noisy cores. */
    private static final long PATIENCE_SECONDS = 10;
    private static final long POLL_MILLIS = 20;

    private Await() {
    }

    /** Waits (at most 10 s, polling) until {@code value} is {@code expected}, then asserts it. */
    public static void untilEquals(long expected, LongSupplier value) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(PATIENCE_SECONDS);
        while (value.getAsLong() != expected && System.nanoTime() < deadline) {
            Thread.sleep(POLL_MILLIS);
        }
        assertThat(value.getAsLong()).isEqualTo(expected);
    }
}
