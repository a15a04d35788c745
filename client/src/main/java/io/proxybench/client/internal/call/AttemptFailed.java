package io.proxybench.client.internal.call;

import io.proxybench.client.WireBytes;

/**
 * An attempt failed with its cause, having cost {@code spent}, on a connection that was {@code reused} (open before
 * the attempt), opened for it, or none; {@code retry} asks for one more.
 */
final class AttemptFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient WireBytes spent;
    /** True: the connection was open before; false: the attempt opened it; null: it had no TCP connection. */
    private final Boolean reused;
    /** Send the call again, once, on a new connection. */
    private final boolean retry;

    AttemptFailed(Throwable cause, WireBytes spent, Boolean reused, boolean retry) {
        super(cause.getMessage(), cause, false, false);
        this.spent = spent;
        this.reused = reused;
        this.retry = retry;
    }

    WireBytes spent() {
        return spent;
    }

    Boolean reused() {
        return reused;
    }

    boolean retry() {
        return retry;
    }
}
