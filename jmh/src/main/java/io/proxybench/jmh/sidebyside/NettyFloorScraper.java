package io.proxybench.jmh.sidebyside;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpContentDecompressor;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.proxy.HttpProxyHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.proxybench.net.Transport;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

/**
 * Not a client users run: the floor under any Netty client doing the scraper workload, so that the side-by-side
 * table shows how much of a Netty client's CPU per request is Netty's own. Netty's handlers and nothing else: its
 * CONNECT handler with the session's credentials, its TLS handler (the engine proxybench's client uses), its HTTP
 * codec, gzip decoder and aggregator, on the transport and number of event loops of proxybench's client's
 * defaults. What it leaves out is what a client must do and this need not: a cookie is kept as the one
 * {@code name=value} the login sets, the redirect's {@code Location} is taken as a path on the same connection, and
 * there are no timeouts, events, limits or checks beyond the status.
 */
final class NettyFloorScraper implements Scraper {

    private final EventLoopGroup group;
    private final Session[] sessions;
    private final URI url;
    private final String hostHeader;

    NettyFloorScraper(String gateway, String url, Path caFile, int sessionCount) throws Exception {
        this.url = URI.create(url);
        this.hostHeader = this.url.getHost() + ":" + this.url.getPort();
        HostPort proxy = HostPort.parse(gateway);
        InetSocketAddress proxyAddress = new InetSocketAddress(proxy.host(), proxy.port());
        SslContext tls = SslContextBuilder.forClient().trustManager(caFile.toFile()).build();
        Transport transport = Transport.current();
        group = transport.newGroup(0);
        sessions = new Session[sessionCount];
        for (int s = 0; s < sessionCount; s++) {
            String password = "lab_session-s" + s;
            Session session = new Session();
            session.bootstrap = new Bootstrap().group(group).channel(transport.socketChannel())
                    .option(ChannelOption.TCP_NODELAY, true)
                    .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                    .handler(new ChannelInitializer<Channel>() {
                        @Override
                        protected void initChannel(Channel ch) {
                            ch.pipeline().addLast(new HttpProxyHandler(proxyAddress, "lab", password),
                                    tls.newHandler(ch.alloc(), NettyFloorScraper.this.url.getHost(),
                                            NettyFloorScraper.this.url.getPort()),
                                    new HttpClientCodec(), new HttpContentDecompressor(),
                                    new HttpObjectAggregator(1 << 20), new Exchange(session));
                        }
                    });
            sessions[s] = session;
        }
    }

    @Override
    public CompletableFuture<Integer> fetch(int index) {
        Session session = sessions[index];
        CompletableFuture<Integer> page = new CompletableFuture<>();
        Channel idle = session.idle.poll();
        if (idle != null && idle.isActive()) {
            send(idle, page);
        } else {
            session.bootstrap.connect(InetSocketAddress.createUnresolved(url.getHost(), url.getPort()))
                    .addListener(f -> {
                        if (f.isSuccess()) {
                            send(((ChannelFuture) f).channel(), page);
                        } else {
                            page.completeExceptionally(f.cause());
                        }
                    });
        }
        return page;
    }

    private void send(Channel channel, CompletableFuture<Integer> page) {
        channel.pipeline().get(Exchange.class).page = page;
        channel.writeAndFlush(request(url.getRawPath() + "?" + url.getRawQuery(),
                channel.pipeline().get(Exchange.class).session.cookie));
    }

    private FullHttpRequest request(String target, String cookie) {
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, target,
                Unpooled.EMPTY_BUFFER);
        request.headers().set(HttpHeaderNames.HOST, hostHeader)
                .set(HttpHeaderNames.ACCEPT_ENCODING, HttpHeaderValues.GZIP);
        if (cookie != null) {
            request.headers().set(HttpHeaderNames.COOKIE, cookie);
        }
        return request;
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }

    /** A session's idle connections and the cookie its login set (null before). */
    private static final class Session {
        final ConcurrentLinkedQueue<Channel> idle = new ConcurrentLinkedQueue<>();
        Bootstrap bootstrap;
        volatile String cookie;
    }

    /** One connection's exchanges: the login's 302 (its cookie kept, its Location asked for), then the page. */
    private final class Exchange extends SimpleChannelInboundHandler<FullHttpResponse> {
        final Session session;
        CompletableFuture<Integer> page;

        Exchange(Session session) {
            this.session = session;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse response) {
            int status = response.status().code();
            String setCookie = response.headers().get(HttpHeaderNames.SET_COOKIE);
            if (setCookie != null) {
                int end = setCookie.indexOf(';');
                session.cookie = end < 0 ? setCookie : setCookie.substring(0, end);
            }
            if (status == 302) {
                ctx.writeAndFlush(request(response.headers().get(HttpHeaderNames.LOCATION), session.cookie));
                return;
            }
            CompletableFuture<Integer> done = page;
            page = null;
            session.idle.add(ctx.channel());
            if (status == 200) {
                done.complete(response.content().readableBytes());
            } else {
                done.completeExceptionally(new IllegalStateException("the Netty floor got " + status));
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            fail(new IllegalStateException("the connection closed"));
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            fail(cause);
            ctx.close();
        }

        private void fail(Throwable cause) {
            CompletableFuture<Integer> done = page;
            page = null;
            if (done != null) {
                done.completeExceptionally(cause);
            }
        }
    }
}
