package io.proxybench.net;

import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.OpenSslContextOption;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.util.List;
import java.util.Locale;
import javax.net.ssl.SSLException;

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

    /**
     * A client context builder on this engine that offers {@code groups}, the engine's default if empty.
     *
     * @throws IllegalArgumentException when groups are asked for and this engine is not OpenSSL, which alone lets
     *     them be chosen
     */
    public SslContextBuilder clientContext(List<String> groups) {
        SslContextBuilder b = SslContextBuilder.forClient().sslProvider(provider);
        if (!groups.isEmpty()) {
            if (provider != SslProvider.OPENSSL) {
                throw new IllegalArgumentException("key-exchange groups " + groups + " can be chosen with the openssl"
                        + " TLS engine only; this JVM uses " + describe());
            }
            b.option(OpenSslContextOption.GROUPS, groups.toArray(String[]::new));
        }
        return b;
    }

    /**
     * The names in {@code groups} this engine does not know as key-exchange groups, each tried in a context of its
     * own: the engine's own error names the whole list it was given, not the group it choked on.
     *
     * @throws IllegalArgumentException when this engine is not OpenSSL
     */
    public List<String> unknownGroups(List<String> groups) {
        return groups.stream().filter(g -> !knows(g)).toList();
    }

    private boolean knows(String group) {
        try {
            clientContext(List.of(group)).build();
            return true;
        } catch (SSLException e) {
            return false;
        }
    }
}
