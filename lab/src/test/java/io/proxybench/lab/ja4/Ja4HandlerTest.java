package io.proxybench.lab.ja4;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The handler in a pipeline: it reads the hello however the records and reads cut it, reports one fingerprint, and
 * passes every byte on unchanged to what follows (the TLS handler in the lab).
 */
class Ja4HandlerTest {

    /** {@code body} as a ClientHello handshake message cut into TLS records of at most {@code recordBytes}. */
    private static ByteBuf records(ByteBuf body, int recordBytes) {
        ByteBuf message = Unpooled.buffer().writeByte(1).writeMedium(body.readableBytes()).writeBytes(body);
        ByteBuf out = Unpooled.buffer();
        while (message.isReadable()) {
            int n = Math.min(recordBytes, message.readableBytes());
            out.writeByte(22).writeShort(0x0301).writeShort(n).writeBytes(message, n);
        }
        return out;
    }

    /** Feeds {@code wire} in reads of {@code readBytes}; returns the fingerprints reported and the bytes passed on. */
    private static List<Object> feed(ByteBuf wire, int readBytes, List<String> fingerprints) {
        EmbeddedChannel channel = new EmbeddedChannel(new Ja4Handler((ctx, f) -> fingerprints.add(f)));
        while (wire.isReadable()) {
            channel.writeInbound(wire.readRetainedSlice(Math.min(readBytes, wire.readableBytes())));
        }
        List<Object> passed = new ArrayList<>();
        for (Object m = channel.readInbound(); m != null; m = channel.readInbound()) {
            passed.add(m);
        }
        assertThat(channel.pipeline().get(Ja4Handler.class)).as("gone after the hello").isNull();
        channel.finishAndReleaseAll();
        return passed;
    }

    private static byte[] concat(List<Object> buffers) {
        ByteBuf all = Unpooled.buffer();
        buffers.forEach(b -> {
            all.writeBytes((ByteBuf) b);
            ((ByteBuf) b).release();
        });
        return ByteBufUtil.getBytes(all);
    }

    @Test
    void aHelloSplitOverRecordsAndReadsGivesTheSameFingerprintAndPassesOnUnchanged() {
        String whole = Ja4.of(ClientHello.parse(Ja4Test.chrome()));
        for (int[] cut : new int[][] {{16_384, 4_096}, {100, 4_096}, {16_384, 7}, {50, 13}}) {
            ByteBuf wire = records(Ja4Test.chrome(), cut[0]);
            byte[] sent = ByteBufUtil.getBytes(wire);
            List<String> fingerprints = new ArrayList<>();
            byte[] passed = concat(feed(wire, cut[1], fingerprints));
            assertThat(fingerprints).as("records of %d, reads of %d", cut[0], cut[1]).containsExactly(whole);
            assertThat(passed).as("records of %d, reads of %d", cut[0], cut[1]).isEqualTo(sent);
        }
    }

    @Test
    void bytesThatAreNotTlsAreUnknownAndPassOn() {
        byte[] http = "GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        List<String> fingerprints = new ArrayList<>();
        assertThat(concat(feed(Unpooled.wrappedBuffer(http), 64, fingerprints))).isEqualTo(http);
        assertThat(fingerprints).containsExactly(Ja4Handler.UNKNOWN);
    }

    @Test
    void aHelloThatDoesNotParseIsUnknown() {
        ByteBuf cut = Ja4Test.chrome();
        cut.writerIndex(cut.writerIndex() - 10);
        List<String> fingerprints = new ArrayList<>();
        concat(feed(records(cut, 16_384), 4_096, fingerprints));
        assertThat(fingerprints).containsExactly(Ja4Handler.UNKNOWN);
    }
}
