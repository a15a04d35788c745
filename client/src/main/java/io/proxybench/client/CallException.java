package io.proxybench.client;

import io.proxybench.client.event.Phase;

/**
 * A call that failed, with the phase it failed in. The message reads {@code <phase>: <cause>} and, like every
 * message of this client, never contains a proxy password.
 */
public final class CallException extends Exception {

    private static final long serialVersionUID = 1L;

    private final Phase phase;

    public CallException(Phase phase, Throwable cause) {
        super(phase.label() + ": " + cause.getClass().getSimpleName() + ": " + cause.getMessage(), cause);
        this.phase = phase;
    }

    public Phase phase() {
        return phase;
    }

    /** The error label for records: {@code <phase>_<ExceptionName>}, as the seed harness writes it. */
    public String label() {
        return phase.label() + "_" + getCause().getClass().getSimpleName();
    }
}
