package io.proxybench.client.internal.connect;

import io.proxybench.client.TlsSettings;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.Certificate;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;

/**
 * Pinned public keys, checked after a handshake as OkHttp's {@code CertificatePinner} does: the connection passes
 * when any certificate of the presented chain has a key pinned for the host, or when the host has no pins. A pin is
 * curl's {@code sha256//BASE64}, the SHA-256 of the certificate's DER SubjectPublicKeyInfo (what
 * {@code PublicKey.getEncoded()} returns for an X.509 key).
 */
final class CertificatePins {

    private static final String PREFIX = "sha256//";

    private CertificatePins() {}

    /**
     * The failure of a handshake with {@code host} whose session does not match the host's pins in {@code settings};
     * null when it matches or the host is not pinned.
     */
    static PinMismatchException check(TlsSettings settings, String host, SSLSession session) {
        List<String> pinned = settings.pins().get(host.toLowerCase(Locale.ROOT));
        if (pinned == null) {
            return null;
        }
        List<String> presented;
        try {
            presented = Arrays.stream(session.getPeerCertificates()).map(CertificatePins::pin).toList();
        } catch (SSLPeerUnverifiedException noChain) {
            presented = List.of();
        }
        return presented.stream().anyMatch(pinned::contains) ? null
                : new PinMismatchException(host, presented, pinned);
    }

    /** {@code certificate}'s pin, e.g. {@code sha256//r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=}. */
    static String pin(Certificate certificate) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(certificate.getPublicKey().getEncoded());
            return PREFIX + Base64.getEncoder().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
