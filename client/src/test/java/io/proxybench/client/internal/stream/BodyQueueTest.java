package io.proxybench.client.internal.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.proxybench.client.internal.exchange.ReadControl;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The queue between a connection's chunks and a body's reader: order, bounds, pauses, the end and failures. */
class BodyQueueTest {

    private final AtomicInteger pauses = new AtomicInteger();
    private final AtomicInteger resumes = new AtomicInteger();
    private final List<Throwable> aborts = new ArrayList<>();
    private final BodyQueue queue = new BodyQueue(new ReadControl() {
        @Override
        public void pause() {
            pauses.incrementAndGet();
        }

        @Override
        public void resume() {
            resumes.incrementAndGet();
        }
    }, aborts::add);

    private void add(byte[] bytes) {
        ByteBuf buf = Unpooled.buffer(bytes.length + 2).writeZero(2).writeBytes(bytes);
        queue.content(buf, 2, bytes.length);
        buf.release();
    }

    private static byte[] pattern(int from, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (from + i);
        }
        return b;
    }

    @Test
    void aReadTakesFromAsManyChunksAsItHasRoomForInOrder() throws IOException {
        add(pattern(0, 3));
        add(pattern(3, 4));
        add(pattern(7, 5));
        byte[] into = new byte[10];
        assertThat(queue.read(into, 0, 10)).isEqualTo(10);
        assertThat(into).isEqualTo(pattern(0, 10));
        assertThat(queue.available()).isEqualTo(2);
        queue.end();
        assertThat(queue.read(into, 0, 10)).isEqualTo(2);
        assertThat(into[0]).isEqualTo((byte) 10);
        assertThat(queue.read(into, 0, 10)).isEqualTo(-1);
    }

    @Test
    void transferToWritesEveryByteInOrderWhileTheChunksArriveAndPausesResumeAtTheBounds() throws Exception {
        int chunk = 16 << 10;
        int chunks = 300; // 4.8 MiB: past HIGH several times
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CompletableFuture<Long> read = CompletableFuture.supplyAsync(() -> {
            try {
                return queue.transferTo(out);
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
        for (int i = 0; i < chunks; i++) {
            add(pattern(i * chunk, chunk));
        }
        queue.end();
        assertThat(read.get(20, TimeUnit.SECONDS)).isEqualTo((long) chunk * chunks);
        assertThat(out.toByteArray()).isEqualTo(pattern(0, chunk * chunks));
        assertThat(resumes.get()).as("every pause was resumed").isEqualTo(pauses.get());
        assertThat(aborts).isEmpty();
    }

    @Test
    void theReadsPauseAboveHighAndResumeAtLow() throws IOException {
        int chunk = 64 << 10;
        for (int queued = 0; queued <= BodyQueue.HIGH; queued += chunk) {
            add(new byte[chunk]);
        }
        assertThat(pauses.get()).isEqualTo(1);
        byte[] into = new byte[chunk];
        while (queue.available() > BodyQueue.LOW + chunk) {
            queue.read(into, 0, chunk);
        }
        assertThat(resumes.get()).isZero();
        queue.read(into, 0, chunk);
        assertThat(resumes.get()).isEqualTo(1);
    }

    @Test
    void aFailureComesAfterTheBytesThatCameAndAnEarlyCloseAborts() throws IOException {
        add(pattern(0, 4));
        queue.failed(new IOException("reset by peer"));
        byte[] into = new byte[8];
        assertThat(queue.read(into, 0, 8)).isEqualTo(4);
        assertThatThrownBy(() -> queue.read(into, 0, 8)).isInstanceOf(IOException.class).hasMessage("reset by peer");
        assertThatThrownBy(() -> queue.transferTo(new ByteArrayOutputStream())).isInstanceOf(IOException.class);
        queue.close();
        assertThat(aborts).as("a failed body needs no abort").isEmpty();

        BodyQueue early = new BodyQueue(new ReadControl() {
            @Override
            public void pause() {}

            @Override
            public void resume() {}
        }, aborts::add);
        early.close();
        assertThat(aborts).singleElement().satisfies(t -> assertThat(t).hasMessageContaining("closed before its end"));
    }

    @Test
    void aChunkThatIsMostOfItsBufferIsKeptWithoutACopyAndReleasedOnceRead() throws IOException {
        ByteBuf buf = Unpooled.buffer(8).writeBytes(pattern(0, 8));
        queue.content(buf, 1, 6);
        buf.release(); // the connection's reference: the queue holds its own
        assertThat(buf.refCnt()).isEqualTo(1);
        buf.setByte(1, 99); // the same memory, so the change shows: no copy was made
        byte[] into = new byte[6];
        assertThat(queue.read(into, 0, 6)).isEqualTo(6);
        assertThat(into).containsExactly(99, 2, 3, 4, 5, 6);
        assertThat(buf.refCnt()).isZero();
    }

    @Test
    void aSmallPartOfALargeBufferIsCopiedSoTheLargeOneIsFreedAtOnce() throws IOException {
        ByteBuf large = Unpooled.buffer(64 * 1024).writeBytes(pattern(0, 100));
        queue.content(large, 10, 5);
        large.release();
        assertThat(large.refCnt()).isZero();
        byte[] into = new byte[5];
        assertThat(queue.read(into, 0, 5)).isEqualTo(5);
        assertThat(into).isEqualTo(pattern(10, 5));
    }

    @Test
    void closingReleasesEveryQueuedBufferAndOneAddedAfterwards() {
        List<ByteBuf> bufs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ByteBuf buf = Unpooled.buffer(4).writeBytes(pattern(i, 4));
            queue.content(buf, 0, 4);
            buf.release();
            bufs.add(buf);
        }
        queue.close();
        ByteBuf late = Unpooled.buffer(4).writeBytes(pattern(0, 4));
        queue.content(late, 0, 4);
        late.release();
        bufs.add(late);
        assertThat(bufs).allSatisfy(buf -> assertThat(buf.refCnt()).isZero());
    }

    @Test
    void transferToReleasesEachBufferItWrote() throws IOException {
        ByteBuf buf = Unpooled.buffer(4).writeBytes(pattern(0, 4));
        queue.content(buf, 0, 4);
        buf.release();
        queue.end();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(queue.transferTo(out)).isEqualTo(4);
        assertThat(out.toByteArray()).isEqualTo(pattern(0, 4));
        assertThat(buf.refCnt()).isZero();
    }

    @Test
    void aFailedBodyKeepsItsBytesInOrderForTheReaderButNoneOfTheConnectionsBuffers() throws IOException {
        List<ByteBuf> bufs = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            ByteBuf buf = Unpooled.buffer(4).writeBytes(pattern(4 * i, 4));
            queue.content(buf, 0, 4);
            buf.release();
            bufs.add(buf);
        }
        queue.failed(new IOException("cut"));
        assertThat(bufs).allSatisfy(buf -> assertThat(buf.refCnt()).isZero());
        byte[] into = new byte[32];
        assertThat(queue.read(into, 0, 32)).isEqualTo(16);
        assertThat(Arrays.copyOf(into, 16)).isEqualTo(pattern(0, 16));
        assertThatThrownBy(() -> queue.read(into, 0, 8)).isInstanceOf(IOException.class).hasMessage("cut");
    }
}
