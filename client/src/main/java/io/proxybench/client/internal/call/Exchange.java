package io.proxybench.client.internal.call;

import io.netty.handler.codec.http.FullHttpRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.event.CloseReason;
import io.proxybench.client.internal.connect.Route;
import io.proxybench.client.internal.event.CallTrace;
import io.proxybench.client.internal.exchange.ClientConnection;
import io.proxybench.client.internal.exchange.ExchangeResult;
import io.proxybench.client.internal.exchange.Http2Connection;
import io.proxybench.client.internal.exchange.NoResponseException;
import io.proxybench.client.internal.exchange.StreamedBody;
import io.proxybench.client.internal.metrics.ClientCounters;
import io.proxybench.client.internal.pool.ConnectionPool;
import java.util.concurrent.CompletableFuture;

/**
 * One request and its response on an acquired connection, and what they cost on the wire. HTTP/1.1 carries one call
 * at a time, so the connection's traffic meanwhile is the call's; an HTTP/2 stream shares its connection, so the call
 * is charged with its payload only. A new connection's setup bytes go to the call that opened it. The connection goes
 * back to the pool whatever happens.
 */
final class Exchange {

    private final ClientSettings settings;
    private final ConnectionPool<Route, Object, ClientConnection> pool;
    private final ClientCounters counters;

    Exchange(ClientSettings settings, ConnectionPool<Route, Object, ClientConnection> pool, ClientCounters counters) {
        this.settings = settings;
        this.pool = pool;
        this.counters = counters;
    }

    /**
     * Sends {@code http} on {@code acquired}, which takes it (and releases it) whatever happens, and gives the connection
     * back to the pool whatever happens, a synchronous refusal of the exchange included. Fails with an
     * {@link AttemptFailed} that asks for a retry when a reused connection gave no response on a first attempt.
     *
     * @param earlier what the call's earlier attempts cost, which its response includes
     */
    CompletableFuture<ProxyResponse> send(FullHttpRequest http, Routed routed, Acquired acquired, CallTrace trace,
            WireBytes earlier) {
        String exit = routed.exit();
        ClientConnection connection = acquired.connection();
        boolean multiplexed = connection instanceof Http2Connection;
        long outBefore = connection.meter().bytesOut();
        long inBefore = connection.meter().bytesIn();
        long handshakeOut = acquired.reused() ? 0 : outBefore;
        long handshakeIn = acquired.reused() ? 0 : inBefore;
        long requestBody = StreamedBody.bodyBytes(http);
        trace.requestHeadersStart();
        CompletableFuture<ExchangeResult> exchanged;
        try {
            exchanged = connection.exchange(http, trace, settings.timeouts().request(), settings.maxBodyBytes());
        } catch (RuntimeException e) {
            // Refused before it took the request (an event loop shutting down): the connection still goes back.
            if (http.refCnt() > 0) {
                http.release();
            }
            exchanged = CompletableFuture.failedFuture(e);
        }
        return exchanged.handle((result, error) -> {
            long out = handshakeOut + (multiplexed ? requestBody : connection.meter().bytesOut() - outBefore);
            long in = handshakeIn + (multiplexed ? (result == null ? 0 : result.bodyBytes())
                    : connection.meter().bytesIn() - inBefore);
            connection.attribute(out, in);
            counters.request(exit, out, in);
            WireBytes spent = new WireBytes(out, in, handshakeOut + handshakeIn);
            trace.connectionReleased(connection.info());
            if (error != null) {
                Throwable cause = Calls.unwrap(error);
                pool.release(connection, connection.survivesFailedExchange(), CloseReason.ERROR,
                        System.nanoTime());
                throw new AttemptFailed(cause, spent, cause instanceof NoResponseException
                        && acquired.reused() && trace.call().attempt() == 1);
            }
            CloseReason retired = pool.release(connection, result.reusable(), result.closeReason(),
                    System.nanoTime());
            WireBytes call = earlier.plus(spent);
            ProxyResponse response = new ProxyResponse(result.status(), result.headers(), result.body(),
                    result.bodyBytes(), connection.info(), acquired.reused(), trace.call().attempt(), exit,
                    routed.session(), trace.timings(), call.out(), call.in(), call.handshake(), retired);
            trace.callEnd();
            return response;
        });
    }
}
