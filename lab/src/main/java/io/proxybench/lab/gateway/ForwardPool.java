package io.proxybench.lab.gateway;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.ScheduledFuture;
import io.proxybench.lab.exits.Exit;
import io.proxybench.lab.exits.ExitChoice;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The gateway's own pool of upstream connections for forward-mode (absolute-URI) requests, shaped like Go's
 * {@code http.Transport}: per exit and destination at most {@code idleCap} idle connections are kept, most
 * recently used first, each for at most {@code idleTimeout}; a connection released beyond the cap is closed.
 * Busy connections are not capped, so concurrency above the cap means fresh dials: the churn seed 001 measured.
 */
final class ForwardPool implements AutoCloseable {

    /** What may share an upstream connection: the exit it is bound to and the destination. */
    record Key(Exit exit, InetSocketAddress destination) {}

    /** Set on every acquired connection: true when it came from the idle pool rather than a new dial. */
    static final AttributeKey<Boolean> REUSED = AttributeKey.valueOf("proxybench.reused");
    private static final AttributeKey<Long> IDLE_SINCE = AttributeKey.valueOf("proxybench.idleSince");
    private static final long SWEEP_MAX_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final int idleCap;
    private final long idleTimeoutNanos;
    private final ExitDialer dialer;
    private final GatewayCounters counters;
    private final Map<Key, Deque<Channel>> idle = new ConcurrentHashMap<>();
    private final ScheduledFuture<?> sweeper;

    ForwardPool(int idleCap, Duration idleTimeout, ExitDialer dialer, GatewayCounters counters,
            EventExecutor sweepOn) {
        this.idleCap = idleCap;
        this.idleTimeoutNanos = idleTimeout.toNanos();
        this.dialer = dialer;
        this.counters = counters;
        long every = Math.min(SWEEP_MAX_NANOS, Math.max(idleTimeoutNanos / 2, TimeUnit.MILLISECONDS.toNanos(10)));
        this.sweeper = sweepOn.scheduleWithFixedDelay(this::sweep, every, every, TimeUnit.NANOSECONDS);
    }

    /**
     * An idle connection for {@code key} (unless {@code fresh}), or a new one dialled on {@code loop} from
     * {@code choice}, the choice of {@code key}'s exit that decides how much exit setup the dial waits.
     */
    Future<Channel> acquire(Key key, ExitChoice choice, EventLoop loop, boolean fresh) {
        Deque<Channel> deque = fresh ? null : idle.get(key);
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
                    ch.attr(REUSED).set(true);
                    counters.upstreamReuse();
                    return loop.newSucceededFuture(ch);
                }
            }
        }
        return dialer.dial(loop, choice, key.destination(), ch -> {
            ch.attr(REUSED).set(false);
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
        synchronized (deque) {
            if (deque.size() >= idleCap) {
                ch.close();
                return;
            }
            ch.attr(IDLE_SINCE).set(System.nanoTime());
            deque.addFirst(ch);
        }
        // A read pending while idle notices the server closing the connection.
        ch.read();
    }

    /** Closes connections idle for the timeout or longer; they sit at the tail of each deque. */
    private void sweep() {
        long now = System.nanoTime();
        List<Channel> expired = new ArrayList<>();
        for (Deque<Channel> deque : idle.values()) {
            synchronized (deque) {
                for (Iterator<Channel> it = deque.descendingIterator(); it.hasNext(); ) {
                    Channel ch = it.next();
                    Long since = ch.attr(IDLE_SINCE).get();
                    if (since != null && now - since < idleTimeoutNanos) {
                        break;
                    }
                    it.remove();
                    expired.add(ch);
                }
            }
        }
        expired.forEach(Channel::close);
    }

    private void remove(Key key, Channel ch) {
        Deque<Channel> deque = idle.get(key);
        if (deque != null) {
            synchronized (deque) {
                deque.remove(ch);
            }
        }
    }

    /** Stops the sweeper and closes every idle connection. */
    @Override
    public void close() {
        sweeper.cancel(false);
        closeIdle();
    }

    /** Closes every idle connection; the pool goes on keeping new ones. */
    void closeIdle() {
        List<Channel> all = new ArrayList<>();
        for (Deque<Channel> deque : idle.values()) {
            synchronized (deque) {
                all.addAll(deque);
                deque.clear();
            }
        }
        all.forEach(Channel::close);
    }
}
