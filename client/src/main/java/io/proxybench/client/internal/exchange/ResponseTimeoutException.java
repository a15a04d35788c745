package io.proxybench.client.internal.exchange;

import java.util.concurrent.TimeoutException;

/**
 * A response that did not come in time: its head ({@link Kind#HEAD}), or its body's next bytes ({@link Kind#IDLE}).
 * The label of a call failed by it is {@code request_HeadTimeout} or {@code request_IdleTimeout}.
 */
public final class ResponseTimeoutException extends TimeoutException {

    private static final long serialVersionUID = 1L;

    /** Which limit ran out. */
    public enum Kind {
        /** {@code Timeouts.responseHead}: from the request's start to the response's head. */
        HEAD("HeadTimeout"),
        /** {@code Timeouts.readIdle}: between body bytes. */
        IDLE("IdleTimeout");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private final Kind kind;

    ResponseTimeoutException(Kind kind, long limitNanos) {
        super(kind == Kind.HEAD
                ? "no response head within " + millis(limitNanos) + " (the responseHead timeout)"
                : "no body bytes for " + millis(limitNanos) + " (the readIdle timeout)");
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    static String millis(long nanos) {
        long ms = nanos / 1_000_000;
        return ms % 1000 == 0 ? String.format("%,d s", ms / 1000) : String.format("%,d ms", ms);
    }
}
