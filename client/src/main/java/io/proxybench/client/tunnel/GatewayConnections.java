package io.proxybench.client.tunnel;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * The client's HTTP/2 connections to proxies, per proxy endpoint and proxy TLS settings (never per account). A
 * tunnel takes a stream slot on the least busy connection with room; when none has room one new connection opens,
 * and the tunnels that arrive meanwhile wait for it rather than opening their own. Thread-safe.
 *
 * <p>Termination: the caller that opens a connection gets a slot on it; a waiter tries again once that opening
 * ends, and then either gets a slot, waits for another caller's opening or opens one itself; so every opening
 * serves at least its opener and no caller waits for more openings than there are callers.
 */
final class GatewayConnections {

    /** What may share a gateway connection: the proxy's host and port, and the TLS settings used to reach it. */
    record Key(String host, int port, TlsSettings tls) {}

    private final Map<Key, List<GatewayConnection>> live = new HashMap<>();
    /** At most one connection opening per key; completes after it joined {@link #live} (or failed). */
    private final Map<Key, CompletableFuture<GatewayConnection>> opening = new HashMap<>();

    /**
     * A connection with one stream slot reserved for the caller, who releases it ({@link GatewayConnection#release})
     * when the stream ends or cannot be opened.
     *
     * @param open opens a new connection for {@code key}, reporting to the caller's trace; called outside the lock
     */
    CompletableFuture<GatewayConnection> reserve(Key key, Supplier<CompletableFuture<GatewayConnection>> open) {
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
                return pending.handle((c, e) -> null).thenCompose(ignored -> reserve(key, open));
            }
            registered = new CompletableFuture<>();
            opening.put(key, registered);
        }
        // Bookkeeping comes first, so whoever waits on `registered` finds the connection live (or the key free).
        open.get().whenComplete((connection, error) -> {
            synchronized (this) {
                opening.remove(key, registered);
                if (connection != null) {
                    connection.reserve(); // the opener's slot
                    live.computeIfAbsent(key, k -> new ArrayList<>()).add(connection);
                }
            }
            if (error != null) {
                registered.completeExceptionally(error);
            } else {
                registered.complete(connection);
            }
        });
        return registered;
    }

    /** Connections for {@code key} that are open and take streams. */
    synchronized int usable(Key key) {
        List<GatewayConnection> connections = live.get(key);
        return connections == null ? 0 : (int) connections.stream().filter(GatewayConnection::usable).count();
    }
}
