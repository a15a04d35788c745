package io.proxybench.client.internal.exchange;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import io.proxybench.client.event.CloseReason;
import io.proxybench.client.event.ConnectionInfo;
import io.proxybench.client.internal.connect.Route;
import io.proxybench.client.internal.event.CallTrace;
import io.proxybench.client.internal.metrics.WireMeter;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;

/**
 * HTTP/1.1 to the origin (or to a forward proxy): one exchange at a time, keep-alive unless either side says
 * {@code Connection: close}.
 */
public final class Http1Connection extends ClientConnection {

    private final Reader reader = new Reader();

    public Http1Connection(ConnectionInfo info, Route route, Channel channel, WireMeter meter,
            BiConsumer<ClientConnection, CloseReason> onClosed) {
        super(info, route, channel, meter, onClosed);
        channel.pipeline().addLast("http", new Http1RequestEncoder()).addLast("exchange", reader);
    }

    @Override
    public int maxConcurrentRequests() {
        return 1;
    }

    @Override
    public boolean oneAtATime() {
        return true;
    }

    @Override
    public void exchange(FullHttpRequest request, CallTrace trace, Duration timeout, int maxBodyBytes,
            ExchangeCallback done) {
        boolean clientClose = !HttpUtil.isKeepAlive(request);
        if (channel().eventLoop().inEventLoop()) {
            // The usual case in a closed loop: the previous call on this connection completed on its event loop.
            reader.start(request, trace, done, clientClose, timeout, maxBodyBytes);
        } else {
            channel().eventLoop().execute(() -> reader.start(request, trace, done, clientClose, timeout,
                    maxBodyBytes));
        }
    }

    /**
     * Reads the response of the exchange in progress, from the connection's bytes ({@link ResponseParser}).
     * Event-loop thread only.
     *
     * <p>The response timeout is one timer per connection, not one per exchange: it stays scheduled across
     * exchanges and, when it fires early for the exchange in progress (scheduled for an earlier one), schedules
     * itself again for the rest of that exchange's time. Invariant: while an exchange is in progress a timer is
     * scheduled to fire no later than its {@code deadlineNanos}.
     */
    private final class Reader extends ChannelInboundHandlerAdapter implements ResponseParser.Listener {
        private final ResponseParser parser = new ResponseParser(this);
        /** Told the end of the exchange in progress; null between exchanges. */
        private ExchangeCallback done;
        private CallTrace trace;
        private int status;
        private HttpHeaders headers;
        /** The body of the exchange in progress; one per connection, emptied per exchange. */
        private final BodyBuffer body = new BodyBuffer(0);
        private boolean clientClose;
        private boolean sawResponse;
        private Duration timeout;
        /**
         * {@link System#nanoTime()} by which the exchange in progress must have its whole response: its timeout after
         * the request phase began.
         */
        private long deadlineNanos;
        private ScheduledFuture<?> timer;
        /** {@link System#nanoTime()} at which {@link #timer} fires; meaningful while it is not null. */
        private long timerAtNanos;

        void start(FullHttpRequest request, CallTrace trace,
                ExchangeCallback done, boolean clientClose, Duration timeout,
                int maxBodyBytes) {
            if (!channel().isActive()) {
                ReferenceCountUtil.release(request);
                done.failed(new NoResponseException("connection closed before the request", null));
                return;
            }
            this.done = done;
            this.trace = trace;
            this.clientClose = clientClose;
            this.headers = null;
            this.sawResponse = false;
            this.parser.start(HttpMethod.HEAD.equals(request.method()));
            this.body.reset(maxBodyBytes);
            this.timeout = timeout;
            this.deadlineNanos = trace.requestStartedOrNow() + timeout.toNanos();
            if (timer != null && timerAtNanos - deadlineNanos > 0) {
                timer.cancel(false);
                timer = null;
            }
            if (timer == null) {
                schedule(timeout.toNanos());
            }
            long bodyBytes = StreamedBody.bodyBytes(request);
            if (!(request instanceof StreamedBody)) {
                // Written from the event loop: handed to the socket (or queued, when it is not writable) by the time
                // the call returns, which is when the events say the request was written, as OkHttp's do. A failed
                // write reaches exceptionCaught (a void promise), which fails the exchange. No promise or listener
                // per request.
                channel().writeAndFlush(request, channel().voidPromise());
                if (this.trace == trace) { // else the write failed, and with it the exchange
                    trace.requestHeadersEnd();
                    trace.requestBodyEnd(bodyBytes);
                }
                return;
            }
            StreamedBody.write(channel(), request).addListener(f -> {
                if (f.isSuccess()) {
                    trace.requestHeadersEnd();
                    trace.requestBodyEnd(bodyBytes);
                } else {
                    fail(new NoResponseException("request could not be written", f.cause()));
                }
            });
        }

        private void schedule(long delayNanos) {
            timerAtNanos = System.nanoTime() + delayNanos;
            timer = channel().eventLoop().schedule(this::timerFired, delayNanos, TimeUnit.NANOSECONDS);
        }

        private void timerFired() {
            timer = null;
            if (done == null) {
                return;
            }
            long leftNanos = deadlineNanos - System.nanoTime();
            if (leftNanos > 0) {
                schedule(leftNanos);
            } else {
                fail(new TimeoutException("no complete response within " + timeout.toMillis() + " ms"));
            }
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (done == null || !(msg instanceof ByteBuf in)) {
                    // Bytes no request asked for: the connection cannot be trusted with another.
                    close(CloseReason.ERROR);
                    return;
                }
                sawResponse = true;
                parser.read(in);
            } catch (IOException e) {
                fail(new IOException("malformed response: " + e.getMessage()));
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        @Override
        public void head(int status, HttpHeaders headers) {
            this.status = status;
            this.headers = headers;
            trace.responseHeadersEnd(status);
        }

        @Override
        public void content(ByteBuf buf, int index, int length) {
            body.add(buf, index, length);
        }

        @Override
        public void end(CloseReason serverReason) {
            CloseReason reason = clientClose ? CloseReason.CLIENT_CLOSE : serverReason;
            int status = this.status;
            HttpHeaders headers = this.headers;
            byte[] bytes = body.bytes();
            long bodyBytes = body.total();
            trace.responseBodyEnd(bodyBytes);
            ExchangeCallback d = done;
            clear();
            if (reason != null) {
                // Closed now, with its reason: the server may close its side first, and the connection would then
                // be counted as closed by the peer.
                close(reason);
            }
            d.answered(status, headers, bytes, bodyBytes, reason);
        }

        private void fail(Throwable cause) {
            if (done == null) {
                return;
            }
            ExchangeCallback d = done;
            boolean nothingArrived = !sawResponse;
            clear();
            cancelTimer();
            close(CloseReason.ERROR);
            d.failed(nothingArrived && !(cause instanceof NoResponseException)
                    && !(cause instanceof TimeoutException)
                    ? new NoResponseException("connection failed before the response: " + cause.getMessage(), cause)
                    : cause);
        }

        /**
         * Ends the exchange in progress; the timer stays scheduled for the next one (see the class comment). An idle
         * connection keeps neither the last response's head nor its body (the caller's array).
         */
        private void clear() {
            done = null;
            trace = null;
            headers = null;
            body.reset(0);
        }

        private void cancelTimer() {
            if (timer != null) {
                timer.cancel(false);
                timer = null;
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            cancelTimer();
            if (done != null) {
                // A body that runs until the close ends here; any other response is cut short.
                parser.closed();
            }
            fail(!sawResponse ? new NoResponseException("connection closed by the peer before the response", null)
                    : new TruncatedResponseException("connection closed by the peer in the middle of the response"));
            ctx.fireChannelInactive();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (done != null) {
                fail(cause);
            } else {
                close(CloseReason.ERROR);
            }
        }
    }
}
