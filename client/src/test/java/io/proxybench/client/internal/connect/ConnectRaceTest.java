package io.proxybench.client.internal.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelPromise;
import io.netty.channel.DefaultChannelPromise;
import io.netty.channel.DefaultEventLoop;
import io.netty.channel.EventLoop;
import io.netty.channel.embedded.EmbeddedChannel;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The happy eyeballs race on fake connects the test completes itself: the next attempt starts after the stagger or
 * at once on a failure, the first to connect wins and the others are cancelled and closed, and a race whose every
 * attempt failed fails with the first cause.
 */
class ConnectRaceTest {

    private static final InetSocketAddress A = new InetSocketAddress("127.0.0.1", 1);
    private static final InetSocketAddress B = new InetSocketAddress("::1", 2);
    private static final InetSocketAddress C = new InetSocketAddress("127.0.0.2", 3);

    private final EventLoop loop = new DefaultEventLoop();
    /** Each attempt's connect, by address, for the test to complete. */
    private final Map<InetSocketAddress, ChannelPromise> connects = new ConcurrentHashMap<>();
    /** What the race told, as {@code started A} or {@code failed A}, with when (System.nanoTime()). */
    private final BlockingQueue<Told> told = new LinkedBlockingQueue<>();

    private record Told(String what, InetSocketAddress address, long atNanos) {}

    @AfterEach
    void stopLoop() {
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private CompletableFuture<ConnectRace.Winner> race(long staggerNanos, InetSocketAddress... addresses) {
        CompletableFuture<ConnectRace.Winner> won = new CompletableFuture<>();
        ConnectRace.run(loop, List.of(addresses), staggerNanos, this::dial, new ConnectRace.Attempts() {
            @Override
            public void started(InetSocketAddress address) {
                told.add(new Told("started", address, System.nanoTime()));
            }

            @Override
            public void failed(InetSocketAddress address, Throwable cause) {
                told.add(new Told("failed", address, System.nanoTime()));
            }
        }, (winner, error) -> {
            if (!loop.inEventLoop()) {
                won.completeExceptionally(new AssertionError("the race told its end off its loop"));
            } else if (error != null) {
                won.completeExceptionally(error);
            } else {
                won.complete(winner);
            }
        });
        return won;
    }

    private ChannelFuture dial(InetSocketAddress address) {
        ChannelPromise connect = new DefaultChannelPromise(new EmbeddedChannel(), loop);
        connects.put(address, connect);
        return connect;
    }

    /** The connect of the attempt at {@code address}, read on the loop: an attempt is told before it dials. */
    private ChannelPromise connectOf(InetSocketAddress address) throws Exception {
        ChannelPromise connect = loop.submit(() -> connects.get(address)).get(10, TimeUnit.SECONDS);
        assertThat(connect).as("the attempt at " + address).isNotNull();
        return connect;
    }

    private Told next() throws InterruptedException {
        Told t = told.poll(10, TimeUnit.SECONDS);
        assertThat(t).as("the race's next report").isNotNull();
        return t;
    }

    @Test
    void theNextAttemptStartsAfterTheStaggerAndTheLoserIsCancelledAndClosed() throws Exception {
        long stagger = TimeUnit.MILLISECONDS.toNanos(200);
        CompletableFuture<ConnectRace.Winner> won = race(stagger, A, B, C);
        Told first = next();
        assertThat(first).extracting(Told::what, Told::address).containsExactly("started", A);
        Told second = next();
        assertThat(second).extracting(Told::what, Told::address).containsExactly("started", B);
        assertThat(second.atNanos() - first.atNanos()).as("B waited for the stagger").isGreaterThanOrEqualTo(stagger);

        ChannelPromise b = connectOf(B);
        loop.execute(b::setSuccess);
        ConnectRace.Winner winner = won.get(10, TimeUnit.SECONDS);
        assertThat(winner.address()).isEqualTo(B);
        assertThat(winner.channel()).isSameAs(b.channel());
        assertThat(winner.channel().isOpen()).isTrue();

        ChannelPromise a = connectOf(A);
        assertThat(a.isCancelled()).as("the loser's connect").isTrue();
        assertThat(a.channel().isOpen()).as("the loser's channel").isFalse();
        assertThat(told.poll(2 * stagger, TimeUnit.NANOSECONDS)).as("C is never dialled once B has won").isNull();
        assertThat(connects).doesNotContainKey(C);
    }

    /**
     * A connect that completes at once, started from a thread other than the loop: the end is told on the loop all
     * the same, inside the winner's connect listener (told on the starting thread once the race had won, a setup
     * found its pipeline emptied by a proxy's close that came in between, and waited for its timeout).
     */
    @Test
    void aRaceWonAtOnceIsToldOnItsLoop() throws Exception {
        for (int i = 0; i < 100; i++) {
            CompletableFuture<ConnectRace.Winner> won = race(TimeUnit.SECONDS.toNanos(30), A);
            ChannelPromise connect = connectOf(A);
            loop.execute(connect::setSuccess);
            assertThat(won.get(10, TimeUnit.SECONDS).channel()).isSameAs(connect.channel());
            connects.clear();
            told.clear();
        }
    }

    @Test
    void aFailureStartsTheNextAttemptAtOnceAndIsTold() throws Exception {
        long stagger = TimeUnit.SECONDS.toNanos(30);
        CompletableFuture<ConnectRace.Winner> won = race(stagger, A, B);
        assertThat(next()).extracting(Told::what, Told::address).containsExactly("started", A);
        ChannelPromise a = connectOf(A);
        loop.execute(() -> a.setFailure(new ConnectException("refused")));
        assertThat(next()).extracting(Told::what, Told::address).containsExactly("failed", A);
        assertThat(next()).extracting(Told::what, Told::address).containsExactly("started", B);
        assertThat(a.channel().isOpen()).isFalse();

        ChannelPromise b = connectOf(B);
        loop.execute(b::setSuccess);
        assertThat(won.get(10, TimeUnit.SECONDS).address()).isEqualTo(B);
    }

    @Test
    void whenEveryAttemptFailsTheRaceFailsWithTheFirstCause() throws Exception {
        CompletableFuture<ConnectRace.Winner> won = race(TimeUnit.SECONDS.toNanos(30), A, B);
        next();
        ConnectException refusedA = new ConnectException("A refused");
        ChannelPromise a = connectOf(A);
        loop.execute(() -> a.setFailure(refusedA));
        next();
        next();
        ChannelPromise b = connectOf(B);
        loop.execute(() -> b.setFailure(new ConnectException("B refused")));
        assertThat(next()).extracting(Told::what, Told::address).containsExactly("failed", B);
        assertThatThrownBy(() -> won.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .hasCause(refusedA);
    }

    @Test
    void anAttemptThatFailsWhileAnEarlierOneIsPendingLeavesTheRaceToIt() throws Exception {
        long stagger = TimeUnit.MILLISECONDS.toNanos(50);
        CompletableFuture<ConnectRace.Winner> won = race(stagger, A, B);
        next();
        next(); // B started after the stagger, A still pending
        ChannelPromise b = connectOf(B);
        loop.execute(() -> b.setFailure(new ConnectException("B refused")));
        assertThat(next()).extracting(Told::what, Told::address).containsExactly("failed", B);
        assertThat(won).isNotDone();
        ChannelPromise a = connectOf(A);
        loop.execute(a::setSuccess);
        assertThat(won.get(10, TimeUnit.SECONDS).address()).isEqualTo(A);
    }
}
