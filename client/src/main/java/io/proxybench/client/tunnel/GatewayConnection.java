package io.proxybench.client.tunnel;

import io.netty.channel.Channel;
import io.netty.handler.codec.http2.Http2FrameCodec;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One TLS connection with ALPN {@code h2} to a proxy, whose streams are CONNECT tunnels of any account: credentials
 * travel per stream, so it is shared by every session through the same proxy endpoint and proxy TLS.
 */
final class GatewayConnection {

    private final long id;
    private final Channel channel;
    private final Http2FrameCodec codec;
    private final int clientMaxStreams;
    /** Streams reserved or open; reserved under {@link GatewayConnections}' lock, released from any thread. */
    private final AtomicInteger streams = new AtomicInteger();
    private final CompletableFuture<Void> settled = new CompletableFuture<>();
    private volatile boolean goingAway;

    GatewayConnection(long id, Channel channel, Http2FrameCodec codec, int clientMaxStreams) {
        this.id = id;
        this.channel = channel;
        this.codec = codec;
        this.clientMaxStreams = clientMaxStreams;
    }

    long id() {
        return id;
    }

    Channel channel() {
        return channel;
    }

    /** Completes when the proxy's first SETTINGS arrived, so {@link #capacity()} is the proxy's limit. */
    CompletableFuture<Void> settled() {
        return settled;
    }

    int streams() {
        return streams.get();
    }

    /**
     * Streams it may carry at once: the proxy's {@code SETTINGS_MAX_CONCURRENT_STREAMS} (Netty's limit on streams the
     * local endpoint opens; unlimited until the proxy's SETTINGS arrive) capped by the client's option.
     */
    int capacity() {
        return Math.min(clientMaxStreams, codec.connection().local().maxActiveStreams());
    }

    /** Open, not going away, and with a free stream. */
    boolean hasRoom() {
        return usable() && streams.get() < capacity();
    }

    boolean usable() {
        return channel.isActive() && !goingAway;
    }

    void reserve() {
        streams.incrementAndGet();
    }

    void release() {
        streams.decrementAndGet();
    }

    /** The proxy sent GOAWAY: no new streams here; the ones it kept go on. */
    void goingAway() {
        goingAway = true;
    }
}
