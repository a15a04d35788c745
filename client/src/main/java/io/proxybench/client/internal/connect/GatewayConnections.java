package io.proxybench.client.internal.connect;

import io.netty.channel.Channel;
import io.proxybench.client.TlsSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The client's HTTP/2 connections to proxies, per proxy endpoint and proxy TLS settings (never per account). A
 * tunnel takes a stream slot on the least busy connection with room; when none has room one new connection opens,
 * and the tunnels that arrive meanwhile wait for it rather than opening their own. A connection left without streams
 * for the idle time closes, and so does one the proxy sent GOAWAY once its last stream ends. Thread-safe.
 *
 * <p>Termination: the caller that opens a connection gets a slot on it; a waiter tries again once that opening
 * ends, and then either gets a slot, waits for another caller's opening or opens one itself; so every opening
 * serves at least its opener and no caller waits for more openings than there are callers.
 */
final class GatewayConnections {

    /** What may share a gateway connection: the proxy's host and port, and the TLS settings used to reach it. */
    record Key(String host, int port, TlsSettings tls) {

        /** The proxy endpoint of a route through an {@code https://} proxy, with the route's proxy TLS settings. */
        static Key of(Route route) {
            return new Key(route.proxy().host(), route.proxy().port(), route.proxyTls());
        }
    }

    /**
     * @param open gateway connections whose socket is open now (taking streams or draining)
     * @param peak the most that were open at once
     * @param wireBytes bytes both ways on every gateway socket so far: proxy TLS, HTTP/2 frames and tunnel payload
     */
    record Usage(int open, int peak, long wireBytes) {}

    private final long idleNanos;
    /** Connections that may take streams, per key; a connection leaves when it stops taking them. */
    private final Map<Key, List<GatewayConnection>> live = new HashMap<>();
    /** At most one connection opening per key; completes after it joined {@link #live} (or failed). */
    private final Map<Key, CompletableFuture<GatewayConnection>> opening = new HashMap<>();
    /** Every connection whose socket is open, live or draining. */
    private final Set<GatewayConnection> open = new HashSet<>();
    private int peak;
    private long closedWireBytes;

    /** @param idle how long a connection without streams stays open */
    GatewayConnections(Duration idle) {
        this.idleNanos = idle.toNanos();
    }

    /**
     * A connection with one stream slot reserved for the caller, who releases it ({@link #release}) when the stream
     * ends or cannot be opened.
     *
     * @param connect opens a new connection for {@code key}, reporting to the caller's trace; called outside the lock
     */
    CompletableFuture<GatewayConnection> reserve(Key key, Supplier<CompletableFuture<GatewayConnection>> connect) {
        CompletableFuture<GatewayConnection> registered;
        synchronized (this) {
            List<GatewayConnection> connections = live.computeIfAbsent(key, k -> new ArrayList<>());
            connections.removeIf(c -> !c.usable());
            GatewayConnection best = connections.stream().filter(GatewayConnection::hasRoom)
                    .min(Comparator.comparingInt(GatewayConnection::streams)).orElse(null);
            if (best != null) {
                best.reserve();
                return CompletableFuture.completedFuture(best);
            }
            CompletableFuture<GatewayConnection> pending = opening.get(key);
            if (pending != null) {
                return pending.handle((c, e) -> null).thenCompose(ignored -> reserve(key, connect));
            }
            registered = new CompletableFuture<>();
            opening.put(key, registered);
        }
        CompletableFuture<GatewayConnection> connecting;
        try {
            connecting = connect.get();
        } catch (RuntimeException e) {
            connecting = CompletableFuture.failedFuture(e);
        }
        // Bookkeeping comes first, so whoever waits on `registered` finds the connection live (or the key free).
        connecting.whenComplete((connection, error) -> {
            if (connection != null) {
                joined(connection);
            }
            synchronized (this) {
                opening.remove(key, registered);
            }
            if (error != null) {
                registered.completeExceptionally(error);
            } else {
                registered.complete(connection);
            }
        });
        return registered;
    }

    /** A new connection, with its opener's slot reserved, becomes live and is counted until its socket closes. */
    private void joined(GatewayConnection connection) {
        synchronized (this) {
            connection.reserve();
            live.computeIfAbsent(connection.key(), k -> new ArrayList<>()).add(connection);
            open.add(connection);
            peak = Math.max(peak, open.size());
        }
        connection.channel().closeFuture().addListener(f -> {
            synchronized (this) {
                if (open.remove(connection)) {
                    closedWireBytes += connection.wireBytes();
                }
            }
        });
    }

    /**
     * The caller's stream ended or never opened. A connection the proxy sent GOAWAY closes with its last stream; a
     * live one left without streams closes after the idle time unless a tunnel reserved a stream meanwhile.
     */
    synchronized void release(GatewayConnection connection) {
        connection.release();
        if (connection.streams() > 0 || !connection.channel().isActive() || connection.retired()) {
            return; // still in use, or closed or closing (its streams end with it)
        }
        if (!connection.usable()) {
            connection.retire(null); // told to go away: done with its last stream
            return;
        }
        long seen = connection.reservations();
        connection.channel().eventLoop().schedule(() -> closeIfIdle(connection, seen), idleNanos,
                TimeUnit.NANOSECONDS);
    }

    private synchronized void closeIfIdle(GatewayConnection connection, long seen) {
        if (connection.streams() == 0 && connection.reservations() == seen) {
            connection.retire(null);
        }
    }

    /** The proxy sent GOAWAY on {@code connection}: it takes no new streams, and closes now if it has none. */
    synchronized void goAway(GatewayConnection connection) {
        connection.goAway();
        if (connection.streams() == 0) {
            connection.retire(null);
        }
    }

    /** An error ended {@code connection}: no new streams; it closes, and {@code cause} is its tunnels' reason. */
    synchronized void failed(GatewayConnection connection, Throwable cause) {
        connection.retire(cause);
    }

    /**
     * Closes every connection and returns once their sockets are closed: each sends GOAWAY and TLS close_notify as its
     * handlers close it (their streams end with it), and one still open after {@code wait} is closed at once,
     * without them. Sockets are closed from their event loops, so a client that stops its event loops right after
     * this would otherwise leave some open.
     */
    void closeAll(Duration wait) {
        List<GatewayConnection> closing;
        synchronized (this) {
            closing = new ArrayList<>(open);
            closing.forEach(c -> c.retire(null));
        }
        long deadline = System.nanoTime() + wait.toNanos();
        for (GatewayConnection c : closing) {
            c.channel().closeFuture().awaitUninterruptibly(Math.max(0, deadline - System.nanoTime()),
                    TimeUnit.NANOSECONDS);
        }
        for (GatewayConnection c : closing) {
            Channel ch = c.channel();
            if (ch.isOpen()) {
                ch.eventLoop().execute(() -> ch.unsafe().close(ch.voidPromise()));
                ch.closeFuture().awaitUninterruptibly(wait.toMillis());
            }
        }
    }

    synchronized Usage usage() {
        long wire = closedWireBytes;
        for (GatewayConnection c : open) {
            wire += c.wireBytes();
        }
        return new Usage(open.size(), peak, wire);
    }
}
