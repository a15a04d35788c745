package io.proxybench.client.internal.exchange;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2GoAwayFrame;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2SettingsFrame;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamChannelBootstrap;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import io.proxybench.client.Headers;
import io.proxybench.client.event.CloseReason;
import io.proxybench.client.event.ConnectionInfo;
import io.proxybench.client.internal.connect.ReceiveWindows;
import io.proxybench.client.internal.connect.Route;
import io.proxybench.client.internal.event.CallTrace;
import io.proxybench.client.internal.metrics.WireMeter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * HTTP/2 to the origin: every exchange is a stream, up to the lesser of the server's
 * {@code SETTINGS_MAX_CONCURRENT_STREAMS} and the client's cap. A GOAWAY makes the connection unusable for new
 * exchanges; streams already open finish. Per-call wire bytes are the stream's payload (HEADERS and DATA
 * frames are not split out of the shared TLS stream); the connection's remainder is counted when it closes.
 */
public final class Http2Connection extends ClientConnection {

    private final Http2FrameCodec codec;
    private final int clientMaxStreams;
    private final Consumer<Http2Connection> onSettings;
    private volatile boolean settingsReceived;
    private volatile boolean goingAway;
    /** What failed the connection under its streams (a tunnel's stream reset, say), null while none did. */
    private volatile Throwable connectionError;

    /**
     * @param onSettings called on the connection's event loop each time the server's SETTINGS arrive, so that the
     *     pool can hand out the streams they allow
     */
    public Http2Connection(ConnectionInfo info, Route route, Channel channel, WireMeter meter, int clientMaxStreams,
            BiConsumer<ClientConnection, CloseReason> onClosed, Consumer<Http2Connection> onSettings) {
        super(info, route, channel, meter, onClosed);
        this.clientMaxStreams = clientMaxStreams;
        this.onSettings = onSettings;
        this.codec = ReceiveWindows.clientCodec().build();
        channel.pipeline().addLast("h2", codec).addLast("h2-streams", new Http2MultiplexHandler(new Unexpected()))
                .addLast("h2-frames", new ConnectionFrames());
        ReceiveWindows.widen(channel);
    }

    /**
     * The server's {@code SETTINGS_MAX_CONCURRENT_STREAMS} (which Netty keeps as the local endpoint's limit on
     * streams it may open), capped by the client's; 1 until the server's first SETTINGS say how many it allows; 0
     * after a GOAWAY, so the pool sends nothing new while the streams already open finish.
     */
    @Override
    public int maxConcurrentRequests() {
        if (goingAway) {
            return 0;
        }
        return settingsReceived ? Math.max(1, Math.min(clientMaxStreams, codec.connection().local().maxActiveStreams()))
                : 1;
    }

    /** An h2 connection multiplexes, whatever its current stream limit. */
    @Override
    public boolean multiplexes() {
        return true;
    }

    @Override
    public boolean slotsKnown() {
        return settingsReceived;
    }

    /** One failed stream leaves the connection usable for the others. */
    @Override
    public boolean survivesFailedExchange() {
        return isOpen() && !goingAway;
    }

    @Override
    public void exchange(FullHttpRequest encoded, CallTrace trace, ExchangeLimits limits, ExchangeCallback done) {
        FullHttpRequest request = withOwnHeaders(encoded);
        StreamReader reader = new StreamReader(trace, done, limits);
        done.started(reader);
        new Http2StreamChannelBootstrap(channel()).handler(new ChannelInitializer<Http2StreamChannel>() {
            @Override
            protected void initChannel(Http2StreamChannel ch) {
                ch.pipeline().addLast(new Http2StreamFrameToHttpObjectCodec(false)).addLast(reader);
            }
        }).open().addListener(f -> {
            if (!f.isSuccess()) {
                ReferenceCountUtil.release(request);
                reader.fail(null, new NoResponseException("cannot open an HTTP/2 stream", f.cause()));
                return;
            }
            Http2StreamChannel stream = (Http2StreamChannel) f.getNow();
            if (!reader.opened(stream)) {
                ReferenceCountUtil.release(request); // aborted before its stream opened
                return;
            }
            long bodyBytes = StreamedBody.bodyBytes(request);
            StreamedBody.write(stream, request).addListener(w -> {
                if (w.isSuccess()) {
                    trace.requestHeadersEnd();
                    trace.requestBodyEnd(request instanceof StreamedBody ? StreamedBody.sentBytes(request) : bodyBytes);
                } else {
                    reader.fail(stream, new NoResponseException("the request could not be written: "
                            + w.cause().getMessage(), w.cause()));
                }
            });
        });
    }

    /**
     * {@code request} with a header map of its own, taking over its content: Netty's HTTP/2 conversion writes a
     * header into the map ({@code x-http2-scheme}), and an encoded request's map may be shared with other requests
     * (the client's request encoder reuses it). A request with a body file has its own already.
     */
    static FullHttpRequest withOwnHeaders(FullHttpRequest request) {
        return request instanceof StreamedBody ? request
                : new DefaultFullHttpRequest(request.protocolVersion(), request.method(), request.uri(),
                        request.content(), request.headers().copy(), EmptyHttpHeaders.INSTANCE);
    }

    /**
     * One stream's response, into the sink its callback gives for the head. Its stream's event loop only, but for
     * {@link #pause}, {@link #resume} and {@link #abort}, which hop onto it; a timer per stream enforces the head's and
     * the read-idle limits (see {@code Http1Connection.Reader}).
     */
    private final class StreamReader extends ChannelInboundHandlerAdapter implements ReadControl, ExchangeAbort {
        private final CallTrace trace;
        private final ExchangeCallback done;
        private final ExchangeLimits limits;
        private final long startedNanos;
        /** The stream, once open; null before. */
        private Channel stream;
        private BodySink sink;
        private long bodyBytes;
        private long lastReadNanos;
        private boolean paused;
        private ScheduledFuture<?> timer;
        /** The exchange has ended (or is ending): nothing may end it again. */
        private boolean ended;
        /** Why it was aborted before its stream opened; null when it was not. */
        private Throwable abortedEarly;

        StreamReader(CallTrace trace, ExchangeCallback done, ExchangeLimits limits) {
            this.trace = trace;
            this.done = done;
            this.limits = limits;
            this.startedNanos = trace.requestStartedOrNow();
        }

        /** The stream opened, on its event loop: false when the exchange was aborted meanwhile (then it is closed). */
        boolean opened(Channel stream) {
            this.stream = stream;
            if (ended) {
                stream.close();
                return false;
            }
            schedule(startedNanos + limits.headNanos() - System.nanoTime());
            return true;
        }

        private void schedule(long delayNanos) {
            timer = stream.eventLoop().schedule(this::timerFired, delayNanos, TimeUnit.NANOSECONDS);
        }

        private void timerFired() {
            timer = null;
            if (ended || paused) {
                return;
            }
            long deadline = sink == null ? startedNanos + limits.headNanos() : lastReadNanos + limits.idleNanos();
            long leftNanos = deadline - System.nanoTime();
            if (leftNanos > 0) {
                schedule(leftNanos);
            } else {
                fail(stream, new ResponseTimeoutException(sink == null ? ResponseTimeoutException.Kind.HEAD
                        : ResponseTimeoutException.Kind.IDLE, sink == null ? limits.headNanos() : limits.idleNanos()));
            }
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (ended) {
                    return;
                }
                lastReadNanos = System.nanoTime();
                if (msg instanceof HttpResponse interim && interim.status().codeClass() == HttpStatusClass.INFORMATIONAL) {
                    return;
                }
                if (msg instanceof HttpResponse response) {
                    trace.responseHeadersEnd(response.status().code());
                    sink = done.head(response.status().code(), headers(response.headers()), this);
                }
                if (msg instanceof HttpContent content && sink != null) {
                    ByteBuf bytes = content.content();
                    bodyBytes += bytes.readableBytes();
                    sink.content(bytes, bytes.readerIndex(), bytes.readableBytes());
                    if (msg instanceof LastHttpContent) {
                        ended = true;
                        cancelTimer();
                        trace.responseBodyEnd(bodyBytes);
                        long total = bodyBytes;
                        ctx.close();
                        // Netty's codec closes the stream only after this read returns. Ending now would hand the
                        // stream's slot to a waiting call, whose new stream could then find the connection still at
                        // its peer's limit of concurrent streams and be refused; so end once the read is done.
                        ctx.executor().execute(() -> done.answered(total, null));
                    }
                }
            } catch (IOException e) {
                fail(ctx.channel(), e);
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        /** Ends the exchange with {@code cause} unless it has ended; {@code stream} is null when none opened. */
        void fail(Channel stream, Throwable cause) {
            if (ended) {
                return;
            }
            ended = true;
            cancelTimer();
            if (stream != null) {
                stream.close();
            }
            done.failed(sink == null && !(cause instanceof NoResponseException) && !(cause instanceof TimeoutException)
                    && !(cause instanceof CancellationException)
                    ? new NoResponseException("stream failed before the response: " + cause.getMessage(), cause)
                    : cause);
        }

        private void cancelTimer() {
            if (timer != null) {
                timer.cancel(false);
                timer = null;
            }
        }

        @Override
        public void pause() {
            onLoop(() -> {
                if (!ended && !paused) {
                    paused = true;
                    stream.config().setAutoRead(false);
                }
            });
        }

        @Override
        public void resume() {
            onLoop(() -> {
                if (paused) {
                    paused = false;
                    lastReadNanos = System.nanoTime();
                    stream.config().setAutoRead(true);
                    if (!ended && timer == null) {
                        schedule(limits.idleNanos());
                    }
                }
            });
        }

        @Override
        public void abort(ExchangeCallback exchange, Throwable why) {
            Channel s = stream;
            if (s == null) {
                // Not open yet: the connection's loop opens it, and finds it ended.
                channel().eventLoop().execute(() -> {
                    if (stream == null) {
                        fail(null, why);
                    } else {
                        fail(stream, why);
                    }
                });
                return;
            }
            onLoop(() -> fail(stream, why));
        }

        private void onLoop(Runnable task) {
            Channel s = stream;
            if (s == null || s.eventLoop().inEventLoop()) {
                task.run();
            } else {
                s.eventLoop().execute(task);
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (!ended) {
                Throwable why = connectionError;
                fail(ctx.channel(), why != null ? why
                        : sink == null ? new NoResponseException("stream closed before the response", null)
                        : new TruncatedResponseException("stream closed in the middle of the response"));
            }
            ctx.fireChannelInactive();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            fail(ctx.channel(), cause);
        }
    }

    /**
     * Connection-level frames: SETTINGS (Netty has applied them when this sees them) tell how many streams may be
     * open; GOAWAY makes the connection unusable for new streams. Errors from below the codec end here too.
     */
    private final class ConnectionFrames extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (msg instanceof Http2SettingsFrame) {
                    settingsReceived = true;
                    onSettings.accept(Http2Connection.this);
                } else if (msg instanceof Http2GoAwayFrame) {
                    goingAway = true;
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        /** An error below HTTP/2 (Netty's codec handles its own): it ends the connection and is its streams' reason. */
        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            connectionError = cause;
            ctx.close();
        }
    }

    /** Server-initiated streams (push) are not expected: refuse them. */
    private static final class Unexpected extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ReferenceCountUtil.release(msg);
            ctx.close();
        }
    }

    /**
     * An HTTP/2 response's fields, as Netty's adapter made them into HTTP/1.1 headers (its codec checked them), without
     * the {@code x-http2-} fields the adapter adds of its own.
     */
    private static Headers headers(HttpHeaders netty) {
        List<String> pairs = new ArrayList<>(netty.size() * 2);
        for (Map.Entry<String, String> field : netty) {
            if (!field.getKey().regionMatches(true, 0, "x-http2-", 0, 8)) {
                pairs.add(field.getKey());
                pairs.add(field.getValue());
            }
        }
        return HeaderLines.headers(pairs.toArray(String[]::new));
    }
}