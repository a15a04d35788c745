package io.proxybench.lab.target;

import io.netty.channel.Channel;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.util.AttributeKey;
import java.net.InetAddress;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the target knows about one accepted TCP connection, kept as an attribute of its channel; HTTP/2 streams
 * share the state of their parent connection.
 */
final class ConnectionState {

    private static final AttributeKey<ConnectionState> KEY = AttributeKey.valueOf(ConnectionState.class.getName());
    private static final AtomicLong NEXT_ID = new AtomicLong(1);

    private final long id;
    private final InetAddress source;
    private final String sourceText;
    private final AtomicLong requests = new AtomicLong();
    /** The JA4 fingerprint of the connection's TLS ClientHello; null on the plain listener or before the hello. */
    private volatile String ja4;

    private ConnectionState(long id, InetAddress source, String sourceText) {
        this.id = id;
        this.source = source;
        this.sourceText = sourceText;
    }

    /** Gives {@code connection} the next connection id (JVM-wide, from 1) and attaches the state to it. */
    static ConnectionState attach(Channel connection, InetAddress source, String sourceText) {
        ConnectionState state = new ConnectionState(NEXT_ID.getAndIncrement(), source, sourceText);
        connection.attr(KEY).set(state);
        return state;
    }

    /** The TCP connection carrying {@code channel}: the channel itself, or the parent of an HTTP/2 stream. */
    static Channel connectionOf(Channel channel) {
        return channel instanceof Http2StreamChannel ? channel.parent() : channel;
    }

    /** The state of the TCP connection carrying {@code channel}. */
    static ConnectionState of(Channel channel) {
        return connectionOf(channel).attr(KEY).get();
    }

    String ja4() {
        return ja4;
    }

    void ja4(String fingerprint) {
        this.ja4 = fingerprint;
    }

    long id() {
        return id;
    }

    /** The connection's TCP peer address. */
    InetAddress source() {
        return source;
    }

    /** {@link #source()} as text without a port, IPv6 in its compressed form. */
    String sourceText() {
        return sourceText;
    }

    /** Counts one more request on this connection and returns its number, from 1, across all streams. */
    long nextRequest() {
        return requests.incrementAndGet();
    }
}
