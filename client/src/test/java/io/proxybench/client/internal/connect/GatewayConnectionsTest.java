package io.proxybench.client.internal.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.internal.metrics.WireMeter;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Sharing, opening, idling and retiring of proxy connections, on {@link EmbeddedChannel}s whose clock the test
 * moves; openings are futures the test completes.
 */
class GatewayConnectionsTest {

    private static final GatewayConnections.Key KEY = new GatewayConnections.Key("proxy.test", 443,
            TlsSettings.system());
    private static final Duration IDLE = Duration.ofSeconds(5);

    private final GatewayConnections gateways = new GatewayConnections(IDLE);
    private final List<CompletableFuture<GatewayConnection>> openings = new ArrayList<>();
    private final AtomicInteger ids = new AtomicInteger();
    private final List<EmbeddedChannel> channels = new ArrayList<>();

    /** The codecs' own frames (preface, SETTINGS, GOAWAY) sit in the channels' outbound queues: release them. */
    @AfterEach
    void releaseFrames() {
        channels.forEach(EmbeddedChannel::finishAndReleaseAll);
    }

    /** An opening the test completes: with {@link #connection(int)} or a failure. */
    private CompletableFuture<GatewayConnection> open() {
        CompletableFuture<GatewayConnection> opening = new CompletableFuture<>();
        openings.add(opening);
        return opening;
    }

    /** A live connection that allows {@code maxStreams} streams. */
    private GatewayConnection connection(int maxStreams) {
        Http2FrameCodec codec = Http2FrameCodecBuilder.forClient().build();
        EmbeddedChannel ch = new EmbeddedChannel(codec);
        channels.add(ch);
        return new GatewayConnection(ids.incrementAndGet(), KEY, ch, codec, new WireMeter(), maxStreams);
    }

    private static EmbeddedChannel channel(GatewayConnection c) {
        return (EmbeddedChannel) c.channel();
    }

    @Test
    void aBurstOpensOneConnectionAndWaitsForItThenSharesIt() {
        List<CompletableFuture<GatewayConnection>> burst = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            burst.add(gateways.reserve(KEY, this::open));
        }
        assertThat(openings).as("one opening for the whole burst").hasSize(1);
        assertThat(burst).noneMatch(CompletableFuture::isDone);

        GatewayConnection c = connection(10);
        openings.get(0).complete(c);

        assertThat(burst).allSatisfy(f -> assertThat(f.getNow(null)).isSameAs(c));
        assertThat(c.streams()).isEqualTo(5);
        assertThat(gateways.usage().open()).isEqualTo(1);
    }

    @Test
    void aFullConnectionMakesTheNextTunnelOpenAnotherAndThePeakIsKept() {
        gateways.reserve(KEY, this::open);
        GatewayConnection first = connection(2);
        openings.get(0).complete(first);
        assertThat(gateways.reserve(KEY, this::open).getNow(null)).isSameAs(first);

        CompletableFuture<GatewayConnection> third = gateways.reserve(KEY, this::open);
        assertThat(openings).hasSize(2);
        GatewayConnection second = connection(2);
        openings.get(1).complete(second);

        assertThat(third.getNow(null)).isSameAs(second);
        assertThat(gateways.usage().peak()).isEqualTo(2);
    }

    @Test
    void aFailedOpeningFailsItsOpenerAndEachWaiterTriesItsOwn() {
        CompletableFuture<GatewayConnection> opener = gateways.reserve(KEY, this::open);
        CompletableFuture<GatewayConnection> waiter = gateways.reserve(KEY, this::open);

        openings.get(0).completeExceptionally(new IOException("refused"));

        assertThat(opener).isCompletedExceptionally();
        assertThat(openings).as("the waiter opens its own").hasSize(2);
        GatewayConnection c = connection(10);
        openings.get(1).complete(c);
        assertThat(waiter.getNow(null)).isSameAs(c);
    }

    @Test
    void anOpeningThatThrowsFailsItsCallerAndFreesTheKey() {
        CompletableFuture<GatewayConnection> thrown = gateways.reserve(KEY, () -> {
            throw new IllegalStateException("listener bug");
        });
        assertThat(thrown).isCompletedExceptionally();

        gateways.reserve(KEY, this::open);
        assertThat(openings).as("the next caller is not left waiting on it").hasSize(1);
    }

    @Test
    void aConnectionWithoutStreamsClosesAfterTheIdleTimeUnlessUsedAgain() {
        gateways.reserve(KEY, this::open);
        GatewayConnection c = connection(10);
        openings.get(0).complete(c);

        gateways.release(c);
        channel(c).advanceTimeBy(IDLE.toMillis() / 2, TimeUnit.MILLISECONDS);
        channel(c).runScheduledPendingTasks();
        gateways.reserve(KEY, this::open);
        gateways.release(c);
        channel(c).advanceTimeBy(IDLE.toMillis() * 3 / 4, TimeUnit.MILLISECONDS);
        channel(c).runScheduledPendingTasks();
        assertThat(c.channel().isOpen()).as("used again within the idle time").isTrue();

        channel(c).advanceTimeBy(IDLE.toMillis(), TimeUnit.MILLISECONDS);
        channel(c).runScheduledPendingTasks();
        channel(c).runPendingTasks();
        assertThat(c.channel().isOpen()).isFalse();
        assertThat(gateways.usage().open()).isZero();
        assertThat(openings).as("the second use took the open connection").hasSize(1);
    }

    @Test
    void aGoAwayStopsNewStreamsThereAndTheConnectionClosesWithItsLastStream() {
        gateways.reserve(KEY, this::open);
        GatewayConnection c = connection(10);
        openings.get(0).complete(c);

        gateways.goAway(c);
        CompletableFuture<GatewayConnection> next = gateways.reserve(KEY, this::open);
        assertThat(openings).as("a new connection for the next tunnel").hasSize(2);
        assertThat(next).isNotDone();
        assertThat(c.channel().isOpen()).as("its stream goes on").isTrue();

        gateways.release(c);
        channel(c).runPendingTasks();
        assertThat(c.channel().isOpen()).isFalse();
    }

    @Test
    void anErrorRetiresTheConnectionAndIsItsTunnelsReason() {
        gateways.reserve(KEY, this::open);
        GatewayConnection c = connection(10);
        openings.get(0).complete(c);
        IOException reset = new IOException("Connection reset by peer");

        gateways.failed(c, reset);
        channel(c).runPendingTasks();

        assertThat(c.closedBy()).isSameAs(reset);
        assertThat(c.channel().isOpen()).isFalse();
        gateways.reserve(KEY, this::open);
        assertThat(openings).hasSize(2);
    }
}
