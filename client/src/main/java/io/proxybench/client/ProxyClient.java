package io.proxybench.client;

import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.proxybench.client.event.CallInfo;
import io.proxybench.client.event.CallTrace;
import io.proxybench.client.event.ConnectionInfo;
import io.proxybench.client.event.EventListener;
import io.proxybench.client.event.Phase;
import io.proxybench.client.exchange.ClientConnection;
import io.proxybench.client.exchange.Http1Connection;
import io.proxybench.client.exchange.Http2Connection;
import io.proxybench.client.exchange.NoResponseException;
import io.proxybench.client.metrics.ClientCounters;
import io.proxybench.client.metrics.ExitLabel;
import io.proxybench.client.net.Transport;
import io.proxybench.client.pool.CloseReason;
import io.proxybench.client.pool.ConnectionPool;
import io.proxybench.client.pool.Gauges;
import io.proxybench.client.pool.Grant;
import io.proxybench.client.pool.PoolLimits;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.session.ParsedCredentials;
import io.proxybench.client.session.SessionRouter;
import io.proxybench.client.session.SessionSyntax;
import io.proxybench.client.session.SessionTemplate;
import io.proxybench.client.tunnel.Connector;
import io.proxybench.client.tunnel.Established;
import io.proxybench.client.tunnel.Origin;
import io.proxybench.client.tunnel.Route;
import io.proxybench.client.tunnel.SetupFailedException;
import io.proxybench.client.tunnel.Timeouts;
import io.proxybench.client.tunnel.TlsContexts;
import io.proxybench.client.tunnel.TlsSettings;
import java.net.URI;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A proxy-aware HTTP client whose pool is keyed by exit and origin: a connection is shared only by requests with
 * the same origin, proxy, proxy account (so the same session) and TLS settings. Every phase of every call is
 * reported to an {@link EventListener}, and {@link #counters()} gives created versus reused connections,
 * handshakes per 1,000 requests and wire bytes, in total and per exit.
 *
 * <p>Thread-safe; {@link #send} never blocks. Close it to release its threads and connections.
 */
public final class ProxyClient implements AutoCloseable {

    private static final long MAINTENANCE_MAX_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** Routes kept worked out; past this many (e.g. sessions rotating per window for hours) they start afresh. */
    private static final int MAX_CACHED_ROUTES = 16_384;
    /** Appended to the exit label of calls whose router gives every request a session of its own. */
    static final String PER_REQUEST = "_session-(one per request)";

    private final Builder config;
    private final EventLoopGroup group;
    private final Connector connector;
    /** Pool keyed by route; per-exit caps count by proxy and account, direct routes sharing one exit. */
    private final ConnectionPool<Route, Object, ClientConnection> pool;
    private final ClientCounters counters = new ClientCounters();
    private final AtomicLong callIds = new AtomicLong();
    private final AtomicLong connectionIds = new AtomicLong();
    /**
     * Origins (with TLS settings) whose last new connection negotiated h2, whatever the proxy or session: a new
     * session to one of them opens one connection and lets its burst wait for the streams.
     */
    private final Set<Multiplexed> multiplexed = ConcurrentHashMap.newKeySet();
    /** Routes worked out before, so that a sticky session's requests do not apply and parse its template again. */
    private final Map<RouteInputs, Routed> routes = new ConcurrentHashMap<>();
    private volatile boolean closed;

    private ProxyClient(Builder config) {
        this.config = config;
        Transport transport = Transport.current();
        this.group = transport.newGroup(config.ioThreads);
        this.connector = new Connector(transport, group, config.tlsContexts, config.timeouts, config.proxyProtocol,
                config.maxStreamsPerProxyConnection, gatewayIdle(config.limits));
        this.pool = new ConnectionPool<>(config.limits, r -> r.exit() == null ? ExitLabel.DIRECT : r.exit());
        group.next().schedule(this::maintain, MAINTENANCE_MAX_NANOS, TimeUnit.NANOSECONDS);
    }

    /**
     * How long an HTTP/2 connection to a proxy stays open without tunnels: the pool's keep-alive, or its default when
     * that is 0, since tunnels that are never reused still share the connection they are streams of.
     */
    private static Duration gatewayIdle(PoolLimits limits) {
        return limits.keepAlive().isZero() ? PoolLimits.defaults().keepAlive() : limits.keepAlive();
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Sends a request; the future fails with {@link CallException}, which names the phase that failed and the wire
     * bytes the call cost.
     */
    public CompletableFuture<ProxyResponse> send(ProxyRequest request) {
        if (closed) {
            return CompletableFuture.failedFuture(new IllegalStateException("the client is closed"));
        }
        CallInfo call = new CallInfo(callIds.incrementAndGet(), request.method(), request.uri(),
                request.sessionKey(), 1);
        CallTrace trace = new CallTrace(call, config.listeners.create(call));
        trace.callStart();
        Routed routed;
        try {
            routed = route(request);
        } catch (RuntimeException e) {
            trace.callFailed(e);
            return CompletableFuture.failedFuture(failure(trace.current(), e, WireBytes.NONE));
        }
        trace.proxySelected(routed.route.proxy());
        return attempt(request, routed, trace, WireBytes.NONE);
    }

    /**
     * A call's route, exit label, sticky session id (null when rotating), the keep-alive its connections get
     * (null for the pool's) and its origin's Host header, worked out from the origin, proxy and session id alone: the
     * credentials are parsed once.
     */
    private record Routed(Route route, String exit, String session, Duration keepAlive, String hostHeader) {}

    /** What a {@link Routed} is worked out from; {@code sessionId} is null when no router applies. */
    private record RouteInputs(Origin origin, ProxySpec proxy, String sessionId) {}

    private Routed route(ProxyRequest request) {
        Origin origin = Origin.of(request.uri());
        ProxySpec proxy = request.proxy() != null ? request.proxy() : config.proxy;
        boolean routed = proxy != null && request.sessionKey() != null && config.router != null;
        String id = routed ? config.router.sessionFor(request.sessionKey(), System.nanoTime()) : null;
        if (routed && !config.router.reusesIds()) {
            // No later request gets this session: its connection closes after the call instead of idling, and
            // its counters go under the account's label, not one label per request.
            Routed once = resolve(new RouteInputs(origin, proxy, id));
            return new Routed(once.route, ExitLabel.of(proxy, credentials(proxy)) + " " + PER_REQUEST, once.session,
                    Duration.ZERO, once.hostHeader);
        }
        if (routes.size() >= MAX_CACHED_ROUTES) {
            routes.clear();
        }
        return routes.computeIfAbsent(new RouteInputs(origin, proxy, id), this::resolve);
    }

    private Routed resolve(RouteInputs in) {
        ProxySpec proxy = in.sessionId == null ? in.proxy : config.template.apply(in.proxy, in.sessionId);
        Route route = Route.of(in.origin, proxy, config.tls, config.forceConnect);
        ParsedCredentials credentials = credentials(proxy);
        Duration lifetime = credentials == null ? null : credentials.session().lifetime();
        return new Routed(route, ExitLabel.of(proxy, credentials),
                credentials == null ? null : credentials.session().id(), config.keepAliveSet ? null : lifetime,
                route.origin().hostHeader());
    }

    /** The proxy's account and session, or null without credentials or when they carry no readable session. */
    private static ParsedCredentials credentials(ProxySpec proxy) {
        if (proxy == null || proxy.credentials() == null) {
            return null;
        }
        try {
            return SessionSyntax.parse(proxy.credentials().user(), proxy.credentials().password());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** @param earlier what the call's earlier attempts cost */
    private CompletableFuture<ProxyResponse> attempt(ProxyRequest request, Routed routed, CallTrace trace,
            WireBytes earlier) {
        Route route = routed.route;
        String exit = routed.exit;
        FullHttpRequest http;
        try {
            http = toHttp(request, route, routed.hostHeader);
        } catch (IllegalArgumentException e) {
            trace.callFailed(e);
            return CompletableFuture.failedFuture(failure(Phase.REQUEST, e, earlier));
        }
        // Per-key settings go in just before the acquire, which keeps the key's state until it is used.
        if (routed.keepAlive != null) {
            pool.keepAliveFor(route, routed.keepAlive);
        }
        if (!multiplexed.isEmpty() && multiplexed.contains(new Multiplexed(route.origin(), route.tls()))) {
            pool.expectMultiplexing(route);
        }
        CompletableFuture<Grant<ClientConnection>> granted = pool.acquire(route, request.newConnection(),
                System.nanoTime());
        Grant<ClientConnection> now = granted.isDone() && !granted.isCompletedExceptionally() ? granted.join() : null;
        if (now != null && now.kind() == Grant.Kind.REUSE) {
            // The usual case on a busy key: an open connection at once, so no chain of futures to wait for it.
            counters.acquired(exit, true);
            trace.connectionAcquired(now.connection().info(), true);
            CompletableFuture<ProxyResponse> exchanged;
            try {
                exchanged = exchange(http, routed, new Acquired(now.connection(), true), trace, earlier);
            } catch (RuntimeException | Error e) {
                return recover(e, false, http, request, routed, trace, earlier);
            }
            return exchanged.exceptionallyCompose(error -> recover(error, true, http, request, routed, trace,
                    earlier));
        }
        AtomicBoolean handedOver = new AtomicBoolean();
        boolean queued = !granted.isDone();
        if (queued) {
            trace.queueStart();
        }
        // A failed acquire (no slot in time, a closed pool) put nothing on the wire.
        return granted.exceptionallyCompose(error -> CompletableFuture.failedFuture(
                new Failed(unwrap(error), WireBytes.NONE, false))).thenCompose(grant -> {
            if (queued) {
                trace.queueEnd(grant.waitedNanos());
            }
            if (grant.kind() == Grant.Kind.REUSE) {
                counters.acquired(exit, true);
                trace.connectionAcquired(grant.connection().info(), true);
                return CompletableFuture.completedFuture(new Acquired(grant.connection(), true));
            }
            return connector.connect(route, trace).thenCompose(established -> established.handOver(() -> {
                ClientConnection connection = wrap(route, exit, established, trace);
                counters.created(exit, established.handshakeBytes());
                return connection;
            })).handle((connection, error) -> {
                if (error != null) {
                    pool.createFailed(grant, System.nanoTime());
                    throw setupFailed(unwrap(error));
                }
                if (!connection.multiplexes()) {
                    multiplexed.remove(new Multiplexed(route.origin(), route.tls()));
                }
                pool.created(grant, connection, System.nanoTime());
                counters.acquired(exit, false);
                trace.connectionAcquired(connection.info(), false);
                return new Acquired(connection, false);
            });
        }).thenCompose(acquired -> {
            CompletableFuture<ProxyResponse> exchanged = exchange(http, routed, acquired, trace, earlier);
            handedOver.set(true); // once the exchange has the request it releases it, whatever happens (h2: later)
            return exchanged;
        }).exceptionallyCompose(error -> recover(error, handedOver.get(), http, request, routed, trace, earlier));
    }

    /** A failed setup as the attempt's failure: the phase's own cause, with what the setup cost. */
    private static Failed setupFailed(Throwable error) {
        if (error instanceof SetupFailedException setup) {
            long bytes = setup.bytesOut() + setup.bytesIn();
            return new Failed(setup.getCause(), new WireBytes(setup.bytesOut(), setup.bytesIn(), bytes), false);
        }
        return new Failed(error, WireBytes.UNKNOWN, false);
    }

    /**
     * A failed attempt: sends again on a new connection when the exchange asked for a retry, else fails the call.
     * {@code handedOver}: whether the exchange took the request (and so releases it). A failure that does not say
     * what the attempt cost (one no step expected) leaves the call's bytes unknown.
     */
    private CompletableFuture<ProxyResponse> recover(Throwable error, boolean handedOver, FullHttpRequest http,
            ProxyRequest request, Routed routed, CallTrace trace, WireBytes earlier) {
        Throwable unwrapped = unwrap(error);
        Failed failed = unwrapped instanceof Failed f ? f : new Failed(unwrapped, WireBytes.UNKNOWN, false);
        Throwable cause = failed.getCause();
        WireBytes spent = earlier.plus(failed.spent);
        if (!handedOver && http.refCnt() > 0) {
            http.release();
        }
        if (failed.retry) {
            counters.retried(routed.exit);
            CallTrace again = new CallTrace(trace.call().retry(), trace.listener());
            return attempt(request.withNewConnection(), routed, again, spent);
        }
        trace.callFailed(cause);
        return CompletableFuture.failedFuture(
                cause instanceof CallException ce ? ce : failure(trace.current(), cause, spent));
    }

    private static CallException failure(Phase phase, Throwable cause, WireBytes spent) {
        return new CallException(phase, cause, spent.out(), spent.in(), spent.handshake());
    }

    /** @param earlier what the call's earlier attempts cost, which its response or failure includes */
    private CompletableFuture<ProxyResponse> exchange(FullHttpRequest http, Routed routed, Acquired acquired,
            CallTrace trace, WireBytes earlier) {
        String exit = routed.exit;
        ClientConnection connection = acquired.connection;
        boolean multiplexed = connection instanceof Http2Connection;
        long outBefore = connection.meter().bytesOut();
        long inBefore = connection.meter().bytesIn();
        long handshakeOut = acquired.reused ? 0 : outBefore;
        long handshakeIn = acquired.reused ? 0 : inBefore;
        long requestBody = http.content().readableBytes();
        trace.requestHeadersStart();
        return connection.exchange(http, trace, config.timeouts.request(), config.maxBodyBytes)
                .handle((result, error) -> {
                    // HTTP/1.1 carries one call at a time, so the connection's traffic meanwhile is this call's;
                    // an HTTP/2 stream shares it, so the call is charged with its payload only.
                    long out = handshakeOut + (multiplexed ? requestBody : connection.meter().bytesOut() - outBefore);
                    long in = handshakeIn + (multiplexed ? (result == null ? 0 : result.bodyBytes())
                            : connection.meter().bytesIn() - inBefore);
                    connection.attribute(out, in);
                    counters.request(exit, out, in);
                    WireBytes spent = new WireBytes(out, in, handshakeOut + handshakeIn);
                    if (error != null) {
                        Throwable cause = unwrap(error);
                        trace.connectionReleased(connection.info());
                        pool.release(connection, connection.survivesFailedExchange(), CloseReason.ERROR,
                                System.nanoTime());
                        throw new Failed(cause, spent, cause instanceof NoResponseException && acquired.reused
                                && trace.call().attempt() == 1);
                    }
                    trace.connectionReleased(connection.info());
                    CloseReason retired = pool.release(connection, result.reusable(), result.closeReason(),
                            System.nanoTime());
                    WireBytes call = earlier.plus(spent);
                    ProxyResponse response = new ProxyResponse(result.status(), result.headers(), result.body(),
                            result.bodyBytes(), connection.info(), acquired.reused, trace.call().attempt(), exit,
                            routed.session, trace.timings(), call.out(), call.in(), call.handshake(), retired);
                    trace.callEnd();
                    return response;
                });
    }

    /** The exchange of a new connection, its handlers added; on its event loop, see {@link Established#handOver}. */
    private ClientConnection wrap(Route route, String exit, Established established, CallTrace trace) {
        ConnectionInfo info = new ConnectionInfo(connectionIds.incrementAndGet(), route.proxy(),
                established.protocol(), route.mode() == Route.Mode.TUNNEL, established.tlsGroup(),
                established.gatewayConnectionId());
        EventListener creator = trace.listener();
        ClientConnection connection = info.protocol().equals("h2")
                ? new Http2Connection(info, route, established.channel(), established.meter(),
                        config.maxStreamsPerConnection, (c, reason) -> closed(c, reason, exit, creator),
                        this::settingsRead)
                : new Http1Connection(info, route, established.channel(), established.meter(),
                        (c, reason) -> closed(c, reason, exit, creator));
        return connection;
    }

    /** The server said how many streams it allows: learn whether its origin multiplexes, and use the streams. */
    private void settingsRead(Http2Connection connection) {
        Multiplexed origin = new Multiplexed(connection.route().origin(), connection.route().tls());
        if (connection.maxConcurrentRequests() > 1) {
            multiplexed.add(origin);
        } else {
            multiplexed.remove(origin);
        }
        pool.slotsChanged(connection, System.nanoTime());
    }

    private void closed(ClientConnection connection, CloseReason reason, String exit, EventListener creator) {
        counters.closed(exit, reason);
        counters.unattributed(exit, connection.unattributedOut(), connection.unattributedIn());
        creator.connectionClosed(connection.info(), reason);
    }

    /**
     * The request as sent: origin-form, or absolute-form (without user info or fragment) to a forward proxy.
     * The template's headers go first; Host and User-Agent are added only when it has none.
     *
     * @throws IllegalArgumentException for a method or header Netty refuses to write
     */
    private FullHttpRequest toHttp(ProxyRequest request, Route route, String hostHeader) {
        URI uri = request.uri();
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String target = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
        if (route.mode() == Route.Mode.FORWARD) {
            target = route.origin().scheme() + "://" + hostHeader + target;
        }
        FullHttpRequest http = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.valueOf(request.method()),
                target, Unpooled.wrappedBuffer(request.body()));
        try {
            for (Map.Entry<String, String> h : request.headers()) {
                http.headers().add(h.getKey(), h.getValue());
            }
        } catch (IllegalArgumentException e) {
            http.release();
            throw new IllegalArgumentException("bad request header: " + e.getMessage(), e);
        }
        if (!http.headers().contains(HttpHeaderNames.HOST)) {
            http.headers().set(HttpHeaderNames.HOST, hostHeader);
        }
        if (!http.headers().contains(HttpHeaderNames.USER_AGENT)) {
            http.headers().set(HttpHeaderNames.USER_AGENT, config.userAgent);
        }
        if (request.body().length > 0 || !http.headers().contains(HttpHeaderNames.CONTENT_LENGTH)
                && (request.method().equals("POST") || request.method().equals("PUT"))) {
            http.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, request.body().length);
        }
        if (route.mode() == Route.Mode.FORWARD && route.proxy().credentials() != null) {
            http.headers().set(HttpHeaderNames.PROXY_AUTHORIZATION,
                    "Basic " + route.proxy().credentials().basicToken());
        }
        return http;
    }

    /**
     * Sends one request per session key before real traffic, so each session has its exit (and, with keep-alive,
     * its connection) in place. Completes when all have answered or failed; failures are not errors here.
     */
    public CompletableFuture<Void> warmUp(Collection<String> sessionKeys, String url) {
        return CompletableFuture.allOf(sessionKeys.stream()
                .map(key -> send(ProxyRequest.get(url).withSessionKey(key)).handle((r, e) -> null))
                .toArray(CompletableFuture[]::new));
    }

    /** Marks {@code sessionKey}'s last response as blocked: its next request gets a new session. */
    public void markBlocked(String sessionKey) {
        if (config.router != null) {
            config.router.blocked(sessionKey);
        }
    }

    public ClientCounters.Snapshot counters() {
        return counters.snapshot();
    }

    /** HTTP/2 connections to proxies and the tunnels they carried; fallbacks to HTTP/1.1 (all zero without h2). */
    public Connector.GatewayStats gatewayStats() {
        return connector.gatewayStats();
    }

    /** Pool gauges: requests in flight, idle connections, waiting acquisitions, connections. */
    public Gauges poolGauges() {
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

    /** Closes every connection and stops the client's I/O threads; a second call does nothing. */
    @Override
    public void close() {
        closed = true;
        pool.close();
        connector.close();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private static Throwable unwrap(Throwable t) {
        while ((t instanceof CompletionException || t instanceof java.util.concurrent.ExecutionException)
                && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    private record Acquired(ClientConnection connection, boolean reused) {}

    /**
     * Wire bytes an attempt or a call cost (TCP payload, TLS and proxy handshakes included): sent, received, and the
     * part of them that set connections up. {@link #UNKNOWN} when the client could not tell.
     */
    private record WireBytes(long out, long in, long handshake) {
        static final WireBytes NONE = new WireBytes(0, 0, 0);
        static final WireBytes UNKNOWN = new WireBytes(CallException.UNKNOWN, CallException.UNKNOWN,
                CallException.UNKNOWN);

        /** Both together; unknown when either is. */
        WireBytes plus(WireBytes other) {
            return equals(UNKNOWN) || other.equals(UNKNOWN) ? UNKNOWN
                    : new WireBytes(out + other.out, in + other.in, handshake + other.handshake);
        }
    }

    /** What decides whether a new connection will negotiate h2: the origin and the TLS settings (ALPN). */
    private record Multiplexed(Origin origin, TlsSettings tls) {}

    /** Internal: an attempt failed with its cause, having cost {@code spent}; {@code retry} asks for one more. */
    private static final class Failed extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient WireBytes spent;
        /** Send the call again, once, on a new connection. */
        private final boolean retry;

        Failed(Throwable cause, WireBytes spent, boolean retry) {
            super(cause.getMessage(), cause, false, false);
            this.spent = spent;
            this.retry = retry;
        }
    }

    /** How a client is built; every setting has a default. */
    public static final class Builder {
        private ProxySpec proxy;
        private SessionTemplate template;
        private SessionRouter router;
        private TlsSettings tls = TlsSettings.system();
        private boolean forceConnect;
        private PoolLimits limits = PoolLimits.defaults();
        private boolean keepAliveSet;
        private Timeouts timeouts = Timeouts.defaults();
        private int maxBodyBytes = 16 << 20;
        private int maxStreamsPerConnection = 100;
        private ProxyProtocol proxyProtocol = ProxyProtocol.HTTP1;
        private int maxStreamsPerProxyConnection = 100;
        private int ioThreads;
        private String userAgent = "proxybench/0.1";
        private EventListener.Factory listeners = call -> EventListener.NONE;
        private final TlsContexts tlsContexts = new TlsContexts();

        private Builder() {}

        /** The proxy for requests that name none; null (the default) means direct. */
        public Builder proxy(ProxySpec proxy) {
            this.proxy = proxy;
            return this;
        }

        public Builder proxy(String url) {
            return proxy(ProxySpec.parse(url));
        }

        /** Requests with a session key get the router's session, written into the credentials by the template. */
        public Builder sessions(SessionTemplate template, SessionRouter router) {
            this.template = template;
            this.router = router;
            return this;
        }

        public Builder tls(TlsSettings tls) {
            this.tls = tls;
            return this;
        }

        /** Tunnel {@code http://} origins with CONNECT too, instead of forwarding absolute-URI requests. */
        public Builder forceConnect(boolean forceConnect) {
            this.forceConnect = forceConnect;
            return this;
        }

        public Builder limits(PoolLimits limits) {
            this.limits = limits;
            this.keepAliveSet = true;
            return this;
        }

        public Builder timeouts(Timeouts timeouts) {
            this.timeouts = timeouts;
            return this;
        }

        public Builder maxBodyBytes(int bytes) {
            this.maxBodyBytes = bytes;
            return this;
        }

        public Builder maxStreamsPerConnection(int streams) {
            this.maxStreamsPerConnection = streams;
            return this;
        }

        /**
         * What to ask {@code https://} proxies for by ALPN: with {@link ProxyProtocol#H2_PREFERRED} each tunnel is a
         * stream on a shared HTTP/2 connection to the proxy, carrying its own credentials (so its own session); a
         * proxy that chooses HTTP/1.1 is used that way, reported by {@link EventListener#proxyProtocolFallback} and
         * counted in {@link #gatewayStats()}. Other proxy schemes are unaffected. Default HTTP1.
         */
        public Builder proxyProtocol(ProxyProtocol protocol) {
            this.proxyProtocol = protocol;
            return this;
        }

        /** Tunnels at most on one HTTP/2 connection to a proxy (the proxy's own limit applies too); default 100. */
        public Builder maxStreamsPerProxyConnection(int streams) {
            this.maxStreamsPerProxyConnection = streams;
            return this;
        }

        /** I/O threads; 0 (the default) is twice the cores. */
        public Builder ioThreads(int threads) {
            this.ioThreads = threads;
            return this;
        }

        public Builder userAgent(String userAgent) {
            this.userAgent = userAgent;
            return this;
        }

        public Builder eventListenerFactory(EventListener.Factory factory) {
            this.listeners = factory;
            return this;
        }

        /** @throws IllegalArgumentException for inconsistent settings or TLS settings that cannot be used */
        public ProxyClient build() {
            if ((template == null) != (router == null)) {
                throw new IllegalArgumentException("sessions need both a template and a router");
            }
            if (proxyProtocol == null) {
                throw new IllegalArgumentException("proxyProtocol is null; use HTTP1 or H2_PREFERRED");
            }
            if (maxStreamsPerProxyConnection < 1) {
                throw new IllegalArgumentException("maxStreamsPerProxyConnection " + maxStreamsPerProxyConnection
                        + " must be at least 1");
            }
            if (proxyProtocol == ProxyProtocol.H2_PREFERRED && proxy != null
                    && proxy.scheme() != ProxyScheme.HTTPS) {
                throw new IllegalArgumentException("proxyProtocol H2_PREFERRED needs an https:// proxy (HTTP/2 is"
                        + " negotiated by TLS ALPN), not " + proxy);
            }
            tlsContexts.origin(tls);
            tlsContexts.proxy(tls, proxyProtocol);
            return new ProxyClient(this);
        }
    }
}
