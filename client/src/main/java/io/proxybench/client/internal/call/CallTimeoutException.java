package io.proxybench.client.internal.call;

import java.time.Duration;
import java.util.concurrent.TimeoutException;

/** A call that ran past its call timeout ({@code Timeouts.call}), in whatever phase it was. */
final class CallTimeoutException extends TimeoutException {

    private static final long serialVersionUID = 1L;

    CallTimeoutException(Duration limit) {
        super("the call took longer than " + (limit.toMillis() % 1000 == 0
                ? String.format("%,d s", limit.toSeconds()) : String.format("%,d ms", limit.toMillis()))
                + " (the call timeout)");
    }
}
