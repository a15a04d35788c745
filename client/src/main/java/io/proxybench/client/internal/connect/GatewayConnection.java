package io.proxybench.client.internal.connect;

import io.netty.channel.Channel;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.proxybench.client.internal.metrics.WireMeter;
import java.util.concurrent.CompletableFuture;

/**
 * One TLS connection with ALPN {@code h2} to a proxy, whose streams are CONNECT tunnels of any account: credentials
 * travel per stream, so it is shared by every session through the same proxy endpoint and proxy TLS.
 *
 * <p>Its stream count and state change only under the lock of the {@link GatewayConnections} that holds it.
 */
final class GatewayConnection {

    private final long id;
    private final GatewayConnections.Key key;
    private final Channel channel;
    private final Http2FrameCodec codec;
    private final WireMeter meter;
    private final int clientMaxStreams;
    private final CompletableFuture<Void> settled = new CompletableFuture<>();
    /** Streams reserved or open. */
    private int streams;
    /** Bumped by every reservation: an idle timer that finds it changed knows the connection was used since. */
    private long reservations;
    private boolean goingAway;
    private boolean retired;
    private volatile Throwable closedBy;

    /** @param meter counts every byte on the socket: proxy TLS, HTTP/2 frames and the tunnels' payload inside */
    GatewayConnection(long id, GatewayConnections.Key key, Channel channel, Http2FrameCodec codec, WireMeter meter,
            int clientMaxStreams) {
        this.id = id;
        this.key = key;
        this.channel = channel;
        this.codec = codec;
        this.meter = meter;
        this.clientMaxStreams = clientMaxStreams;
    }

    long id() {
        return id;
    }

    GatewayConnections.Key key() {
        return key;
    }

    Channel channel() {
        return channel;
    }

    /** Wire bytes both ways so far. */
    long wireBytes() {
        return meter.bytesIn() + meter.bytesOut();
    }

    /** Completes when the proxy's first SETTINGS arrived, so {@link #capacity()} is the proxy's limit. */
    CompletableFuture<Void> settled() {
        return settled;
    }

    int streams() {
        return streams;
    }

    long reservations() {
        return reservations;
    }

    /**
     * Streams it may carry at once: the proxy's {@code SETTINGS_MAX_CONCURRENT_STREAMS} (Netty's limit on streams the
     * local endpoint opens; unlimited until the proxy's SETTINGS arrive) capped by the client's option.
     */
    int capacity() {
        return Math.min(clientMaxStreams, codec.connection().local().maxActiveStreams());
    }

    /** Open, taking streams, and with a free one. */
    boolean hasRoom() {
        return usable() && streams < capacity();
    }

    /**
     * Open and taking streams: not told to go away by the proxy, not retired by the client. Netty's own record of a
     * GOAWAY counts too: it is set before the frame reaches the handler that calls {@link #goAway()}, and a tunnel the
     * GOAWAY cut may ask for a stream in between.
     */
    boolean usable() {
        return channel.isActive() && !goingAway && !retired && !codec.connection().goAwayReceived();
    }

    boolean retired() {
        return retired;
    }

    /** The error that ended the connection, null when none did. */
    Throwable closedBy() {
        return closedBy;
    }

    boolean goingAway() {
        return goingAway;
    }

    void reserve() {
        streams++;
        reservations++;
    }

    void release() {
        streams--;
    }

    /** The proxy sent GOAWAY: no new streams here; the ones it kept go on. */
    void goAway() {
        goingAway = true;
    }

    /**
     * The client stops giving it streams, and closes it: later, when on its event loop, so that whoever retires it
     * under the lock of {@link GatewayConnections} runs no close listeners while holding it.
     *
     * @param cause what ended it, null for an orderly close
     */
    void retire(Throwable cause) {
        if (cause != null && closedBy == null) {
            closedBy = cause;
        }
        if (retired) {
            return;
        }
        retired = true;
        if (channel.eventLoop().inEventLoop()) {
            channel.eventLoop().execute(channel::close);
        } else {
            channel.close();
        }
    }
}
