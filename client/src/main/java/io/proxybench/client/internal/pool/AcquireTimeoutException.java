package io.proxybench.client.internal.pool;

import io.proxybench.client.PoolLimits;
import java.util.concurrent.TimeoutException;

/** An acquire waited {@link PoolLimits#acquireTimeout()} without a slot freeing; the message names key and caps. */
public final class AcquireTimeoutException extends TimeoutException {

    private final long waitedNanos;

    AcquireTimeoutException(String message, long waitedNanos) {
        super(message);
        this.waitedNanos = waitedNanos;
    }

    /** Nanoseconds the acquire waited before failing. */
    public long waitedNanos() {
        return waitedNanos;
    }
}
