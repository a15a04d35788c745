package io.proxybench.client.internal.call;

/** An attempt failed with its cause, having cost {@code spent}; {@code retry} asks for one more. */
final class AttemptFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient WireBytes spent;
    /** Send the call again, once, on a new connection. */
    private final boolean retry;

    AttemptFailed(Throwable cause, WireBytes spent, boolean retry) {
        super(cause.getMessage(), cause, false, false);
        this.spent = spent;
        this.retry = retry;
    }

    WireBytes spent() {
        return spent;
    }

    boolean retry() {
        return retry;
    }
}
