package io.proxybench.client.internal.call;

import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.util.concurrent.FastThreadLocal;
import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;
import io.proxybench.client.Headers;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.WireBytes;
import io.proxybench.client.event.CloseReason;
import io.proxybench.client.internal.connect.Route;
import io.proxybench.client.internal.decode.ContentEncoding;
import io.proxybench.client.internal.decode.DecodeBuffers;
import io.proxybench.client.internal.event.CallTrace;
import io.proxybench.client.internal.exchange.BodyBuffer;
import io.proxybench.client.internal.exchange.BodySink;
import io.proxybench.client.internal.exchange.ClientConnection;
import io.proxybench.client.internal.exchange.ExchangeAbort;
import io.proxybench.client.internal.exchange.ExchangeCallback;
import io.proxybench.client.internal.exchange.ExchangeLimits;
import io.proxybench.client.internal.exchange.Http2Connection;
import io.proxybench.client.internal.exchange.NoResponseException;
import io.proxybench.client.internal.exchange.ReadControl;
import io.proxybench.client.internal.exchange.StreamedBody;
import io.proxybench.client.internal.metrics.ClientCounters;
import io.proxybench.client.internal.pool.ConnectionPool;
import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;

/**
 * One request and its response on an acquired connection, and what they cost on the wire. HTTP/1.1 carries one call
 * at a time, so the connection's traffic meanwhile is the call's; an HTTP/2 stream shares its connection, so the call
 * is charged with its payload only. A new connection's setup bytes go to the call that opened it. The connection goes
 * back to the pool whatever happens.
 */
final class ExchangeSender {

    private static final InternalLogger LOG = InternalLoggerFactory.getInstance(ExchangeSender.class);
    private static final byte[] EMPTY = new byte[0];
    /**
     * One response builder per thread, reused: the responses are built on the connections' event loops, and every
     * field is set for each one (see {@code Ending.response}), so nothing of an earlier response carries over; the
     * body and headers are dropped once built, so the builder holds no body between responses.
     */
    private static final FastThreadLocal<ProxyResponse.Builder> RESPONSES = new FastThreadLocal<>() {
        @Override
        protected ProxyResponse.Builder initialValue() {
            return ProxyResponse.builder();
        }
    };

    private final ClientSettings settings;
    private final ConnectionPool<Route, Object, ClientConnection> pool;
    private final ClientCounters counters;

    ExchangeSender(ClientSettings settings, ConnectionPool<Route, Object, ClientConnection> pool,
            ClientCounters counters) {
        this.settings = settings;
        this.pool = pool;
        this.counters = counters;
    }

    /** Where an exchange's end goes: its call, told once, on the thread that ended the exchange. */
    interface Ended {
        /** The connection took the exchange; {@code abort} ends it early, from any thread. */
        void started(Consumer<Throwable> abort);

        /**
         * A response's head arrived (the call keeps its cookies): returns whether the call follows it (a redirect,
         * followed or refused), its body then read and dropped, never handed to the call's stream.
         */
        boolean head(int status, Headers headers);

        /**
         * @param response the call's response (its wire bytes include {@code earlier}'s), or null
         * @param failure why there is none, or null
         */
        void exchanged(ProxyResponse response, AttemptFailed failure);
    }

    /**
     * Sends {@code http} on {@code connection}, which takes it (and releases it) whatever happens, gives the
     * connection back to the pool whatever happens, a synchronous refusal of the exchange included, and tells {@code
     * ended}. The failure asks for a retry when a reused connection gave no response on a first attempt.
     *
     * @param reused whether the connection was open before the call (its setup is then not the call's)
     * @param earlier what the call's earlier attempts cost, which its response includes
     * @param body where the body goes: null to buffer it (the client's limit), else the call's stream
     * @param limits the exchange's time limits
     * @param decode whether the client asked for the body's content codings (its Accept-Encoding), and so decodes
     *     them
     */
    void send(FullHttpRequest http, Routed routed, ClientConnection connection, boolean reused, CallTrace trace,
            WireBytes earlier, ResponseBodyStream body, ExchangeLimits limits, boolean decode, Ended ended) {
        Ending ending = new Ending(routed, connection, reused, trace, earlier, http,
                HttpMethod.HEAD.equals(http.method()), body, decode, ended);
        trace.requestHeadersStart();
        try {
            connection.exchange(http, trace, limits, ending);
        } catch (RuntimeException e) {
            // Refused before it took the request (an event loop shutting down): the connection still goes back.
            // (Nothing thrown later gets here: the ending never throws.)
            if (http.refCnt() > 0) {
                http.release();
            }
            ending.failed(e);
        }
    }

    /**
     * One exchange's end: what the connection had carried before it (to charge the call with the difference), and
     * what to do once it ends. One object per exchange, the connection's callback.
     */
    private final class Ending implements ExchangeCallback, Consumer<Throwable> {
        private final Routed routed;
        /** Whether the body's content codings are decoded. */
        private final boolean decode;
        /** The body's decoder, from the head on; null when it is not decoded. */
        private DecodingSink decoding;
        /** A HEAD request's response has no body, whatever its Content-Length says. */
        private final boolean headRequest;
        /** The call's stream, or null for a buffered body. */
        private final ResponseBodyStream stream;
        /** The buffered body, from the head on; null for a stream's. */
        private BodyBuffer buffer;
        private int status;
        private Headers headers;
        /** Aborts the exchange; null until the connection took it. */
        private ExchangeAbort abort;
        private final ClientConnection connection;
        /** Whether the connection was open before the call (so its setup is not the call's). */
        private final boolean reused;
        private final CallTrace trace;
        private final WireBytes earlier;
        /** The request body's bytes, or -1 for a streamed body, whose {@link #streamed} request counts what it sent. */
        private final long requestBody;
        private final FullHttpRequest streamed;
        private final Ended ended;
        private final long outBefore;
        private final long inBefore;
        /** Whether the exchange has ended, and whether {@code ended} was told: each happens once. */
        private boolean entered;
        private boolean told;

        Ending(Routed routed, ClientConnection connection, boolean reused, CallTrace trace, WireBytes earlier,
                FullHttpRequest http, boolean headRequest, ResponseBodyStream stream, boolean decode, Ended ended) {
            this.decode = decode;
            this.routed = routed;
            this.headRequest = headRequest;
            this.stream = stream;
            this.connection = connection;
            this.reused = reused;
            this.trace = trace;
            this.earlier = earlier;
            this.requestBody = http instanceof StreamedBody ? -1 : http.content().readableBytes();
            this.streamed = http instanceof StreamedBody ? http : null;
            this.ended = ended;
            this.outBefore = connection.meter().bytesOut();
            this.inBefore = connection.meter().bytesIn();
        }

        @Override
        public void started(ExchangeAbort abort) {
            this.abort = abort;
            ended.started(this);
        }

        /** Aborts the exchange with {@code why}, from any thread. */
        @Override
        public void accept(Throwable why) {
            abort.abort(this, why);
        }

        @Override
        public BodySink head(int status, Headers headers, ReadControl reads) throws IOException {
            this.status = status;
            this.headers = headers;
            if (ended.head(status, headers)) {
                buffer = new BodyBuffer(0, true);
                return buffer;
            }
            ContentEncoding coding = decode && headers.contains("Content-Encoding")
                    ? ContentEncoding.parse(String.join(", ", headers.values("Content-Encoding")))
                    : null;
            boolean decoded = coding != null && coding.isDecodable();
            BodySink sink;
            if (stream != null) {
                sink = stream.head(response(status, headers, EMPTY, 0, null, 0, 0, 0), reads, this);
            } else {
                buffer = new BodyBuffer(settings.maxBodyBytes(), settings.bodyPrefixOnly());
                if (!decoded && !headRequest && status != 204 && status != 304) {
                    buffer.expect(headers.get("Content-Length"));
                }
                sink = buffer;
            }
            if (decoded) {
                decoding = new DecodingSink(coding, settings.decodeLimits(), DecodeBuffers.ALLOCATOR, sink);
                return decoding;
            }
            return sink;
        }

        /** Ends the exchange once (a later end does nothing); never throws into the connection. */
        @Override
        public void answered(long bodyBytes, CloseReason closeReason) {
            if (entered) {
                return;
            }
            if (decoding != null) {
                try {
                    decoding.finish();
                } catch (IOException e) {
                    entered = true;
                    fail(e);
                    return;
                }
            }
            entered = true;
            try {
                answer(bodyBytes, closeReason);
            } catch (RuntimeException | Error e) {
                bug(e);
            }
        }

        /** As {@link #answered}, for an exchange without a whole response. */
        @Override
        public void failed(Throwable cause) {
            if (entered) {
                return;
            }
            entered = true;
            try {
                fail(cause);
            } catch (RuntimeException | Error e) {
                bug(e);
            }
        }

        /** A bug ending the exchange fails the call instead of leaving it waiting. */
        private void bug(Throwable e) {
            LOG.warn("ending an exchange threw", e);
            if (!told) {
                told = true;
                ended.exchanged(null, new AttemptFailed(e, WireBytes.UNKNOWN, reused, false));
            }
        }

        /** The bytes of the connection's setup, when the exchange set it up; else 0. */
        private long handshake() {
            return reused ? 0 : outBefore + inBefore;
        }

        /** Bytes the exchange sent, its connection's setup included. */
        private long sent() {
            return connection instanceof Http2Connection
                    ? (reused ? 0 : outBefore) + (streamed != null ? StreamedBody.sentBytes(streamed) : requestBody)
                    : connection.meter().bytesOut() - (reused ? outBefore : 0);
        }

        /**
         * Bytes the exchange received, its connection's setup included; {@code responseBody}, the response body's
         * bytes, is what an HTTP/2 stream counts instead of its connection's meter.
         */
        private long received(long responseBody) {
            return connection instanceof Http2Connection ? (reused ? 0 : inBefore) + responseBody
                    : connection.meter().bytesIn() - (reused ? inBefore : 0);
        }

        /** Charges the connection and the exit with what the exchange carried, and reports the connection released. */
        private void charge(long out, long in) {
            connection.attribute(out, in);
            counters.request(routed.exit(), out, in);
            trace.connectionReleased(connection.info());
        }

        private void fail(Throwable error) {
            if (decoding != null) {
                decoding.close();
            }
            long out = sent();
            long in = received(0);
            charge(out, in);
            Throwable cause = FailureCause.unwrap(error);
            pool.release(connection, connection.survivesFailedExchange(), CloseReason.ERROR, System.nanoTime());
            told = true;
            ended.exchanged(null, new AttemptFailed(cause, new WireBytes(out, in, handshake()), reused,
                    cause instanceof NoResponseException && reused && trace.call().attempt() == 1));
        }

        private void answer(long bodyBytes, CloseReason closeReason) {
            long out = sent();
            long in = received(bodyBytes);
            long handshake = handshake();
            charge(out, in);
            CloseReason retired = pool.release(connection, closeReason == null, closeReason, System.nanoTime());
            // The call's bytes: this exchange's, plus its earlier attempts' (no object for a first attempt's).
            WireBytes call = earlier == WireBytes.NONE ? null : earlier.plus(new WireBytes(out, in, handshake));
            ProxyResponse response = response(status, headers, buffer == null ? EMPTY : buffer.bytes(), bodyBytes,
                    retired, call == null ? out : call.out(), call == null ? in : call.in(),
                    call == null ? handshake : call.handshake());
            trace.callEnd();
            told = true;
            if (stream != null && buffer == null) {
                stream.end();
            }
            ended.exchanged(response, null);
        }

        private ProxyResponse response(int status, Headers headers, byte[] body, long bodyBytes,
                CloseReason retired, long out, long in, long handshake) {
            ProxyResponse.Builder b = RESPONSES.get();
            ProxyResponse response = b.status(status).headers(headers).body(body).bodyBytes(bodyBytes)
                    .connection(connection.info()).reused(reused).attempt(trace.call().attempt())
                    .exit(routed.exit()).session(routed.session()).timings(trace.timings()).bytesOut(out)
                    .bytesIn(in).handshakeBytes(handshake).closeReason(retired)
                    .decodedBytes(decoding == null ? -1 : decoding.decodedBytes()).redirects(List.of()).build();
            b.body(EMPTY).headers(Headers.empty()); // the thread's builder keeps no body past its response
            return response;
        }
    }
}
