package io.proxybench.client.internal.connect;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Happy eyeballs (RFC 8305 section 5): connects to one of several addresses, in their order, starting the next
 * attempt when the last one has not connected within the stagger, or at once when it fails. The first attempt to
 * connect wins; the others are cancelled and closed, and one that connects after all the same is closed. The race
 * fails, with the first failure's cause, once every address has failed.
 *
 * <p>Everything runs on one event loop, which the attempts' channels must be registered with too: the race's state
 * needs no locks, and what it tells its {@link Attempts} comes one at a time, in order.
 */
final class ConnectRace {

    /** RFC 8305's recommended Connection Attempt Delay, in nanoseconds: 250 ms. */
    static final long STAGGER_NANOS = TimeUnit.MILLISECONDS.toNanos(250);

    /** What a race tells as it goes, on its loop. */
    interface Attempts {
        /** An attempt to connect to {@code address} starts. */
        void started(InetSocketAddress address);

        /** The attempt to connect to {@code address} failed while no other had connected. */
        void failed(InetSocketAddress address, Throwable cause);
    }

    /** The connected channel that won, and the address it was dialled at. */
    record Winner(Channel channel, InetSocketAddress address) {}

    private final EventLoop loop;
    private final List<InetSocketAddress> addresses;
    private final long staggerNanos;
    private final Function<InetSocketAddress, ChannelFuture> dial;
    private final Attempts attempts;
    private final CompletableFuture<Winner> won = new CompletableFuture<>();
    /** Attempts started and not yet done. */
    private final List<ChannelFuture> pending = new ArrayList<>();
    /** Index in {@link #addresses} of the next one to dial. */
    private int next;
    private ScheduledFuture<?> stagger;
    private Throwable firstFailure;

    private ConnectRace(EventLoop loop, List<InetSocketAddress> addresses, long staggerNanos,
            Function<InetSocketAddress, ChannelFuture> dial, Attempts attempts) {
        this.loop = loop;
        this.addresses = List.copyOf(addresses);
        this.staggerNanos = staggerNanos;
        this.dial = dial;
        this.attempts = attempts;
    }

    /**
     * Starts a race on {@code loop}; returns at once.
     *
     * @param addresses in dialling order, at least one
     * @param staggerNanos how long an attempt has to connect before the next one starts, in nanoseconds
     * @param dial connects a new channel, registered with {@code loop}, to an address
     * @param then told the winner, or the first failure once every attempt failed, exactly once and always on
     *     {@code loop}: a winner inside its connect listener, before its pipeline hears that it is active, so the
     *     winner's pipeline is whole (a peer's close is handled after {@code then} returns, never before). It must
     *     not throw: what it throws is lost
     */
    static void run(EventLoop loop, List<InetSocketAddress> addresses, long staggerNanos,
            Function<InetSocketAddress, ChannelFuture> dial, Attempts attempts, BiConsumer<Winner, Throwable> then) {
        if (addresses.isEmpty()) {
            throw new IllegalArgumentException("no address to connect to");
        }
        ConnectRace race = new ConnectRace(loop, addresses, staggerNanos, dial, attempts);
        // Attached before the race starts: a dependent added after a race already won would run on the thread that
        // added it, after the winner's pipeline may have seen the peer close and been emptied.
        race.won.whenComplete(then);
        loop.execute(race::startNext);
    }

    private void startNext() {
        if (stagger != null) {
            stagger.cancel(false);
            stagger = null;
        }
        if (won.isDone() || next == addresses.size()) {
            return;
        }
        InetSocketAddress address = addresses.get(next++);
        attempts.started(address);
        ChannelFuture attempt;
        try {
            attempt = dial.apply(address);
        } catch (RuntimeException e) {
            failed(address, e);
            return;
        }
        pending.add(attempt);
        attempt.addListener(f -> done(attempt, address));
        if (next < addresses.size() && !attempt.isDone()) {
            stagger = loop.schedule(this::startNext, staggerNanos, TimeUnit.NANOSECONDS);
        }
    }

    private void done(ChannelFuture attempt, InetSocketAddress address) {
        pending.remove(attempt);
        if (attempt.isSuccess()) {
            if (won.isDone()) {
                attempt.channel().close();
                return;
            }
            if (stagger != null) {
                stagger.cancel(false);
                stagger = null;
            }
            List<ChannelFuture> losers = List.copyOf(pending);
            pending.clear();
            for (ChannelFuture loser : losers) {
                loser.cancel(false);
                loser.channel().close();
            }
            won.complete(new Winner(attempt.channel(), address));
            return;
        }
        attempt.channel().close();
        if (!won.isDone() && !attempt.isCancelled()) {
            failed(address, attempt.cause());
        }
    }

    private void failed(InetSocketAddress address, Throwable cause) {
        if (firstFailure == null) {
            firstFailure = cause;
        }
        attempts.failed(address, cause);
        if (next < addresses.size()) {
            startNext();
        } else if (pending.isEmpty()) {
            won.completeExceptionally(firstFailure);
        }
    }
}
