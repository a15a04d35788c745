package io.proxybench.client.internal.exchange;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.proxybench.client.event.CloseReason;
import io.proxybench.client.event.ConnectionInfo;
import io.proxybench.client.internal.connect.Route;
import io.proxybench.client.internal.event.CallTrace;
import io.proxybench.client.internal.metrics.WireMeter;
import io.proxybench.client.internal.pool.Poolable;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;

/**
 * An established connection for one route, speaking HTTP/1.1 or h2 to the origin. The pool decides who may use
 * it; this class only carries exchanges and reports its own end once, with the reason.
 */
public abstract class ClientConnection implements Poolable {

    private final ConnectionInfo info;
    private final Route route;
    private final Channel channel;
    private final WireMeter meter;
    private volatile CloseReason closeReason;
    private final AtomicLong attributedOut = new AtomicLong();
    private final AtomicLong attributedIn = new AtomicLong();

    /**
     * @param onClosed told once when the channel closes, with the reason the client gave or {@link
     *     CloseReason#PEER_CLOSED} when the other side closed first
     */
    protected ClientConnection(ConnectionInfo info, Route route, Channel channel, WireMeter meter,
            BiConsumer<ClientConnection, CloseReason> onClosed) {
        this.info = info;
        this.route = route;
        this.channel = channel;
        this.meter = meter;
        // Told after the task that closed the channel, so a call's release and end events come first.
        channel.closeFuture().addListener(f -> channel.eventLoop().execute(() -> onClosed.accept(this,
                closeReason == null ? CloseReason.PEER_CLOSED : closeReason)));
    }

    public ConnectionInfo info() {
        return info;
    }

    public Route route() {
        return route;
    }

    public Channel channel() {
        return channel;
    }

    public WireMeter meter() {
        return meter;
    }

    /**
     * Sends {@code request} and reads the response into the sink {@code done} gives for its head; the request is
     * released either way. {@code done} is told its end once, whole or failed, on the connection's event loop (or on
     * the caller's thread when the connection fails the exchange at once).
     */
    public abstract void exchange(FullHttpRequest request, CallTrace trace, ExchangeLimits limits,
            ExchangeCallback done);

    @Override
    public boolean isOpen() {
        return channel.isActive();
    }

    /** Whether the connection can carry other exchanges after one failed (true for an HTTP/2 stream's failure). */
    public boolean survivesFailedExchange() {
        return false;
    }

    /** Counts wire bytes as a call's; what no call takes is counted when the connection closes. */
    public void attribute(long out, long in) {
        attributedOut.addAndGet(out);
        attributedIn.addAndGet(in);
    }

    /** Wire bytes not attributed to any call: frames shared by streams, TLS alerts, bytes between calls. */
    public long unattributedOut() {
        return meter.bytesOut() - attributedOut.get();
    }

    public long unattributedIn() {
        return meter.bytesIn() - attributedIn.get();
    }

    @Override
    public void close(CloseReason reason) {
        if (closeReason == null) {
            closeReason = reason;
        }
        channel.close();
    }

    @Override
    public String toString() {
        return "connection " + info.id() + " " + info.protocol() + " " + route;
    }
}
