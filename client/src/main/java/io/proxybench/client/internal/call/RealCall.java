package io.proxybench.client.internal.call;

import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;
import io.proxybench.client.CallException;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.event.Phase;
import io.proxybench.client.internal.event.CallTrace;
import io.proxybench.client.internal.exchange.ClientConnection;
import io.proxybench.client.internal.metrics.ClientCounters;
import io.proxybench.client.internal.pool.Grant;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;

/**
 * One call: its route, then attempts. An attempt encodes the request, finds a connection ({@link ConnectionFinder})
 * and runs the exchange ({@link Exchange}); a reused connection that gave no response on the first attempt is left
 * for a second attempt on a new connection. The call fails with a {@link CallException} naming the phase that failed,
 * the wire bytes every attempt cost and whether the last attempt's connection was reused, opened for it, or none.
 *
 * <p>The call is its exchanges' {@link Exchange.Ended} and tells its end to a callback: no future of its own and no
 * chain of stages when an open connection is at hand (the usual case on a busy key).
 */
final class RealCall implements Exchange.Ended {

    private final ProxyRequest request;
    private final ClientParts parts;
    private static final InternalLogger LOG = InternalLoggerFactory.getInstance(RealCall.class);

    /** Told the call's end, once. */
    private final BiConsumer<? super ProxyResponse, ? super Throwable> done;
    /** The attempt in progress: its route, trace and encoded request, and what the earlier attempts cost. */
    private Routed routed;
    private CallTrace trace;
    private FullHttpRequest http;
    private WireBytes earlier;

    RealCall(ProxyRequest request, ClientParts parts, BiConsumer<? super ProxyResponse, ? super Throwable> done) {
        this.request = request;
        this.parts = parts;
        this.done = done;
    }

    /** Tells {@code done} the call's end; an exception it throws is logged, never let into the I/O thread. */
    static void tell(BiConsumer<? super ProxyResponse, ? super Throwable> done, ProxyResponse response,
            Throwable failure) {
        try {
            done.accept(response, failure);
        } catch (RuntimeException | Error e) {
            LOG.warn("a call's callback threw; the call had ended (fix the callback)", e);
        }
    }

    /** Sends the request; never blocks, never throws: a failure is told to {@code done}. */
    void execute(CallTrace trace) {
        trace.callStart();
        Routed routed;
        try {
            routed = parts.routes().route(request);
        } catch (RuntimeException e) {
            trace.callFailed(e);
            tell(done, null, failure(trace.current(), e, WireBytes.NONE, null));
            return;
        }
        trace.proxySelected(routed.route().proxy());
        this.routed = routed;
        attempt(request.newConnection(), trace, WireBytes.NONE);
    }

    /**
     * @param fresh on a new connection, never an open one
     * @param earlier what the call's earlier attempts cost
     */
    private void attempt(boolean fresh, CallTrace trace, WireBytes earlier) {
        this.trace = trace;
        this.earlier = earlier;
        FullHttpRequest http;
        try {
            http = parts.encoder().encode(request, routed.route(), routed.hostHeader());
        } catch (IllegalArgumentException e) {
            trace.callFailed(e);
            tell(done, null, failure(Phase.REQUEST, e, earlier, null));
            return;
        }
        this.http = http;
        ConnectionFinder finder = parts.finder();
        Grant<ClientConnection> now = finder.grantNow(routed.route(), fresh);
        if (now != null && now.kind() == Grant.Kind.REUSE) {
            try {
                finder.reused(now, routed.exit(), trace);
            } catch (RuntimeException | Error e) {
                recover(e, false);
                return;
            }
            send(now.connection(), true);
            return;
        }
        CompletableFuture<Grant<ClientConnection>> granted = now != null
                ? CompletableFuture.completedFuture(now) : finder.acquire(routed.route(), fresh);
        finder.connection(granted, routed, trace).whenComplete((acquired, error) -> {
            if (error != null) {
                recover(error, false);
            } else {
                send(acquired.connection(), acquired.reused());
            }
        });
    }

    /**
     * Hands the request to the exchange, which releases it whatever happens (h2: later) and tells {@link #exchanged}
     * once; it throws nothing back.
     */
    private void send(ClientConnection connection, boolean reused) {
        parts.exchange().send(http, routed, connection, reused, trace, earlier, this);
    }

    @Override
    public void exchanged(ProxyResponse response, AttemptFailed failure) {
        if (failure == null) {
            tell(done, response, null);
        } else {
            recover(failure, true);
        }
    }

    /**
     * A failed attempt: sends again on a new connection when the exchange asked for a retry, else fails the call.
     * {@code handedOver}: whether the exchange took the request (and so releases it). A failure that does not say
     * what the attempt cost (one no step expected) leaves the call's bytes unknown.
     */
    private void recover(Throwable error, boolean handedOver) {
        Throwable unwrapped = Calls.unwrap(error);
        AttemptFailed failed = unwrapped instanceof AttemptFailed f ? f
                : new AttemptFailed(unwrapped, WireBytes.UNKNOWN, null, false);
        Throwable cause = failed.getCause();
        WireBytes spent = earlier.plus(failed.spent());
        if (!handedOver && http.refCnt() > 0) {
            http.release();
        }
        if (failed.retry()) {
            parts.counters().retried(routed.exit());
            attempt(true, new CallTrace(trace.call().retry(), trace.listener()), spent);
            return;
        }
        trace.callFailed(cause);
        tell(done, null, cause instanceof CallException ce ? ce
                : failure(trace.current(), cause, spent, failed.reused()));
    }

    /** @param reused whether the failing attempt's connection was open before it; null when it had none */
    private static CallException failure(Phase phase, Throwable cause, WireBytes spent, Boolean reused) {
        return new CallException(phase, cause, spent.out(), spent.in(), spent.handshake(), reused);
    }

    /** The client's parts every call uses. */
    record ClientParts(Routes routes, RequestEncoder encoder, ConnectionFinder finder, Exchange exchange,
            ClientCounters counters) {}
}
