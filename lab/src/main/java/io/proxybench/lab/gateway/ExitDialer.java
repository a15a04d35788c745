package io.proxybench.lab.gateway;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.netty.util.concurrent.Promise;
import io.proxybench.lab.exits.Exit;
import io.proxybench.lab.exits.ExitChoice;
import io.proxybench.lab.faults.DelayHandler;
import io.proxybench.lab.faults.Injection;
import io.proxybench.lab.faults.LatencyPlan;
import io.proxybench.net.Transport;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Opens upstream connections from an exit: the socket binds to the exit's address (so the target sees the exit as
 * its client), after what is left of the exit's setup time and one gateway-target round trip, with that leg's
 * latency on every chunk; both from the latency plan current when the dial starts, which the connection keeps.
 * Upstream channels do not read on their own ({@code AUTO_READ} off): their handlers pull.
 */
final class ExitDialer {

    private final Transport transport;
    private final Injection injection;
    private final int connectTimeoutMillis;
    private final GatewayCounters counters;

    /** Every upstream connection open now (a closed one leaves the group by itself). */
    private final ChannelGroup upstreams = new DefaultChannelGroup("lab-upstreams", GlobalEventExecutor.INSTANCE);

    ExitDialer(Transport transport, Injection injection, int connectTimeoutMillis, GatewayCounters counters) {
        this.transport = transport;
        this.injection = injection;
        this.connectTimeoutMillis = connectTimeoutMillis;
        this.counters = counters;
    }

    /**
     * Dials {@code destination} from the chosen exit on {@code loop}; {@code pipeline} adds the caller's handlers.
     * The future fails with the connect error, or when the exit cannot bind its address.
     */
    Future<Channel> dial(EventLoop loop, ExitChoice choice, InetSocketAddress destination,
            Consumer<Channel> pipeline) {
        counters.upstreamDial();
        Promise<Channel> promise = loop.newPromise();
        Exit exit = choice.exit();
        LatencyPlan latency = injection.latency();
        Duration targetRtt = latency.targetRtt();
        long delayNanos = choice.setupLeftNanos(latency.exitSetup(), System.nanoTime()) + targetRtt.toNanos();
        Runnable connect = () -> connect(loop, exit, destination, targetRtt, pipeline, promise);
        if (delayNanos > 0) {
            loop.schedule(connect, delayNanos, TimeUnit.NANOSECONDS);
        } else {
            connect.run();
        }
        return promise;
    }

    private void connect(EventLoop loop, Exit exit, InetSocketAddress destination, Duration targetRtt,
            Consumer<Channel> pipeline, Promise<Channel> promise) {
        Bootstrap b = new Bootstrap()
                .group(loop)
                .channel(transport.socketChannel())
                .option(ChannelOption.AUTO_READ, false)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, connectTimeoutMillis)
                .localAddress(new InetSocketAddress(exit.address(), 0))
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        upstreams.add(ch);
                        if (!targetRtt.isZero()) {
                            ch.pipeline().addLast("target-leg-delay", new DelayHandler(targetRtt));
                        }
                        pipeline.accept(ch);
                    }
                });
        ChannelFuture f = b.connect(destination);
        f.addListener(done -> {
            if (done.isSuccess()) {
                promise.trySuccess(f.channel());
            } else {
                counters.upstreamDialFailure();
                promise.tryFailure(done.cause());
            }
        });
    }

    /** Closes every upstream connection and waits until each has closed (a delayed close included). */
    void closeAll() {
        upstreams.close().syncUninterruptibly();
    }
}
