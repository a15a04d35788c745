package io.proxybench.client.internal.call;

import io.netty.handler.codec.http.FullHttpRequest;
import io.proxybench.client.CallException;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.event.Phase;
import io.proxybench.client.internal.event.CallTrace;
import io.proxybench.client.internal.exchange.ClientConnection;
import io.proxybench.client.internal.metrics.ClientCounters;
import io.proxybench.client.internal.pool.Grant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One call: its route, then attempts. An attempt encodes the request, finds a connection ({@link ConnectionFinder})
 * and runs the exchange ({@link Exchange}); a reused connection that gave no response on the first attempt is left
 * for a second attempt on a new connection. The call fails with a {@link CallException} naming the phase that failed
 * and the wire bytes every attempt cost.
 */
final class RealCall {

    private final ProxyRequest request;
    private final ClientParts parts;

    RealCall(ProxyRequest request, ClientParts parts) {
        this.request = request;
        this.parts = parts;
    }

    /** Sends the request; never blocks, never throws: a failure is the future's. */
    CompletableFuture<ProxyResponse> execute(CallTrace trace) {
        trace.callStart();
        Routed routed;
        try {
            routed = parts.routes().route(request);
        } catch (RuntimeException e) {
            trace.callFailed(e);
            return CompletableFuture.failedFuture(failure(trace.current(), e, WireBytes.NONE));
        }
        trace.proxySelected(routed.route().proxy());
        return attempt(routed, request.newConnection(), trace, WireBytes.NONE);
    }

    /**
     * @param fresh on a new connection, never an open one
     * @param earlier what the call's earlier attempts cost
     */
    private CompletableFuture<ProxyResponse> attempt(Routed routed, boolean fresh, CallTrace trace,
            WireBytes earlier) {
        FullHttpRequest http;
        try {
            http = parts.encoder().encode(request, routed.route(), routed.hostHeader());
        } catch (IllegalArgumentException e) {
            trace.callFailed(e);
            return CompletableFuture.failedFuture(failure(Phase.REQUEST, e, earlier));
        }
        ConnectionFinder finder = parts.finder();
        CompletableFuture<Grant<ClientConnection>> granted = finder.acquire(routed.route(), fresh);
        Grant<ClientConnection> now = granted.isDone() && !granted.isCompletedExceptionally() ? granted.join() : null;
        if (now != null && now.kind() == Grant.Kind.REUSE) {
            // The usual case on a busy key: an open connection at once, so no chain of futures to wait for it.
            CompletableFuture<ProxyResponse> exchanged;
            try {
                exchanged = parts.exchange().send(http, routed, finder.reused(now, routed.exit(), trace), trace,
                        earlier);
            } catch (RuntimeException | Error e) {
                return recover(e, false, http, routed, trace, earlier);
            }
            return exchanged.exceptionallyCompose(error -> recover(error, true, http, routed, trace, earlier));
        }
        AtomicBoolean handedOver = new AtomicBoolean();
        return finder.connection(granted, routed, trace).thenCompose(acquired -> {
            CompletableFuture<ProxyResponse> exchanged = parts.exchange().send(http, routed, acquired, trace,
                    earlier);
            handedOver.set(true); // once the exchange has the request it releases it, whatever happens (h2: later)
            return exchanged;
        }).exceptionallyCompose(error -> recover(error, handedOver.get(), http, routed, trace, earlier));
    }

    /**
     * A failed attempt: sends again on a new connection when the exchange asked for a retry, else fails the call.
     * {@code handedOver}: whether the exchange took the request (and so releases it). A failure that does not say
     * what the attempt cost (one no step expected) leaves the call's bytes unknown.
     */
    private CompletableFuture<ProxyResponse> recover(Throwable error, boolean handedOver, FullHttpRequest http,
            Routed routed, CallTrace trace, WireBytes earlier) {
        Throwable unwrapped = Calls.unwrap(error);
        AttemptFailed failed = unwrapped instanceof AttemptFailed f ? f
                : new AttemptFailed(unwrapped, WireBytes.UNKNOWN, false);
        Throwable cause = failed.getCause();
        WireBytes spent = earlier.plus(failed.spent());
        if (!handedOver && http.refCnt() > 0) {
            http.release();
        }
        if (failed.retry()) {
            parts.counters().retried(routed.exit());
            CallTrace again = new CallTrace(trace.call().retry(), trace.listener());
            return attempt(routed, true, again, spent);
        }
        trace.callFailed(cause);
        return CompletableFuture.failedFuture(
                cause instanceof CallException ce ? ce : failure(trace.current(), cause, spent));
    }

    private static CallException failure(Phase phase, Throwable cause, WireBytes spent) {
        return new CallException(phase, cause, spent.out(), spent.in(), spent.handshake());
    }

    /** The client's parts every call uses. */
    record ClientParts(Routes routes, RequestEncoder encoder, ConnectionFinder finder, Exchange exchange,
            ClientCounters counters) {}
}
