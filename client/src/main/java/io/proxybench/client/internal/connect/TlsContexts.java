package io.proxybench.client.internal.connect;

import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.net.TlsEngine;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.SSLException;

/**
 * Client TLS contexts, one per {@link TlsSettings} and built once: BoringSSL when it loads, the JDK otherwise;
 * trust from the system, a CA file or a trust manager factory; the client's certificate from a key store (read here,
 * when a client is built) or a key manager factory; hostname verification ({@code HTTPS} endpoint identification) on
 * unless the settings are insecure, whatever the trust's source; ALPN and key-exchange groups as the settings list
 * them (groups through {@link OpenSslContextOption#GROUPS}, which only the OpenSSL engine has). Pins are not the
 * context's: {@link CertificatePins} checks them after the handshake.
 *
 * <p>Handlers come from {@link Sni#handler}, which sends SNI as curl does.
 */
public final class TlsContexts {

    private final Map<TlsSettings, SslContext> contexts = new ConcurrentHashMap<>();

    /** The context for TLS to the origin. */
    public SslContext origin(TlsSettings settings) {
        return contexts.computeIfAbsent(settings, TlsContexts::build);
    }

    /** The context for TLS to an {@code https://} proxy with its own {@code settings}, HTTP/1.1 only. */
    public SslContext proxy(TlsSettings settings) {
        return proxy(settings, ProxyProtocol.HTTP1);
    }

    /**
     * The context for TLS to an {@code https://} proxy with its own {@code settings} (the client's proxy TLS), offering
     * {@code h2} first if asked to.
     */
    public SslContext proxy(TlsSettings settings, ProxyProtocol protocol) {
        return origin(settings.withAlpn(protocol == ProxyProtocol.H2_PREFERRED ? TlsSettings.H2_AND_HTTP11
                : TlsSettings.HTTP11_ONLY));
    }

    private static SslContext build(TlsSettings settings) {
        SslContextBuilder b = TlsEngine.current().clientContext(settings.groups());
        switch (settings.trust()) {
            case CA_FILE -> b.trustManager(settings.caFile().toFile());
            case CUSTOM -> b.trustManager(settings.trustManager());
            case INSECURE -> b.trustManager(InsecureTrustManagerFactory.INSTANCE);
            case SYSTEM -> { }
        }
        if (settings.keyStore() != null) {
            b.keyManager(ClientKeyStore.load(settings.keyStore(), settings.keyStorePassword()));
        } else if (settings.keyManager() != null) {
            b.keyManager(settings.keyManager());
        }
        b.endpointIdentificationAlgorithm(settings.trust() == TlsSettings.Trust.INSECURE ? null : "HTTPS");
        List<String> alpn = settings.alpn();
        b.applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT, alpn));
        try {
            return b.build();
        } catch (SSLException | IllegalArgumentException e) {
            throw new IllegalArgumentException("cannot build TLS settings " + describe(settings) + ": "
                    + e.getMessage() + unknown(settings.groups()), e);
        }
    }

    private static String describe(TlsSettings s) {
        String trust = s.trust() == TlsSettings.Trust.CA_FILE ? "trusting " + s.caFile()
                : s.trust().name().toLowerCase(Locale.ROOT);
        return s.groups().isEmpty() ? trust
                : trust + ", offering key-exchange groups " + String.join(":", s.groups());
    }

    /** What the engine's error leaves out: which offered groups it does not know; empty when all are known. */
    private static String unknown(List<String> groups) {
        List<String> unknown = TlsEngine.current().unknownGroups(groups);
        return unknown.isEmpty() ? "" : " (" + TlsEngine.current().describe() + " knows no group "
                + String.join(", ", unknown) + ")";
    }
}
