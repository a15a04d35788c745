package io.proxybench.recorder.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class BodyHeadTest {

    @Test
    void keepsAtMostItsCapAndLeavesTheUsersBufferAsItWas() {
        BodyHead head = new BodyHead();
        byte[] chunk = new byte[10_000];
        Arrays.fill(chunk, (byte) 'x');
        ByteBuffer buffer = ByteBuffer.wrap(chunk);
        for (int i = 0; i < 3; i++) {
            head.add(buffer);
            assertThat(buffer.position()).isZero();
            assertThat(buffer.remaining()).isEqualTo(chunk.length);
        }
        head.add(chunk, 0, chunk.length);

        assertThat(head.length()).isEqualTo(BodyHead.MAX_BYTES);
        assertThat(head.full()).isTrue();
    }

    @Test
    void aTraceSplitOverChunksIsReadWhole() {
        BodyHead head = new BodyHead();
        byte[] trace = "fl=x\nip=127.4.5.6\nloc=BR\n".getBytes(StandardCharsets.UTF_8);
        head.add(ByteBuffer.wrap(trace, 0, 9));
        head.add(trace, 9, trace.length - 9);
        assertThat(head.exit()).isEqualTo(new Exit("127.4.5.6", "BR"));
    }

    @Test
    void textAndJsonAreCopiedNotBinaryTypes() {
        assertThat(BodyHead.worthCopying("text/plain; charset=utf-8")).isTrue();
        assertThat(BodyHead.worthCopying("application/json")).isTrue();
        assertThat(BodyHead.worthCopying("application/problem+json")).isTrue();
        assertThat(BodyHead.worthCopying(null)).isTrue();
        assertThat(BodyHead.worthCopying("application/octet-stream")).isFalse();
        assertThat(BodyHead.worthCopying("image/png")).isFalse();
    }
}
