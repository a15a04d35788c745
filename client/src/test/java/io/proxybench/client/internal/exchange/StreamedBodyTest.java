package io.proxybench.client.internal.exchange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A streamed body: the head, then the file in chunks, and a clear failure when the file is not as long as said. */
class StreamedBodyTest {

    @TempDir
    Path dir;

    private static StreamedBody post(Path file, long length) {
        return new StreamedBody(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/up",
                Unpooled.EMPTY_BUFFER), file, length);
    }

    @Test
    void theHeadThenEveryByteOfTheFileInChunks() throws Exception {
        Path file = dir.resolve("body.bin");
        Files.write(file, new byte[3 * StreamedBody.CHUNK + 7]);
        EmbeddedChannel ch = new EmbeddedChannel();
        ChannelFuture written = StreamedBody.write(ch, post(file, Files.size(file)));
        ch.runPendingTasks();
        assertThat(written.isSuccess()).as(String.valueOf(written.cause())).isTrue();
        assertThat((Object) ch.readOutbound()).isInstanceOf(HttpRequest.class);
        long bytes = 0;
        Object msg;
        boolean last = false;
        while ((msg = ch.readOutbound()) != null) {
            bytes += ((HttpContent) msg).content().readableBytes();
            last = msg instanceof LastHttpContent;
            ReferenceCountUtil.release(msg);
        }
        assertThat(bytes).isEqualTo(3L * StreamedBody.CHUNK + 7);
        assertThat(last).isTrue();
        ch.finishAndReleaseAll();
    }

    @Test
    void aFileShorterThanItsLengthFailsBeforeAnythingIsWritten() throws Exception {
        Path file = dir.resolve("short.bin");
        Files.write(file, new byte[100]);
        EmbeddedChannel ch = new EmbeddedChannel();
        ChannelFuture written = StreamedBody.write(ch, post(file, 200));
        assertThat(written.isSuccess()).isFalse();
        assertThat(written.cause()).hasMessageContaining("cannot read the body file " + file)
                .hasMessageContaining("100 bytes now, 200 when the request began");
        assertThat((Object) ch.readOutbound()).isNull();
        ch.finishAndReleaseAll();
    }

    @Test
    void aFileCutWhileBeingSentFailsTheReadInsteadOfGivingEmptyChunksForever() throws Exception {
        Path file = dir.resolve("cut.bin");
        Files.write(file, new byte[4 * StreamedBody.CHUNK]);
        try (FileChannel source = FileChannel.open(file, StandardOpenOption.READ);
                RandomAccessFile cut = new RandomAccessFile(file.toFile(), "rw")) {
            StreamedBody.Checked chunks = new StreamedBody.Checked(source, 4L * StreamedBody.CHUNK);
            ByteBuf first = chunks.readChunk(ByteBufAllocator.DEFAULT);
            assertThat(first.readableBytes()).isEqualTo(StreamedBody.CHUNK);
            first.release();
            cut.setLength(StreamedBody.CHUNK);
            assertThatThrownBy(() -> chunks.readChunk(ByteBufAllocator.DEFAULT))
                    .hasMessageContaining("the body file ended at byte " + StreamedBody.CHUNK + " of "
                            + 4 * StreamedBody.CHUNK);
        }
    }
}
