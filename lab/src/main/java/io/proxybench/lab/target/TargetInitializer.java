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
import io.proxybench.lab.ja4.Ja4Handler;
import io.proxybench.lab.pki.ServerTls;
import io.netty.handler.stream.ChunkedWriteHandler;
import io.netty.util.NetUtil;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * Sets up each accepted TCP connection: registers it for {@link TargetServer#close()}, numbers and counts it,
 * then installs plain HTTP/1.1 or TLS with ALPN, after a {@link Ja4Handler} that fingerprints the ClientHello.
 */
final class TargetInitializer extends ChannelInitializer<Channel> {

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
            SslHandler tls = ServerTls.handler(ssl, ch.alloc());
            Ja4Handler ja4 = new Ja4Handler((ctx, fingerprint) -> {
                ConnectionState.of(ctx.channel()).ja4(fingerprint);
                shared.stats().countJa4(fingerprint);
            });
            ch.pipeline().addLast(ja4, tls, new AlpnHandler(shared));
        }
    }

    /** The HTTP/1.1 server handlers, keep-alive included, ending in a {@link TargetHandler}. */
    static void addHttp1(ChannelPipeline pipeline, SharedState shared) {
        pipeline.addLast(
                new HttpServerCodec(),
                new HttpServerKeepAliveHandler(),
                new AnythingBody(),
                new HttpObjectAggregator(TargetHandler.MAX_REQUEST_BODY),
                new ChunkedWriteHandler(),
                new TargetHandler(shared));
    }
}
