package io.proxybench.lab.gateway;

import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.proxybench.client.net.TlsEngine;
import io.proxybench.lab.pki.ServerIdentity;
import java.io.UncheckedIOException;
import javax.net.ssl.SSLException;

/** TLS for the gateway's {@code https://} proxy port: the lab identity, ALPN http/1.1. */
public final class GatewayTls {

    private GatewayTls() {}

    public static SslContext serverContext(ServerIdentity identity) {
        try {
            return SslContextBuilder.forServer(identity.key(), identity.chain())
                    .sslProvider(TlsEngine.current().provider())
                    .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                            ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                            ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                            ApplicationProtocolNames.HTTP_1_1))
                    .build();
        } catch (SSLException e) {
            throw new UncheckedIOException("cannot build the gateway's TLS context: " + e.getMessage(), e);
        }
    }
}
