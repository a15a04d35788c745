package io.proxybench.client.internal.exchange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
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
}
