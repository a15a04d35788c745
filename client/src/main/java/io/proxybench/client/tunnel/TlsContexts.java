package io.proxybench.client.tunnel;

import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.OpenSslContextOption;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.proxybench.client.net.TlsEngine;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.SSLException;

/**
 * Client TLS contexts, one per {@link TlsSettings} and built once: BoringSSL when it loads, the JDK otherwise;
 * hostname verification on unless the settings are insecure; ALPN and key-exchange groups as the settings list
 * them (groups through {@link OpenSslContextOption#GROUPS}, which only the OpenSSL engine has).
 */
public final class TlsContexts {

    private final Map<TlsSettings, SslContext> contexts = new ConcurrentHashMap<>();

    /** The context for TLS to the origin. */
    public SslContext origin(TlsSettings settings) {
        return contexts.computeIfAbsent(settings, TlsContexts::build);
    }

    /** The context for TLS to an {@code https://} proxy: the same trust, HTTP/1.1 only. */
    public SslContext proxy(TlsSettings settings) {
        return origin(settings.withAlpn(TlsSettings.HTTP11_ONLY));
    }

    private static SslContext build(TlsSettings settings) {
        TlsEngine engine = TlsEngine.current();
        SslContextBuilder b = SslContextBuilder.forClient().sslProvider(engine.provider());
        if (!settings.groups().isEmpty()) {
            if (engine.provider() != SslProvider.OPENSSL) {
                throw new IllegalArgumentException("key-exchange groups " + settings.groups() + " can be chosen"
                        + " with the openssl TLS engine only; this JVM uses " + engine.describe());
            }
            b.option(OpenSslContextOption.GROUPS, settings.groups().toArray(String[]::new));
        }
        switch (settings.trust()) {
            case CA_FILE -> b.trustManager(settings.caFile().toFile());
            case INSECURE -> b.trustManager(InsecureTrustManagerFactory.INSTANCE);
            case SYSTEM -> { }
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
                    + e.getMessage(), e);
        }
    }

    private static String describe(TlsSettings s) {
        return s.trust() == TlsSettings.Trust.CA_FILE ? "trusting " + s.caFile() : s.trust().name().toLowerCase();
    }
}
