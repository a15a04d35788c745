package io.proxybench.client.internal.connect;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;

/**
 * A peer that refused the client's certificate, or its absence, with a TLS alert: {@code bad_certificate},
 * {@code certificate_required}, {@code unsupported_certificate} or {@code certificate_unknown}, received (the client's
 * own trust failures are {@link UntrustedCertificate}s). The JDK engine says {@code Received fatal alert:
 * bad_certificate}, the OpenSSL engine {@code SSLV3_ALERT_BAD_CERTIFICATE}. Under TLS 1.2 it fails the handshake;
 * under TLS 1.3 the client's handshake is over when the server decides, so the alert fails the first read, in the
 * phase after the handshake.
 */
public final class RefusedClientCertificate {

    private static final Pattern ALERT = Pattern.compile(
            "alert[_: ]+(bad_certificate|certificate_required|unsupported_certificate|certificate_unknown)",
            Pattern.CASE_INSENSITIVE);

    private RefusedClientCertificate() {}

    /**
     * The alert's name, e.g. {@code bad_certificate}, when {@code failure}'s cause chain holds a TLS error that
     * received one about the client's certificate; null otherwise.
     */
    public static String alert(Throwable failure) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable t = failure; t != null && seen.add(t); t = t.getCause()) {
            if (t instanceof SSLException && t.getMessage() != null) {
                Matcher m = ALERT.matcher(t.getMessage());
                if (m.find()) {
                    return m.group(1).toLowerCase(Locale.ROOT);
                }
            }
        }
        return null;
    }

    /**
     * Why, in words: e.g. {@code the origin refused the client's certificate or its absence (TLS alert
     * bad_certificate); TlsSettings.keyStore or keyManager presents one}.
     *
     * @param proxy true when it was the proxy's TLS
     */
    public static String reason(String alert, boolean proxy) {
        return (proxy ? "the proxy" : "the origin") + " refused the client's certificate or its absence (TLS alert "
                + alert + "); TlsSettings.keyStore or keyManager presents one";
    }
}
