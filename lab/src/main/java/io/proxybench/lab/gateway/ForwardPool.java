package io.proxybench.lab.gateway;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.Future;
import io.proxybench.lab.exits.Exit;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The gateway's own pool of upstream connections for forward-mode (absolute-URI) requests, shaped like Go's
 * {@code http.Transport}: per exit and destination at most {@code idleCap} idle connections are kept, most
 * recently used first, each for at most {@code idleTimeout}; a connection released beyond the cap is closed.
 * Busy connections are not capped, so concurrency above the cap means fresh dials: the churn seed 001 measured.
 */
final class ForwardPool {

    /** What may share an upstream connection: the exit it is bound to and the destination. */
    record Key(Exit exit, InetSocketAddress destination) {}

    private static final AttributeKey<Object> IDLE_TOKEN = AttributeKey.valueOf("proxybench.idleToken");

    private final int idleCap;
    private final long idleTimeoutNanos;
    private final ExitDialer dialer;
    private final GatewayCounters counters;
    private final Map<Key, Deque<Channel>> idle = new ConcurrentHashMap<>();

    ForwardPool(int idleCap, Duration idleTimeout, ExitDialer dialer, GatewayCounters counters) {
        this.idleCap = idleCap;
        this.idleTimeoutNanos = idleTimeout.toNanos();
        this.dialer = dialer;
        this.counters = counters;
    }

    /** An idle connection for {@code key}, or a new one dialled on {@code loop}. */
    Future<Channel> acquire(Key key, EventLoop loop) {
        Deque<Channel> deque = idle.get(key);
        if (deque != null) {
            while (true) {
                Channel ch;
                synchronized (deque) {
                    ch = deque.pollFirst();
                }
                if (ch == null) {
                    break;
                }
                if (ch.isActive()) {
                    ch.attr(IDLE_TOKEN).set(null);
                    counters.upstreamReuse();
                    return loop.newSucceededFuture(ch);
                }
            }
        }
        return dialer.dial(loop, key.exit(), key.destination(), ch -> {
            ch.pipeline().addLast("http", new HttpClientCodec()).addLast("exchange", new ForwardUpstream());
            ch.closeFuture().addListener(f -> remove(key, ch));
        });
    }

    /** Returns a connection whose exchange ended cleanly: kept idle if there is room, closed otherwise. */
    void release(Key key, Channel ch) {
        if (!ch.isActive()) {
            return;
        }
        Deque<Channel> deque = idle.computeIfAbsent(key, k -> new ArrayDeque<>());
        Object token = new Object();
        synchronized (deque) {
            if (deque.size() >= idleCap) {
                ch.close();
                return;
            }
            ch.attr(IDLE_TOKEN).set(token);
            deque.addFirst(ch);
        }
        ch.read();
        ch.eventLoop().schedule(() -> {
            if (ch.attr(IDLE_TOKEN).get() == token && remove(key, ch)) {
                ch.close();
            }
        }, idleTimeoutNanos, TimeUnit.NANOSECONDS);
    }

    private boolean remove(Key key, Channel ch) {
        Deque<Channel> deque = idle.get(key);
        if (deque == null) {
            return false;
        }
        synchronized (deque) {
            return deque.remove(ch);
        }
    }

    /** Idle connections held now, for tests and counters. */
    int idleCount() {
        int n = 0;
        for (Deque<Channel> deque : idle.values()) {
            synchronized (deque) {
                n += deque.size();
            }
        }
        return n;
    }
}
