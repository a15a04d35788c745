package io.proxybench.lab.pki;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.http2.Http2SecurityUtil;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolConfig.Protocol;
import io.netty.handler.ssl.ApplicationProtocolConfig.SelectedListenerFailureBehavior;
import io.netty.handler.ssl.ApplicationProtocolConfig.SelectorFailureBehavior;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
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

    /**
     * How long a TLS handshake may take, counted from the accepted connection, before the listener closes it, in
     * milliseconds: twice {@code proxybench run}'s default per-phase timeout (30 s), so with default settings the
     * lab is not the first to give up on a starved machine. With Netty's default of 10 s, handshakes relayed
     * through the gateway on an overloaded machine timed out at the target after the client had finished its side
     * and sent requests, which then failed as {@code request_NoResponseException}. Failing handshakes on purpose
     * is the fault plan's job ({@code --reset-tls}).
     */
    private static final long HANDSHAKE_TIMEOUT_MILLIS = 60_000;

    /** A TLS handler of {@code context} for a lab listener (the target, or the gateway's https:// port). */
    public static SslHandler handler(SslContext context, ByteBufAllocator alloc) {
        SslHandler tls = context.newHandler(alloc);
        tls.setHandshakeTimeoutMillis(HANDSHAKE_TIMEOUT_MILLIS);
        return tls;
    }

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
