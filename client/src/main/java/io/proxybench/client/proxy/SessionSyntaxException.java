package io.proxybench.client.proxy;

/** Proxy credentials whose session parameters cannot be read. The message never contains the password. */
public final class SessionSyntaxException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    SessionSyntaxException(String message) {
        super(message);
    }
}
