package io.proxybench.lab.target;

import io.netty.handler.codec.http2.Http2SecurityUtil;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolConfig.Protocol;
import io.netty.handler.ssl.ApplicationProtocolConfig.SelectedListenerFailureBehavior;
import io.netty.handler.ssl.ApplicationProtocolConfig.SelectorFailureBehavior;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.SupportedCipherSuiteFilter;
import io.proxybench.lab.pki.ServerIdentity;
import java.io.UncheckedIOException;
import javax.net.ssl.SSLException;

/** The target's TLS server context: the lab identity, TLS 1.2 and 1.3 with h2-safe ciphers, ALPN h2 then http/1.1. */
final class TargetTls {

    private TargetTls() {}

    static SslContext serverContext(ServerIdentity identity, SslProvider provider) {
        try {
            return SslContextBuilder.forServer(identity.key(), identity.chain())
                    .sslProvider(provider)
                    .protocols("TLSv1.3", "TLSv1.2")
                    .ciphers(Http2SecurityUtil.CIPHERS, SupportedCipherSuiteFilter.INSTANCE)
                    .applicationProtocolConfig(new ApplicationProtocolConfig(
                            Protocol.ALPN,
                            SelectorFailureBehavior.NO_ADVERTISE,
                            SelectedListenerFailureBehavior.ACCEPT,
                            ApplicationProtocolNames.HTTP_2,
                            ApplicationProtocolNames.HTTP_1_1))
                    .build();
        } catch (SSLException e) {
            throw new UncheckedIOException("cannot build the target's TLS context with " + provider + ": "
                    + e.getMessage(), e);
        }
    }
}
