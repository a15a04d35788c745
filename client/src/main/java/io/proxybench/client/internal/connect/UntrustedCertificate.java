package io.proxybench.client.internal.connect;

import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import javax.net.ssl.SSLException;

/**
 * A TLS handshake that failed because the client did not trust the peer's certificate: no path to a trusted CA
 * (self-signed, unknown CA), a name that does not match the host, an expired or not yet valid certificate, or another
 * check of the client's trust manager. Both engines say so the same way: an {@link SSLException} caused, further
 * down, by a {@link CertificateException} (the JDK's {@code ValidatorException} included) or a
 * {@code CertPath*Exception}: the JDK engine's {@code SSLHandshakeException} names it, the OpenSSL engine's reads
 * "General OpenSslEngine problem" and keeps the trust manager's error as its cause. A peer that refuses the client's
 * own certificate (a TLS alert) is not this.
 */
public final class UntrustedCertificate {

    /** Whose certificate it was. */
    public enum Side {
        ORIGIN("the origin's"),
        PROXY("the proxy's");

        private final String possessive;

        Side(String possessive) {
            this.possessive = possessive;
        }
    }

    /** What the client found wrong with it. */
    enum Problem {
        UNKNOWN_ISSUER,
        NAME_MISMATCH,
        EXPIRED,
        NOT_YET_VALID,
        OTHER
    }

    private UntrustedCertificate() {}

    /**
     * {@code failure} as the setup's error: an {@link UntrustedCertificateException} naming the side and host when
     * it is an untrusted certificate, {@code failure} itself otherwise.
     */
    static Throwable explain(Throwable failure, Side side, String host) {
        Problem problem = problem(failure);
        return problem == null ? failure
                : new UntrustedCertificateException(reason(problem, side, host), failure);
    }

    /** Whether {@code failure} is a handshake that failed on a certificate the client does not trust. */
    public static boolean test(Throwable failure) {
        return problem(failure) != null;
    }

    /**
     * Why the client did not trust the certificate, in words, e.g. {@code the origin's certificate for 127.0.0.1
     * is not trusted (self-signed or unknown CA)}.
     *
     * @param host the name the client checked it against, null when not known
     * @return the reason, or null when {@code failure} is no untrusted certificate
     */
    public static String reason(Throwable failure, Side side, String host) {
        if (failure instanceof UntrustedCertificateException explained) {
            return explained.reason();
        }
        Problem problem = problem(failure);
        return problem == null ? null : reason(problem, side, host);
    }

    private static String reason(Problem problem, Side side, String host) {
        String certificate = side.possessive + " certificate";
        String forHost = host == null ? "" : " for " + host;
        return switch (problem) {
            case UNKNOWN_ISSUER -> certificate + forHost + " is not trusted (self-signed or unknown CA)";
            case NAME_MISMATCH -> host == null ? certificate + " does not name the host asked for"
                    : certificate + " does not name " + host;
            case EXPIRED -> certificate + forHost + " has expired";
            case NOT_YET_VALID -> certificate + forHost + " is not yet valid";
            case OTHER -> certificate + forHost + " is not trusted";
        };
    }

    /** The problem the cause chain names, or null when it is not an untrusted certificate. */
    private static Problem problem(Throwable failure) {
        boolean tls = false;
        boolean certificate = false;
        Problem found = Problem.OTHER;
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable t = failure; t != null && seen.add(t); t = t.getCause()) {
            tls |= t instanceof SSLException;
            if (t instanceof CertificateException || t instanceof CertPathValidatorException
                    || t instanceof CertPathBuilderException) {
                certificate = true;
                found = moreTelling(found, own(t));
            }
        }
        return tls && certificate ? found : null;
    }

    /** What one exception of the chain says on its own. */
    private static Problem own(Throwable t) {
        String message = String.valueOf(t.getMessage());
        if (t instanceof CertificateExpiredException) {
            return Problem.EXPIRED;
        }
        if (t instanceof CertificateNotYetValidException) {
            return Problem.NOT_YET_VALID;
        }
        if (t instanceof CertPathBuilderException) {
            return Problem.UNKNOWN_ISSUER;
        }
        if (message.startsWith("No subject alternative") || message.startsWith("No name matching")) {
            return Problem.NAME_MISMATCH;
        }
        return Problem.OTHER;
    }

    private static Problem moreTelling(Problem a, Problem b) {
        return a == Problem.OTHER ? b : a;
    }
}
