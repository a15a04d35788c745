package io.proxybench.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Writes on another thread arrive whole and in order; a failure below reaches the writer. */
class AsyncOutputTest {

    @Test
    void everyByteArrivesInOrderWhateverTheWriteSizes() throws Exception {
        Random random = new Random(11);
        byte[] data = new byte[3 * AsyncOutput.BUFFER_BYTES + 12_345];
        random.nextBytes(data);
        ByteArrayOutputStream below = new ByteArrayOutputStream();
        AsyncOutput out = new AsyncOutput(below);
        int at = 0;
        while (at < data.length) {
            if (random.nextInt(10) == 0) {
                out.write(data[at++]);
                continue;
            }
            int n = Math.min(data.length - at, random.nextInt(random.nextBoolean() ? 100 : 5_000_000));
            out.write(data, at, n);
            at += n;
            if (random.nextInt(50) == 0) {
                out.flush();
                assertThat(below.size()).isEqualTo(at);
            }
        }
        out.finish();
        assertThat(below.toByteArray()).isEqualTo(data);
    }

    @Test
    void finishLeavesTheStreamBelowOpenAndCloseClosesIt() throws Exception {
        boolean[] closed = {false};
        OutputStream below = new ByteArrayOutputStream() {
            @Override
            public void close() {
                closed[0] = true;
            }
        };
        AsyncOutput out = new AsyncOutput(below);
        out.write(new byte[10], 0, 10);
        out.finish();
        assertThat(closed[0]).isFalse();
        AsyncOutput again = new AsyncOutput(below);
        again.close();
        assertThat(closed[0]).isTrue();
    }

    @Test
    void aFailureBelowIsThrownToTheWriter() {
        OutputStream failing = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("disk full");
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw new IOException("disk full");
            }
        };
        AsyncOutput out = new AsyncOutput(failing);
        assertThatThrownBy(() -> {
            byte[] chunk = new byte[1 << 20];
            for (int i = 0; i < 64; i++) {
                out.write(chunk, 0, chunk.length);
            }
            out.finish();
        }).isInstanceOf(IOException.class).hasMessage("disk full");
    }
}
