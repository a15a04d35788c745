package io.proxybench.client.internal.connect;

import io.netty.channel.Channel;
import io.netty.handler.codec.http2.DefaultHttp2WindowUpdateFrame;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2Settings;

/**
 * The receive windows the client grants on its HTTP/2 connections, to origins and to proxies alike. HTTP/2's 64 KiB
 * would hold a download to 64 KiB per round trip (3 MB/s at 20 ms), which no socket has to suffer; these hold it to
 * {@value #STREAM_BYTES} per stream, and Netty returns window as the client reads (a streamed body whose reader is
 * behind stops the reads, and so the window). The connection's own window is larger still, so that one stalled stream
 * cannot block the others.
 */
public final class ReceiveWindows {

    /** Bytes each stream may have in flight towards the client, announced in its SETTINGS. */
    public static final int STREAM_BYTES = 1 << 20;
    /** Bytes added to the connection's window (RFC 9113's 65,535) as it starts. */
    public static final int CONNECTION_EXTRA_BYTES = 16 << 20;

    private ReceiveWindows() {
    }

    /** A client codec's builder announcing {@link #STREAM_BYTES} per stream, and no server push. */
    public static Http2FrameCodecBuilder clientCodec() {
        return Http2FrameCodecBuilder.forClient()
                .initialSettings(Http2Settings.defaultSettings().initialWindowSize(STREAM_BYTES).pushEnabled(false));
    }

    /** Widens the connection's window on {@code channel}, whose pipeline has the codec; call once, as it starts. */
    public static void widen(Channel channel) {
        channel.writeAndFlush(new DefaultHttp2WindowUpdateFrame(CONNECTION_EXTRA_BYTES));
    }
}
