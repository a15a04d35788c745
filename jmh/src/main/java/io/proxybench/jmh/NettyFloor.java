package io.proxybench.jmh;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.util.ReferenceCountUtil;
import io.proxybench.net.Transport;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The floor under any Netty HTTP/1.1 client: a closed loop of keep-alive HTTPS connections that sends {@code GET /}
 * again as soon as a response's last part arrives, with nothing but Netty's TLS handler and HTTP codec on one I/O
 * thread, on the transport and TLS engine proxybench's client uses (native epoll and OpenSSL where available), its
 * pooled allocator, and no record, event or statistic. {@code bench/direct-vs-wrk.sh} with {@code FLOOR=1} measures
 * its CPU per request next to wrk's and proxybench's: what is above it is proxybench's own work.
 *
 * <p>Usage: {@code NettyFloor HOST PORT CA_PEM CONNECTIONS WARMUP_SECONDS SECONDS}. Prints {@code ok N errors M}:
 * the 200s and the other answers of the measured seconds, after the warm-up's. Every connection's failure is an
 * error that ends the run.
 */
public final class NettyFloor {

    private NettyFloor() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 6) {
            System.err.println("usage: NettyFloor HOST PORT CA_PEM CONNECTIONS WARMUP_SECONDS SECONDS");
            System.exit(2);
        }
        String host = args[0];
        int port = Integer.parseInt(args[1]);
        SslContext tls = SslContextBuilder.forClient().trustManager(new File(args[2])).build();
        int connections = Integer.parseInt(args[3]);
        long warmUpSeconds = Long.parseLong(args[4]);
        long seconds = Long.parseLong(args[5]);

        Transport transport = Transport.current();
        EventLoopGroup group = transport.newGroup(1);
        EventLoop loop = group.next();
        Counts counts = new Counts();
        Bootstrap bootstrap = new Bootstrap().group(loop).channel(transport.socketChannel())
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(tls.newHandler(ch.alloc(), host, port), new HttpClientCodec(),
                                new Loop(host + ":" + port, counts));
                    }
                });
        List<ChannelFuture> opened = new ArrayList<>();
        for (int i = 0; i < connections; i++) {
            opened.add(bootstrap.connect(host, port));
        }
        for (ChannelFuture f : opened) {
            f.sync();
        }
        loop.schedule(counts::startCounting, warmUpSeconds, TimeUnit.SECONDS).sync();
        long[] result = loop.schedule(counts::stop, seconds, TimeUnit.SECONDS).get();
        System.out.println("ok " + result[0] + " errors " + result[1]);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }

    /** Answers counted on the I/O thread; counting starts after the warm-up and ends at the stop. */
    private static final class Counts {
        long ok;
        long errors;
        boolean counting;
        boolean stopped;

        void startCounting() {
            ok = 0;
            errors = 0;
            counting = true;
        }

        long[] stop() {
            stopped = true;
            return new long[] {ok, errors};
        }

        /** Ends the process with status 1, unless the run is over (its connections close at shutdown). */
        void fail(Throwable cause) {
            if (!stopped) {
                System.err.println("NettyFloor: " + cause);
                System.exit(1);
            }
        }
    }

    /** One connection's loop: a request, its response, the next request. */
    private static final class Loop extends ChannelInboundHandlerAdapter {
        private final String hostHeader;
        private final Counts counts;
        private int status;

        Loop(String hostHeader, Counts counts) {
            this.hostHeader = hostHeader;
            this.counts = counts;
        }

        private void send(ChannelHandlerContext ctx) {
            FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/",
                    Unpooled.EMPTY_BUFFER);
            request.headers().set(HttpHeaderNames.HOST, hostHeader);
            ctx.writeAndFlush(request, ctx.voidPromise());
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
            if (event instanceof SslHandshakeCompletionEvent done) {
                if (done.isSuccess()) {
                    send(ctx);
                } else {
                    counts.fail(done.cause());
                }
            }
            ctx.fireUserEventTriggered(event);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (msg instanceof HttpResponse response) {
                    status = response.status().code();
                }
                if (msg instanceof LastHttpContent && !counts.stopped) {
                    if (counts.counting) {
                        if (status == 200) {
                            counts.ok++;
                        } else {
                            counts.errors++;
                        }
                    }
                    send(ctx);
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            counts.fail(new IllegalStateException("a connection closed during the run"));
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            counts.fail(cause);
        }
    }
}
