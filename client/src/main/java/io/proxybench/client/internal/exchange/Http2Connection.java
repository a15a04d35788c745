package io.proxybench.client.internal.exchange;

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
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2GoAwayFrame;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2SettingsFrame;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamChannelBootstrap;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import io.proxybench.client.event.CloseReason;
import io.proxybench.client.event.ConnectionInfo;
import io.proxybench.client.internal.connect.Route;
import io.proxybench.client.internal.event.CallTrace;
import io.proxybench.client.internal.metrics.WireMeter;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
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
        this.codec = Http2FrameCodecBuilder.forClient().build();
        channel.pipeline().addLast("h2", codec).addLast("h2-streams", new Http2MultiplexHandler(new Unexpected()))
                .addLast("h2-frames", new ConnectionFrames());
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
    public void exchange(FullHttpRequest encoded, CallTrace trace, Duration timeout, int maxBodyBytes,
            ExchangeCallback then) {
        FullHttpRequest request = withOwnHeaders(encoded);
        CompletableFuture<StreamResponse> done = new CompletableFuture<>();
        done.whenComplete((result, failure) -> {
            if (failure != null) {
                then.failed(failure);
            } else {
                then.answered(result.status(), result.headers(), result.body(), result.bodyBytes(), null);
            }
        });
        StreamReader reader = new StreamReader(trace, done, maxBodyBytes);
        new Http2StreamChannelBootstrap(channel()).handler(new ChannelInitializer<Http2StreamChannel>() {
            @Override
            protected void initChannel(Http2StreamChannel ch) {
                ch.pipeline().addLast(new Http2StreamFrameToHttpObjectCodec(false)).addLast(reader);
            }
        }).open().addListener(f -> {
            if (!f.isSuccess()) {
                ReferenceCountUtil.release(request);
                done.completeExceptionally(new NoResponseException("cannot open an HTTP/2 stream", f.cause()));
                return;
            }
            Http2StreamChannel stream = (Http2StreamChannel) f.getNow();
            reader.timer = stream.eventLoop().schedule(() -> reader.fail(stream, new TimeoutException(
                    "no complete response within " + timeout.toMillis() + " ms")), timeout.toNanos(),
                    TimeUnit.NANOSECONDS);
            long bodyBytes = StreamedBody.bodyBytes(request);
            StreamedBody.write(stream, request).addListener(w -> {
                if (w.isSuccess()) {
                    trace.requestHeadersEnd();
                    trace.requestBodyEnd(bodyBytes);
                } else {
                    reader.fail(stream, new NoResponseException("request could not be written", w.cause()));
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

    /** A stream's whole response; {@code body} is cut at the client's body limit ({@code bodyBytes} counts all). */
    private record StreamResponse(int status, HttpHeaders headers, byte[] body, long bodyBytes) {}

    /** One stream's response. */
    private final class StreamReader extends ChannelInboundHandlerAdapter {
        private final CallTrace trace;
        private final CompletableFuture<StreamResponse> done;
        private final BodyBuffer body;
        private HttpResponse head;
        private ScheduledFuture<?> timer;
        /** The whole response has arrived; {@code done} completes with it in a moment, nothing may fail it now. */
        private boolean answered;

        StreamReader(CallTrace trace, CompletableFuture<StreamResponse> done, int maxBodyBytes) {
            this.trace = trace;
            this.done = done;
            this.body = new BodyBuffer(maxBodyBytes);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (msg instanceof HttpResponse interim && interim.status().codeClass() == HttpStatusClass.INFORMATIONAL) {
                    return;
                }
                if (msg instanceof HttpResponse response) {
                    head = response;
                    trace.responseHeadersEnd(response.status().code());
                }
                if (msg instanceof HttpContent content) {
                    body.add(content.content());
                    if (msg instanceof LastHttpContent && head != null && !done.isDone() && !answered) {
                        cancelTimer();
                        trace.responseBodyEnd(body.total());
                        answered = true;
                        StreamResponse result = new StreamResponse(head.status().code(), head.headers(), body.bytes(),
                                body.total());
                        ctx.close();
                        // Netty's codec closes the stream only after this read returns. Completing now would hand the
                        // stream's slot to a waiting call, whose new stream could then find the connection still at
                        // its peer's limit of concurrent streams and be refused; so complete once the read is done.
                        ctx.executor().execute(() -> done.complete(result));
                    }
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        void fail(Channel stream, Throwable cause) {
            if (answered) {
                return;
            }
            cancelTimer();
            if (done.completeExceptionally(head == null && !(cause instanceof NoResponseException)
                    && !(cause instanceof TimeoutException)
                    ? new NoResponseException("stream failed before the response: " + cause.getMessage(), cause)
                    : cause)) {
                stream.close();
            }
        }

        private void cancelTimer() {
            if (timer != null) {
                timer.cancel(false);
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (!done.isDone() && !answered) {
                Throwable why = connectionError;
                fail(ctx.channel(), why != null ? why
                        : head == null ? new NoResponseException("stream closed before the response", null)
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
}
