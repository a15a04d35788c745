package io.proxybench.client.internal.exchange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A buffered body: whole within its limit, failed over it, or its prefix kept and the rest counted. */
class BodyBufferTest {

    private static void feed(BodyBuffer buffer, byte[] body, int chunk) throws BodyTooLargeException {
        ByteBuf buf = Unpooled.wrappedBuffer(body);
        for (int at = 0; at < body.length; at += chunk) {
            buffer.content(buf, at, Math.min(chunk, body.length - at));
        }
    }

    private static byte[] pattern(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 31);
        }
        return b;
    }

    @Test
    void aBodyComesWholeWithOrWithoutItsLengthAnnounced() throws BodyTooLargeException {
        byte[] body = pattern(100_000);
        for (String announced : new String[] {"100000", null, " 100000 ", "soon"}) {
            BodyBuffer buffer = new BodyBuffer(1 << 20, false);
            buffer.expect(announced);
            feed(buffer, body, 7_000);
            assertThat(buffer.bytes()).as("announced %s", announced).isEqualTo(body);
            assertThat(buffer.total()).isEqualTo(body.length);
        }
    }

    @Test
    void aBodyOverTheLimitFailsAtItsAnnouncementOrItsByteAndAPrefixIsKeptWhole() throws BodyTooLargeException {
        assertThatThrownBy(() -> new BodyBuffer(1000, false).expect("1001")).isInstanceOf(BodyTooLargeException.class);
        BodyBuffer unannounced = new BodyBuffer(1000, false);
        assertThatThrownBy(() -> feed(unannounced, pattern(1001), 600)).isInstanceOf(BodyTooLargeException.class);

        BodyBuffer prefix = new BodyBuffer(1000, true);
        prefix.expect("5000");
        feed(prefix, pattern(5000), 600);
        assertThat(prefix.bytes()).isEqualTo(java.util.Arrays.copyOf(pattern(5000), 1000));
        assertThat(prefix.total()).isEqualTo(5000);
    }

    @Test
    void heldChunksComeOutWholeInOneArrayAndAreReleasedOnceReadOrDropped() throws BodyTooLargeException {
        byte[] body = pattern(50_000);
        List<ByteBuf> lent = new ArrayList<>();
        BodyBuffer buffer = new BodyBuffer(1 << 20, false);
        buffer.holdChunks();
        for (int at = 0; at < body.length; at += 7_000) {
            ByteBuf chunk = Unpooled.directBuffer(7_000).writeBytes(body, at, Math.min(7_000, body.length - at));
            buffer.content(chunk, chunk.readerIndex(), chunk.readableBytes());
            chunk.release(); // the lender's release: the buffer holds its own reference
            lent.add(chunk);
        }
        assertThat(lent).allSatisfy(c -> assertThat(c.refCnt()).isEqualTo(1));
        assertThat(buffer.bytes()).isEqualTo(body);
        assertThat(lent).allSatisfy(c -> assertThat(c.refCnt()).isZero());

        BodyBuffer dropped = new BodyBuffer(1 << 20, false);
        dropped.holdChunks();
        ByteBuf chunk = Unpooled.directBuffer(10).writeZero(10);
        dropped.content(chunk, 0, 10);
        chunk.release();
        dropped.release();
        dropped.release();
        assertThat(chunk.refCnt()).isZero();
        dropped.content(Unpooled.wrappedBuffer(new byte[3]), 0, 3);
        assertThat(dropped.total()).as("nothing after the release").isEqualTo(10);

        BodyBuffer small = new BodyBuffer(100, false);
        small.holdChunks();
        ByteBuf over = Unpooled.wrappedBuffer(new byte[101]);
        assertThatThrownBy(() -> small.content(over, 0, 101)).isInstanceOf(BodyTooLargeException.class);
        assertThat(over.refCnt()).isEqualTo(1);
    }
}
