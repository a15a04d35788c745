package io.proxybench.lab.exits;

/** No exit can serve a tunnel: the country has none, all are offline, or a locked session's exit is gone. */
public final class NoExitException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public NoExitException(String message) {
        super(message, null, false, false);
    }
}
