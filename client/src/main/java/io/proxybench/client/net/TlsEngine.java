package io.proxybench.client.net;

import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslProvider;
import java.util.Locale;

/**
 * The TLS implementation in use: BoringSSL through netty-tcnative when it loads and supports ALPN, the JDK's
 * otherwise. The system property {@code proxybench.tls} ({@code openssl} or {@code jdk}) overrides the choice.
 */
public record TlsEngine(SslProvider provider, String version, String fallbackReason) {

    public static final String PROPERTY = "proxybench.tls";

    private static final TlsEngine DETECTED = detect(System.getProperty(PROPERTY, ""));

    /** The engine chosen once per JVM. */
    public static TlsEngine current() {
        return DETECTED;
    }

    static TlsEngine detect(String requested) {
        String wanted = requested.trim().toLowerCase(Locale.ROOT);
        switch (wanted) {
            case "jdk":
                return jdk("requested with -D" + PROPERTY + "=jdk");
            case "openssl":
                OpenSsl.ensureAvailability();
                return openSsl();
            case "":
                if (!OpenSsl.isAvailable()) {
                    return jdk(String.valueOf(OpenSsl.unavailabilityCause()));
                }
                return OpenSsl.isAlpnSupported() ? openSsl() : jdk("OpenSSL without ALPN support");
            default:
                throw new IllegalArgumentException(
                        "-D" + PROPERTY + "=" + requested + " is not a TLS engine; use openssl or jdk");
        }
    }

    private static TlsEngine openSsl() {
        return new TlsEngine(SslProvider.OPENSSL, OpenSsl.versionString(), null);
    }

    private static TlsEngine jdk(String reason) {
        return new TlsEngine(SslProvider.JDK, "JDK " + Runtime.version(), reason);
    }

    /** One line for start-up banners. */
    public String describe() {
        return provider == SslProvider.OPENSSL
                ? "openssl (" + version + ")"
                : "jdk (" + version + "; openssl unavailable: " + fallbackReason + ")";
    }
}
