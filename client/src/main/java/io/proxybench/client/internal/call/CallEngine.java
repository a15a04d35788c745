package io.proxybench.client.internal.call;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.proxybench.client.Call;
import io.proxybench.client.PoolLimits;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.event.CallInfo;
import io.proxybench.client.event.ClientCounts;
import io.proxybench.client.event.GatewayStats;
import io.proxybench.client.event.PoolGauges;
import io.proxybench.client.internal.connect.Connector;
import io.proxybench.client.internal.connect.Route;
import io.proxybench.client.internal.decode.AvailableCodings;
import io.proxybench.client.internal.event.CallTrace;
import io.proxybench.client.internal.exchange.ClientConnection;
import io.proxybench.client.internal.exchange.ExchangeLimits;
import io.proxybench.client.internal.metrics.ClientCounters;
import io.proxybench.client.internal.metrics.ExitLabel;
import io.proxybench.client.internal.pool.ConnectionPool;
import io.proxybench.net.Transport;
import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;

/**
 * Everything a client runs on: its I/O threads, the connector, the pool keyed by route (per-exit caps counting by
 * proxy and account, direct routes sharing one exit), the counters, and the parts each {@link RealCall} goes through.
 * The pool's timers run on an I/O thread, at most {@link #MAINTENANCE_MAX_NANOS} apart.
 */
public final class CallEngine implements AutoCloseable {

    private static final long MAINTENANCE_MAX_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final ClientSettings settings;
    private final EventLoopGroup group;
    /** The I/O thread whose timer {@link #schedule} uses: one, so that a load generator's batches keep their order. */
    private final EventLoop timerLoop;
    private final Connector connector;
    private final ConnectionPool<Route, Object, ClientConnection> pool;
    private final ClientCounters counters = new ClientCounters();
    private final RealCall.ClientParts parts;
    private final AtomicLong callIds = new AtomicLong();
    private volatile boolean closed;

    /** @param ioThreads I/O threads; 0 for twice the cores */
    public CallEngine(ClientSettings settings, int ioThreads) {
        this.settings = settings;
        Transport transport = Transport.current();
        this.group = transport.newGroup(ioThreads);
        this.timerLoop = group.next();
        this.connector = new Connector(transport, group, settings.tlsContexts(), settings.timeouts(),
                settings.proxyProtocol(), settings.maxStreamsPerProxyConnection(), gatewayIdle(settings.limits()),
                settings.dns());
        this.pool = new ConnectionPool<>(settings.limits(), r -> r.exit() == null ? ExitLabel.DIRECT : r.exit(),
                Route::keepAlive);
        this.parts = new RealCall.ClientParts(new Routes(settings), new RequestEncoder(settings.userAgent(),
                settings.decompression() ? AvailableCodings.acceptEncoding() : null),
                new ConnectionFinder(settings, pool, connector, counters),
                new ExchangeSender(settings, pool, counters),
                counters, pool, settings.timeouts(), group, new ExchangeLimits(
                        settings.timeouts().responseHead().toNanos(), settings.timeouts().readIdle().toNanos()),
                settings.redirects(), settings.cookies(), settings.retries(), settings.router(),
                settings.decompression());
        group.next().schedule(this::maintain, MAINTENANCE_MAX_NANOS, TimeUnit.NANOSECONDS);
    }

    /**
     * How long an HTTP/2 connection to a proxy stays open without tunnels: the pool's keep-alive, or its default when
     * that is 0, since tunnels that are never reused still share the connection they are streams of.
     */
    private static Duration gatewayIdle(PoolLimits limits) {
        return limits.keepAlive().isZero() ? PoolLimits.defaults().keepAlive() : limits.keepAlive();
    }

    /**
     * Sends {@code request}, telling {@code done} once: the response, or a {@link io.proxybench.client.CallException}
     * ({@link IllegalStateException} once closed). See {@code ProxyClient.send(ProxyRequest, BiConsumer)}.
     *
     * @param stream where a streamed body goes; null to buffer it
     * @return the call, to cancel it
     */
    public Call send(ProxyRequest request, ResponseBodyStream stream,
            BiConsumer<? super ProxyResponse, ? super Throwable> done) {
        if (closed) {
            RealCall.tell(done, null, new IllegalStateException("the client is closed"));
            return ENDED;
        }
        CallInfo call = new CallInfo(callIds.incrementAndGet(), request.method(), request.uri(),
                request.sessionKey(), 1);
        CallTrace trace = new CallTrace(call, settings.listeners().create(call));
        RealCall real = new RealCall(request, parts, stream, done);
        real.execute(trace);
        return real;
    }

    /** A call that ended before it began. */
    private static final Call ENDED = new Call() {
        @Override
        public void cancel() {}

        @Override
        public boolean isCancelled() {
            return false;
        }
    };

    /** Runs {@code task} on the timer's I/O thread after {@code delayNanos}; see {@code ProxyClient.schedule}. */
    public void schedule(Runnable task, long delayNanos) {
        if (closed) {
            throw new IllegalStateException("the client is closed");
        }
        try {
            timerLoop.schedule(task, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            throw new IllegalStateException("the client is closed", e);
        }
    }

    public ClientCounts counters() {
        return counters.snapshot();
    }

    public GatewayStats gatewayStats() {
        return connector.gatewayStats();
    }

    public PoolGauges poolGauges() {
        return pool.gauges();
    }

    private void maintain() {
        if (closed) {
            return;
        }
        long next = pool.maintain(System.nanoTime());
        group.next().schedule(this::maintain, Math.max(TimeUnit.MILLISECONDS.toNanos(5),
                Math.min(next, MAINTENANCE_MAX_NANOS)), TimeUnit.NANOSECONDS);
    }

    /** Closes every connection and stops the I/O threads; a second call does nothing. */
    @Override
    public void close() {
        closed = true;
        pool.close();
        connector.close();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
