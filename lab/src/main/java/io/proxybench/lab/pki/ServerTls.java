package io.proxybench.lab.pki;

import io.netty.handler.codec.http2.Http2SecurityUtil;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolConfig.Protocol;
import io.netty.handler.ssl.ApplicationProtocolConfig.SelectedListenerFailureBehavior;
import io.netty.handler.ssl.ApplicationProtocolConfig.SelectorFailureBehavior;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.SupportedCipherSuiteFilter;
import java.io.UncheckedIOException;
import javax.net.ssl.SSLException;

/**
 * TLS server contexts for the lab's listeners (the target, the gateway's {@code https://} port): the lab
 * identity, TLS 1.3 and 1.2 with h2-safe ciphers, and the ALPN protocols given, in preference order.
 */
public final class ServerTls {

    private ServerTls() {}

    public static SslContext context(ServerIdentity identity, SslProvider provider, String... alpn) {
        try {
            return SslContextBuilder.forServer(identity.key(), identity.chain())
                    .sslProvider(provider)
                    .protocols("TLSv1.3", "TLSv1.2")
                    .ciphers(Http2SecurityUtil.CIPHERS, SupportedCipherSuiteFilter.INSTANCE)
                    .applicationProtocolConfig(new ApplicationProtocolConfig(Protocol.ALPN,
                            SelectorFailureBehavior.NO_ADVERTISE, SelectedListenerFailureBehavior.ACCEPT, alpn))
                    .build();
        } catch (SSLException e) {
            throw new UncheckedIOException("cannot build a lab TLS context with " + provider + ": " + e.getMessage(),
                    e);
        }
    }
}
