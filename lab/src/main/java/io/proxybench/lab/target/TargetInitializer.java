package io.proxybench.lab.target;

import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.group.ChannelGroup;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerKeepAliveHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.stream.ChunkedWriteHandler;
import io.netty.util.NetUtil;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * Sets up each accepted TCP connection: registers it for {@link TargetServer#close()}, numbers and counts it,
 * then installs plain HTTP/1.1 or TLS with ALPN.
 */
final class TargetInitializer extends ChannelInitializer<Channel> {

    /**
     * How long a TLS handshake may take, counted from the accepted connection, before the target closes it, in
     * milliseconds: twice {@code proxybench run}'s default per-phase timeout (30 s), so with default settings the
     * lab is not the first to give up on a starved machine. With Netty's default of 10 s, handshakes relayed
     * through the gateway on an overloaded machine timed out at the target after the client had finished its side
     * and sent requests, which then failed as {@code request_NoResponseException}. Failing handshakes on purpose
     * is the fault plan's job ({@code --reset-tls}).
     */
    static final long TLS_HANDSHAKE_TIMEOUT_MILLIS = 60_000;

    private final SharedState shared;
    private final SslContext ssl;
    private final ChannelGroup channels;

    /** {@code ssl} is null for the plain HTTP listener. */
    TargetInitializer(SharedState shared, SslContext ssl, ChannelGroup channels) {
        this.shared = shared;
        this.ssl = ssl;
        this.channels = channels;
    }

    @Override
    protected void initChannel(Channel ch) {
        channels.add(ch);
        InetAddress source = ((InetSocketAddress) ch.remoteAddress()).getAddress();
        String sourceText = NetUtil.toAddressString(source);
        ConnectionState.attach(ch, source, sourceText);
        shared.stats().countConnection(sourceText);
        ch.closeFuture().addListener(f -> shared.stats().connectionClosed());
        if (ssl == null) {
            addHttp1(ch.pipeline(), shared);
        } else {
            SslHandler tls = ssl.newHandler(ch.alloc());
            tls.setHandshakeTimeoutMillis(TLS_HANDSHAKE_TIMEOUT_MILLIS);
            ch.pipeline().addLast(tls, new AlpnHandler(shared));
        }
    }

    /** The HTTP/1.1 server handlers, keep-alive included, ending in a {@link TargetHandler}. */
    static void addHttp1(ChannelPipeline pipeline, SharedState shared) {
        pipeline.addLast(
                new HttpServerCodec(),
                new HttpServerKeepAliveHandler(),
                new HttpObjectAggregator(TargetHandler.MAX_REQUEST_BODY),
                new ChunkedWriteHandler(),
                new TargetHandler(shared));
    }
}
