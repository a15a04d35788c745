package io.proxybench.client.internal.connect;

import javax.net.ssl.SSLHandshakeException;

/**
 * A TLS handshake that failed on a certificate the client does not trust ({@link UntrustedCertificate}), with the
 * side and host it was checked for. The cause is the engine's own error; the message adds the deepest detail of it
 * (e.g. {@code unable to find valid certification path to requested target}) to the reason.
 */
public final class UntrustedCertificateException extends SSLHandshakeException {

    private static final long serialVersionUID = 1L;

    /** How far down a cause chain the message looks: chains may loop. */
    private static final int DEPTH = 16;

    private final String reason;

    UntrustedCertificateException(String reason, Throwable cause) {
        super(reason + ": " + deepestMessage(cause));
        initCause(cause);
        this.reason = reason;
    }

    /** Why, in words, e.g. {@code the proxy's certificate for gw.example has expired}. */
    public String reason() {
        return reason;
    }

    /** The message of the last exception down the chain that has one (at most {@link #DEPTH} down). */
    private static String deepestMessage(Throwable cause) {
        String message = cause.getMessage();
        Throwable t = cause.getCause();
        for (int depth = 1; t != null && depth < DEPTH; depth++, t = t.getCause()) {
            message = t.getMessage() != null ? t.getMessage() : message;
        }
        return message;
    }
}
