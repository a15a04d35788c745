package io.proxybench.client.internal.call;

import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;
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
import java.util.function.BiConsumer;

/**
 * One request and its response on an acquired connection, and what they cost on the wire. HTTP/1.1 carries one call
 * at a time, so the connection's traffic meanwhile is the call's; an HTTP/2 stream shares its connection, so the call
 * is charged with its payload only. A new connection's setup bytes go to the call that opened it. The connection goes
 * back to the pool whatever happens.
 */
final class Exchange {

    private static final InternalLogger LOG = InternalLoggerFactory.getInstance(Exchange.class);

    private final ClientSettings settings;
    private final ConnectionPool<Route, Object, ClientConnection> pool;
    private final ClientCounters counters;

    Exchange(ClientSettings settings, ConnectionPool<Route, Object, ClientConnection> pool, ClientCounters counters) {
        this.settings = settings;
        this.pool = pool;
        this.counters = counters;
    }

    /** Where an exchange's end goes: its call, told once, on the thread that ended the exchange. */
    interface Ended {
        /**
         * @param response the call's response (its wire bytes include {@code earlier}'s), or null
         * @param failure why there is none, or null
         */
        void exchanged(ProxyResponse response, AttemptFailed failure);
    }

    /**
     * Sends {@code http} on {@code acquired}, which takes it (and releases it) whatever happens, gives the connection
     * back to the pool whatever happens, a synchronous refusal of the exchange included, and tells {@code ended}. The
     * failure asks for a retry when a reused connection gave no response on a first attempt.
     *
     * @param earlier what the call's earlier attempts cost, which its response includes
     */
    void send(FullHttpRequest http, Routed routed, Acquired acquired, CallTrace trace, WireBytes earlier,
            Ended ended) {
        Ending ending = new Ending(routed, acquired, trace, earlier, StreamedBody.bodyBytes(http), ended);
        trace.requestHeadersStart();
        try {
            acquired.connection().exchange(http, trace, settings.timeouts().request(), settings.maxBodyBytes(),
                    ending);
        } catch (RuntimeException e) {
            // Refused before it took the request (an event loop shutting down): the connection still goes back.
            // (Nothing thrown later gets here: the ending never throws.)
            if (http.refCnt() > 0) {
                http.release();
            }
            ending.accept(null, e);
        }
    }

    /**
     * One exchange's end: what the connection had carried before it (to charge the call with the difference), and
     * what to do once it ends. One object per exchange, the connection's callback.
     */
    private final class Ending implements BiConsumer<ExchangeResult, Throwable> {
        private final Routed routed;
        private final Acquired acquired;
        private final CallTrace trace;
        private final WireBytes earlier;
        private final long requestBody;
        private final Ended ended;
        private final long outBefore;
        private final long inBefore;
        /** Whether the exchange has ended, and whether {@code ended} was told: each happens once. */
        private boolean entered;
        private boolean told;

        Ending(Routed routed, Acquired acquired, CallTrace trace, WireBytes earlier, long requestBody, Ended ended) {
            this.routed = routed;
            this.acquired = acquired;
            this.trace = trace;
            this.earlier = earlier;
            this.requestBody = requestBody;
            this.ended = ended;
            this.outBefore = acquired.connection().meter().bytesOut();
            this.inBefore = acquired.connection().meter().bytesIn();
        }

        /** Ends the exchange once (a second call does nothing); never throws into the connection. */
        @Override
        public void accept(ExchangeResult result, Throwable error) {
            if (entered) {
                return;
            }
            entered = true;
            try {
                end(result, error);
            } catch (RuntimeException | Error e) {
                // A bug ending the exchange fails the call instead of leaving it waiting.
                LOG.warn("ending an exchange threw", e);
                if (!told) {
                    told = true;
                    ended.exchanged(null, new AttemptFailed(e, WireBytes.UNKNOWN, false));
                }
            }
        }

        private void end(ExchangeResult result, Throwable error) {
            ClientConnection connection = acquired.connection();
            boolean multiplexed = connection instanceof Http2Connection;
            long handshakeOut = acquired.reused() ? 0 : outBefore;
            long handshakeIn = acquired.reused() ? 0 : inBefore;
            long out = handshakeOut + (multiplexed ? requestBody : connection.meter().bytesOut() - outBefore);
            long in = handshakeIn + (multiplexed ? (result == null ? 0 : result.bodyBytes())
                    : connection.meter().bytesIn() - inBefore);
            connection.attribute(out, in);
            counters.request(routed.exit(), out, in);
            WireBytes spent = new WireBytes(out, in, handshakeOut + handshakeIn);
            trace.connectionReleased(connection.info());
            if (error != null) {
                Throwable cause = Calls.unwrap(error);
                pool.release(connection, connection.survivesFailedExchange(), CloseReason.ERROR,
                        System.nanoTime());
                told = true;
                ended.exchanged(null, new AttemptFailed(cause, spent, cause instanceof NoResponseException
                        && acquired.reused() && trace.call().attempt() == 1));
                return;
            }
            CloseReason retired = pool.release(connection, result.reusable(), result.closeReason(),
                    System.nanoTime());
            WireBytes call = earlier.plus(spent);
            ProxyResponse response = new ProxyResponse(result.status(), result.headers(), result.body(),
                    result.bodyBytes(), connection.info(), acquired.reused(), trace.call().attempt(), routed.exit(),
                    routed.session(), trace.timings(), call.out(), call.in(), call.handshake(), retired);
            trace.callEnd();
            told = true;
            ended.exchanged(response, null);
        }
    }
}
