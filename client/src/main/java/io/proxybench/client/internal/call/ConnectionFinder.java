package io.proxybench.client.internal.call;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.WireBytes;
import io.proxybench.client.event.CloseReason;
import io.proxybench.client.event.ConnectionInfo;
import io.proxybench.client.event.EventListener;
import io.proxybench.client.internal.connect.Connector;
import io.proxybench.client.internal.connect.Established;
import io.proxybench.client.internal.connect.Origin;
import io.proxybench.client.internal.connect.Route;
import io.proxybench.client.internal.connect.SetupFailedException;
import io.proxybench.client.internal.event.CallTrace;
import io.proxybench.client.internal.exchange.ClientConnection;
import io.proxybench.client.internal.exchange.Http1Connection;
import io.proxybench.client.internal.exchange.Http2Connection;
import io.proxybench.client.internal.metrics.ClientCounters;
import io.proxybench.client.internal.pool.Acquire;
import io.proxybench.client.internal.pool.ConnectionPool;
import io.proxybench.client.internal.pool.Grant;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Finds an attempt its connection: an open one of its route from the pool, or a new one the {@link Connector} sets
 * up and the finder wraps in an HTTP/1.1 or HTTP/2 exchange. It learns which origins multiplex (their last new
 * connection negotiated h2 with more than one stream), and says so with each acquire of such an origin's routes, so
 * a new session to one of them opens one connection and lets its burst wait for the streams.
 */
final class ConnectionFinder {

    private final ClientSettings settings;
    private final ConnectionPool<Route, Object, ClientConnection> pool;
    private final Connector connector;
    private final ClientCounters counters;
    private final AtomicLong connectionIds = new AtomicLong();
    /** Origins (with TLS settings) whose last new connection negotiated h2, whatever the proxy or session. */
    private final Set<Multiplexed> multiplexed = ConcurrentHashMap.newKeySet();

    /** What decides whether a new connection will negotiate h2: the origin and the TLS settings (ALPN). */
    private record Multiplexed(Origin origin, TlsSettings tls) {}

    ConnectionFinder(ClientSettings settings, ConnectionPool<Route, Object, ClientConnection> pool,
            Connector connector, ClientCounters counters) {
        this.settings = settings;
        this.pool = pool;
        this.connector = connector;
        this.counters = counters;
    }

    /**
     * Asks the pool for {@code route}; {@code fresh}: a new connection, never an open one. The grant when the pool
     * has one at once (no future made: the path of most requests), else null: then {@link #acquire} waits for one.
     */
    Grant<ClientConnection> grantNow(Route route, boolean fresh) {
        return pool.grantNow(route, how(route, fresh), System.nanoTime());
    }

    /** Asks the pool for {@code route}, waiting when it has no grant at once. */
    CompletableFuture<Grant<ClientConnection>> acquire(Route route, boolean fresh) {
        return pool.acquire(route, how(route, fresh), System.nanoTime());
    }

    private Acquire how(Route route, boolean fresh) {
        boolean expectMultiplexing = !multiplexed.isEmpty()
                && multiplexed.contains(new Multiplexed(route.origin(), route.tls()));
        return Acquire.of(fresh, expectMultiplexing);
    }

    /** An open connection the pool granted: counted and reported as reused. */
    void reused(Grant<ClientConnection> grant, String exit, CallTrace trace) {
        counters.acquired(exit, true);
        trace.connectionAcquired(grant.connection().info(), true);
    }

    /**
     * The connection of a grant not yet given, or of a CREATE grant: the open one it grants, or a new one. A failed
     * setup fails with an {@link AttemptFailed} carrying what the setup cost.
     */
    CompletableFuture<Acquired> connection(CompletableFuture<Grant<ClientConnection>> granted, Routed routed,
            CallTrace trace) {
        boolean queued = !granted.isDone();
        if (queued) {
            trace.queueStart();
        }
        // A failed acquire (no slot in time, a closed pool) put nothing on the wire.
        return granted.exceptionallyCompose(error -> CompletableFuture.failedFuture(
                new AttemptFailed(FailureCause.unwrap(error), WireBytes.NONE, null, false))).thenCompose(grant -> {
            if (queued) {
                trace.queueEnd(grant.waitedNanos());
            }
            if (grant.kind() == Grant.Kind.REUSE) {
                reused(grant, routed.exit(), trace);
                return CompletableFuture.completedFuture(new Acquired(grant.connection(), true));
            }
            return create(grant, routed, trace);
        });
    }

    private CompletableFuture<Acquired> create(Grant<ClientConnection> grant, Routed routed, CallTrace trace) {
        Route route = routed.route();
        String exit = routed.exit();
        return connector.connect(route, trace).thenCompose(established -> established.handOver(() -> {
            ClientConnection connection = wrap(route, exit, established, trace);
            counters.created(exit, established.handshakeBytes());
            return connection;
        })).handle((connection, error) -> {
            if (error != null) {
                pool.createFailed(grant, System.nanoTime());
                throw setupFailed(FailureCause.unwrap(error), exit);
            }
            if (!connection.multiplexes()) {
                multiplexed.remove(new Multiplexed(route.origin(), route.tls()));
            }
            pool.created(grant, connection, System.nanoTime());
            counters.acquired(exit, false);
            trace.connectionAcquired(connection.info(), false);
            return new Acquired(connection, false);
        });
    }

    /**
     * A failed setup as the attempt's failure: the phase's own cause, with what the setup cost, on a connection of
     * its own when it got one (which the counters then count as opened, and closed) or none.
     */
    private AttemptFailed setupFailed(Throwable error, String exit) {
        if (error instanceof SetupFailedException setup) {
            long bytes = setup.bytesOut() + setup.bytesIn();
            if (setup.opened()) {
                counters.setupFailed(exit, setup.bytesOut(), setup.bytesIn());
            }
            return new AttemptFailed(setup.getCause(), new WireBytes(setup.bytesOut(), setup.bytesIn(), bytes),
                    setup.opened() ? Boolean.FALSE : null, false);
        }
        return new AttemptFailed(error, WireBytes.UNKNOWN, null, false);
    }

    /** The exchange of a new connection, its handlers added; on its event loop, see {@link Established#handOver}. */
    private ClientConnection wrap(Route route, String exit, Established established, CallTrace trace) {
        ConnectionInfo info = new ConnectionInfo(connectionIds.incrementAndGet(), route.proxy(),
                established.protocol(), route.mode() == Route.Mode.TUNNEL, established.tlsGroup(),
                established.gatewayConnectionId());
        EventListener creator = trace.listener();
        return info.protocol().equals("h2")
                ? new Http2Connection(info, route, established.channel(), established.meter(),
                        settings.maxStreamsPerConnection(), (c, reason) -> closed(c, reason, exit, creator),
                        this::settingsRead)
                : new Http1Connection(info, route, established.channel(), established.meter(),
                        (c, reason) -> closed(c, reason, exit, creator));
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
}
