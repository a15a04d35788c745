package io.proxybench.client.internal.exchange;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import io.proxybench.client.Headers;
import io.proxybench.client.event.CloseReason;
import io.proxybench.client.event.ConnectionInfo;
import io.proxybench.client.internal.connect.Route;
import io.proxybench.client.internal.event.CallTrace;
import io.proxybench.client.internal.metrics.WireMeter;
import java.io.IOException;
import java.util.concurrent.CancellationException;
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
    public void exchange(FullHttpRequest request, CallTrace trace, ExchangeLimits limits, ExchangeCallback done) {
        boolean clientClose = !HttpUtil.isKeepAlive(request);
        if (channel().eventLoop().inEventLoop()) {
            // The usual case in a closed loop: the previous call on this connection completed on its event loop.
            reader.start(request, trace, done, clientClose, limits);
        } else {
            reader.handOver(request, trace, done, clientClose, limits);
        }
    }

    /**
     * Reads the response of the exchange in progress, from the connection's bytes ({@link ResponseParser}), into the
     * sink its callback gives for the head. Event-loop thread only, but for {@link #pause}, {@link #resume} and
     * {@link #abort}, which hop onto it.
     *
     * <p>The time limits are one timer per connection, not one per exchange: it stays scheduled across exchanges and,
     * when it fires before the exchange in progress is late (scheduled for an earlier one, or before the last read),
     * schedules itself again for the rest. Invariant: while an exchange is in progress and its reads are not paused,
     * a timer is scheduled to fire no later than {@link #deadlineNanos()}.
     */
    private final class Reader extends ChannelInboundHandlerAdapter
            implements ResponseParser.Listener, ReadControl, ExchangeAbort, Runnable {
        private final ResponseParser parser = new ResponseParser(this);
        /**
         * An exchange handed over from another thread, which {@link #run} starts on the event loop: the connection
         * carries one exchange at a time, so one set of fields does, and no task is made per request. Written before
         * the event loop's queue takes the reader, read after it runs it.
         */
        private FullHttpRequest handedRequest;
        private CallTrace handedTrace;
        private ExchangeCallback handedDone;
        private boolean handedClientClose;
        private ExchangeLimits handedLimits;
        /** Told the end of the exchange in progress; null between exchanges. */
        private ExchangeCallback done;
        private CallTrace trace;
        /** Where the body goes; null before the head. */
        private BodySink sink;
        private long bodyBytes;
        private boolean clientClose;
        private boolean sawResponse;
        private ExchangeLimits limits;
        /** {@link System#nanoTime()} of the request phase's start and of the last bytes read. */
        private long startedNanos;
        private long lastReadNanos;
        /** The body's consumer paused the reads: no read-idle limit meanwhile. */
        private boolean paused;
        private ScheduledFuture<?> timer;
        /** {@link System#nanoTime()} at which {@link #timer} fires; meaningful while it is not null. */
        private long timerAtNanos;

        void handOver(FullHttpRequest request, CallTrace trace, ExchangeCallback done, boolean clientClose,
                ExchangeLimits limits) {
            handedRequest = request;
            handedTrace = trace;
            handedDone = done;
            handedClientClose = clientClose;
            handedLimits = limits;
            channel().eventLoop().execute(this);
        }

        @Override
        public void run() {
            FullHttpRequest request = handedRequest;
            CallTrace trace = handedTrace;
            ExchangeCallback done = handedDone;
            handedRequest = null;
            handedTrace = null;
            handedDone = null;
            start(request, trace, done, handedClientClose, handedLimits);
        }

        void start(FullHttpRequest request, CallTrace trace, ExchangeCallback done, boolean clientClose,
                ExchangeLimits limits) {
            if (!channel().isActive()) {
                ReferenceCountUtil.release(request);
                done.failed(new NoResponseException("connection closed before the request", null));
                return;
            }
            this.done = done;
            this.trace = trace;
            this.clientClose = clientClose;
            this.sink = null;
            this.bodyBytes = 0;
            this.sawResponse = false;
            this.parser.start(HttpMethod.HEAD.equals(request.method()));
            this.limits = limits;
            this.startedNanos = trace.requestStartedOrNow();
            long deadline = startedNanos + limits.headNanos();
            if (timer != null && timerAtNanos - deadline > 0) {
                timer.cancel(false);
                timer = null;
            }
            if (timer == null) {
                schedule(deadline - System.nanoTime());
            }
            done.started(this);
            if (this.done != done) {
                ReferenceCountUtil.release(request);
                return; // aborted as it started
            }
            long requestBody = StreamedBody.bodyBytes(request);
            if (!(request instanceof StreamedBody)) {
                // Written from the event loop: handed to the socket (or queued, when it is not writable) by the time
                // the call returns, which is when the events say the request was written, as OkHttp's do. A failed
                // write reaches exceptionCaught (a void promise), which fails the exchange. No promise or listener
                // per request.
                channel().writeAndFlush(request, channel().voidPromise());
                if (this.trace == trace) { // else the write failed, and with it the exchange
                    trace.requestHeadersEnd();
                    trace.requestBodyEnd(requestBody);
                }
                return;
            }
            StreamedBody.write(channel(), request).addListener(f -> {
                if (f.isSuccess()) {
                    trace.requestHeadersEnd();
                    trace.requestBodyEnd(StreamedBody.sentBytes(request));
                } else if (this.done == done) {
                    fail(new NoResponseException("the request could not be written: " + f.cause().getMessage(),
                            f.cause()));
                }
            });
        }

        /** When the exchange in progress is late: its head's limit, then its body's read-idle limit from the last read. */
        private long deadlineNanos() {
            return sink == null ? startedNanos + limits.headNanos() : lastReadNanos + limits.idleNanos();
        }

        private void schedule(long delayNanos) {
            timerAtNanos = System.nanoTime() + delayNanos;
            timer = channel().eventLoop().schedule(this::timerFired, delayNanos, TimeUnit.NANOSECONDS);
        }

        private void timerFired() {
            timer = null;
            if (done == null || paused) {
                return; // resume() schedules again
            }
            long leftNanos = deadlineNanos() - System.nanoTime();
            if (leftNanos > 0) {
                schedule(leftNanos);
            } else {
                fail(new ResponseTimeoutException(sink == null ? ResponseTimeoutException.Kind.HEAD
                        : ResponseTimeoutException.Kind.IDLE, sink == null ? limits.headNanos() : limits.idleNanos()));
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
                lastReadNanos = System.nanoTime();
                parser.read(in);
            } catch (IOException e) {
                fail(new IOException("malformed response: " + e.getMessage()));
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        @Override
        public void head(int status, Headers headers) {
            if (done == null) {
                return;
            }
            trace.responseHeadersEnd(status);
            try {
                sink = done.head(status, headers, this);
            } catch (IOException e) {
                fail(e);
                return;
            }
            if (timer == null || timerAtNanos - deadlineNanos() > 0) {
                cancelTimer();
                schedule(limits.idleNanos());
            }
        }

        @Override
        public void content(ByteBuf buf, int index, int length) {
            if (done == null) {
                return; // failed by its sink earlier in this read
            }
            bodyBytes += length;
            try {
                sink.content(buf, index, length);
            } catch (IOException e) {
                fail(e);
            }
        }

        @Override
        public void end(CloseReason serverReason) {
            if (done == null) {
                return;
            }
            CloseReason reason = clientClose ? CloseReason.CLIENT_CLOSE : serverReason;
            long bytes = bodyBytes;
            trace.responseBodyEnd(bytes);
            ExchangeCallback d = done;
            clear();
            if (reason != null) {
                // Closed now, with its reason: the server may close its side first, and the connection would then
                // be counted as closed by the peer.
                close(reason);
            }
            d.answered(bytes, reason);
        }

        @Override
        public void pause() {
            onLoop(() -> {
                if (done != null && !paused) {
                    paused = true;
                    channel().config().setAutoRead(false);
                }
            });
        }

        @Override
        public void resume() {
            onLoop(() -> {
                if (paused) {
                    paused = false;
                    lastReadNanos = System.nanoTime();
                    channel().config().setAutoRead(true);
                    if (done != null && timer == null) {
                        schedule(limits.idleNanos());
                    }
                }
            });
        }

        @Override
        public void abort(ExchangeCallback exchange, Throwable why) {
            onLoop(() -> {
                if (done == exchange) {
                    fail(why);
                }
            });
        }

        private void onLoop(Runnable task) {
            if (channel().eventLoop().inEventLoop()) {
                task.run();
            } else {
                channel().eventLoop().execute(task);
            }
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
            // A connection that failed before any response byte may be retried (NoResponseException); a limit or a
            // cancellation is the call's own end, never retried.
            d.failed(nothingArrived && !(cause instanceof NoResponseException) && !(cause instanceof TimeoutException)
                    && !(cause instanceof CancellationException)
                    ? new NoResponseException("connection failed before the response: " + cause.getMessage(), cause)
                    : cause);
        }

        /**
         * Ends the exchange in progress; the timer stays scheduled for the next one (see the class comment). An idle
         * connection keeps neither the last response's head nor its sink, and reads again (to see its peer close).
         */
        private void clear() {
            done = null;
            trace = null;
            sink = null;
            if (paused) {
                paused = false;
                channel().config().setAutoRead(true);
            }
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
