package io.proxybench.client.internal.connect;

import java.util.List;
import javax.net.ssl.SSLPeerUnverifiedException;

/**
 * A handshake that succeeded, to a peer none of whose presented certificates has a key pinned for its host
 * ({@link CertificatePins}). The message names the host, the chain's pins and the pinned ones, in curl's form.
 */
public final class PinMismatchException extends SSLPeerUnverifiedException {

    private static final long serialVersionUID = 1L;

    private final String host;

    PinMismatchException(String host, List<String> presented, List<String> pinned) {
        super("certificate pinning failed for " + host + ": the chain's keys are "
                + (presented.isEmpty() ? "(no certificate)" : String.join(", ", presented)) + "; pinned: "
                + String.join(", ", pinned));
        this.host = host;
    }

    /** Why, in words short enough for a reason: {@code no key of the chain is pinned for example.com}. */
    public String reason() {
        return "no key of the chain is pinned for " + host;
    }
}
