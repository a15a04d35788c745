package io.proxybench.client.internal.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.proxybench.client.internal.decode.ContentDecodingException.Problem;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Bodies encoded by independent encoders decode back to what was encoded, in any chunking; corrupt, cut short and
 * ballooning ones fail with a message naming the coding; every buffer is released (the NoLeaks extension checks).
 */
class ContentDecoderTest {

    /** Limits no test body reaches unless it means to. */
    private static final DecodeLimits ROOMY = new DecodeLimits(256L << 20, 1_000_000);

    @ParameterizedTest
    @EnumSource(ContentCoding.class)
    void aBodyDecodesToWhatWasEncodedInAnyChunking(ContentCoding coding) throws Exception {
        byte[] data = Encodings.text(300_000, 1);
        byte[] encoded = Encodings.encode(coding, data);
        for (int chunk : new int[] {7, 1000, 16 * 1024, encoded.length}) {
            assertThat(Decoding.decode(coding.token(), encoded, chunk, ROOMY)).as("%s in %d-byte chunks", coding, chunk)
                    .isEqualTo(data);
        }
        Random random = new Random(coding.ordinal());
        assertThat(Decoding.start(coding.token(), ROOMY).feed(encoded, offset -> 1 + random.nextInt(3000)).finish())
                .as("%s in random chunks", coding).isEqualTo(data);
    }

    @ParameterizedTest
    @EnumSource(ContentCoding.class)
    void aBodyDecodesFedOneByteAtATime(ContentCoding coding) throws Exception {
        byte[] data = Encodings.text(20_000, 2);
        assertThat(Decoding.decode(coding.token(), Encodings.encode(coding, data), 1, ROOMY)).isEqualTo(data);
    }

    @ParameterizedTest
    @EnumSource(ContentCoding.class)
    void encodedAndDecodedBytesAreCountedApart(ContentCoding coding) throws Exception {
        byte[] data = Encodings.text(100_000, 3);
        byte[] encoded = Encodings.encode(coding, data);
        Decoding decoding = Decoding.start(coding.token(), ROOMY).feed(encoded, offset -> 5000);
        decoding.finish();
        assertThat(decoding.decoder().encodedBytes()).isEqualTo(encoded.length);
        assertThat(decoding.decoder().decodedBytes()).isEqualTo(data.length);
    }

    @Test
    void deflateIsReadZlibWrappedOrRaw() throws Exception {
        byte[] data = Encodings.text(50_000, 4);
        assertThat(Decoding.decode("deflate", Encodings.deflate(data, false), 999, ROOMY)).isEqualTo(data);
        assertThat(Decoding.decode("deflate", Encodings.deflate(data, true), 999, ROOMY)).isEqualTo(data);
    }

    @Test
    void gzipMembersThatFollowOneAnotherDecodeToBoth() throws Exception {
        byte[] first = "first member, ".getBytes(StandardCharsets.US_ASCII);
        byte[] second = "second member".getBytes(StandardCharsets.US_ASCII);
        byte[] body = concat(Encodings.gzip(first), Encodings.gzip(second));
        assertThat(new String(Decoding.decode("gzip", body, 10, ROOMY), StandardCharsets.US_ASCII))
                .isEqualTo("first member, second member");
    }

    @ParameterizedTest
    @EnumSource(ContentCoding.class)
    void anEmptyBodyDecodesToAnEmptyOneWhateverItsCoding(ContentCoding coding) throws Exception {
        Decoding decoding = Decoding.start(coding.token(), ROOMY);
        assertThat(decoding.finish()).isEmpty();
        assertThat(decoding.decoder().encodedBytes()).isZero();
        assertThat(decoding.decoder().decodedBytes()).isZero();
    }

    @ParameterizedTest
    @EnumSource(ContentCoding.class)
    void corruptDataFailsNamingTheCoding(ContentCoding coding) {
        ContentDecodingException e = failure(coding.token(), corrupt(coding), 100, ROOMY);
        assertThat(e.problem()).isEqualTo(Problem.CORRUPT);
        assertThat(e.coding()).isEqualTo(coding);
        assertThat(e.getMessage()).startsWith("the " + coding.token() + " body is corrupt (")
                .endsWith("send Accept-Encoding: identity (or any Accept-Encoding of your own) to get the body as "
                        + "received");
    }

    @Test
    void aCorruptGzipBodySaysWhatTheCodecFound() {
        assertThat(failure("gzip", corrupt(ContentCoding.GZIP), 100, ROOMY).getMessage())
                .startsWith("the gzip body is corrupt (invalid block type); ");
    }

    @ParameterizedTest
    @EnumSource(ContentCoding.class)
    void aBodyCutShortFailsAsTruncatedNamingTheCoding(ContentCoding coding) {
        byte[] encoded = Encodings.encode(coding, Encodings.text(100_000, 5));
        for (int cut : new int[] {3, encoded.length / 2}) {
            byte[] truncated = Arrays.copyOf(encoded, encoded.length - cut);
            ContentDecodingException e = failure(coding.token(), truncated, 4096, ROOMY);
            assertThat(e.problem()).as("%s cut by %d bytes", coding, cut).isEqualTo(Problem.TRUNCATED);
            assertThat(e.getMessage()).startsWith("the " + coding.token() + " body ends before its " + coding.token()
                    + " data does (").contains("after " + String.format("%,d", truncated.length) + " bytes received");
        }
    }

    @ParameterizedTest
    @EnumSource(ContentCoding.class)
    void aBodyDecodingPastTheSizeLimitFailsThereAndHandsOnNoMore(ContentCoding coding) {
        byte[] encoded = Encodings.encode(coding, new byte[4 << 20]);
        Decoding decoding = Decoding.start(coding.token(), new DecodeLimits(1 << 20, 1_000_000));
        ContentDecodingException e = catchThrowableOfType(ContentDecodingException.class,
                () -> decoding.feed(encoded, offset -> 16 * 1024).finish());
        assertThat(e.problem()).isEqualTo(Problem.TOO_LARGE);
        assertThat(e.getMessage()).isEqualTo("the " + coding.token() + " body decodes to more than 1 MiB (the limit, "
                + "maxDecodedBytes); raise maxDecodedBytes, or send Accept-Encoding: identity (or any Accept-Encoding "
                + "of your own) to get the body as received");
        assertThat(decoding.decodedSoFar().length).isLessThanOrEqualTo(1 << 20);
        assertThat(decoding.decoder().decodedBytes()).isEqualTo(decoding.decodedSoFar().length);
    }

    @ParameterizedTest
    @EnumSource(ContentCoding.class)
    void aBodyDecodingPastTheRatioFailsAsABomb(ContentCoding coding) {
        byte[] encoded = Encodings.encode(coding, new byte[16 << 20]);
        Decoding decoding = Decoding.start(coding.token(), new DecodeLimits(64 << 20, 100));
        ContentDecodingException e = catchThrowableOfType(ContentDecodingException.class,
                () -> decoding.feed(encoded, offset -> 1024).finish());
        assertThat(e.problem()).isEqualTo(Problem.RATIO);
        assertThat(e.getMessage()).startsWith("the " + coding.token() + " body decodes to ")
                .contains("× its encoded size (", "the limit is 100×, maxDecodeRatio): a decompression bomb? ")
                .endsWith("raise maxDecodeRatio, or send Accept-Encoding: identity (or any Accept-Encoding of your "
                        + "own) to get the body as received");
        long decoded = decoding.decoder().decodedBytes();
        assertThat(decoded).as("stopped at the first chunk past the floor and the ratio")
                .isLessThanOrEqualTo(Math.max(DecodeLimits.RATIO_FLOOR_BYTES,
                        100 * decoding.decoder().encodedBytes()) + ContentCoding.MAX_CHUNK_BYTES);
    }

    @Test
    void aSmallBodyMayCompressBetterThanTheRatio() throws Exception {
        byte[] data = new byte[900 * 1024];
        byte[] encoded = Encodings.gzip(data);
        assertThat(data.length / encoded.length).as("gzip of zeros").isGreaterThan(100);
        assertThat(Decoding.decode("gzip", encoded, 512, new DecodeLimits(64 << 20, 100))).isEqualTo(data);
    }

    @Test
    void stackedCodingsAreUndoneLastFirst() throws Exception {
        byte[] data = Encodings.text(200_000, 6);
        byte[] encoded = Encodings.brotli(Encodings.gzip(data));
        assertThat(Decoding.decode("gzip, br", encoded, 777, ROOMY)).isEqualTo(data);
        byte[] small = Encodings.text(20_000, 6);
        assertThat(Decoding.decode("GZIP,BR", Encodings.brotli(Encodings.gzip(small)), 1, ROOMY))
                .as("case-insensitive, one byte at a time").isEqualTo(small);

        ContentDecodingException e = failure("br, gzip", encoded, 777, ROOMY);
        assertThat(e.coding()).isEqualTo(ContentCoding.GZIP);
        assertThat(e.getMessage()).startsWith("the gzip coding of the body (Content-Encoding: br, gzip) is corrupt (");
    }

    @Test
    void eachStepOfAStackedBodyIsHeldToTheSizeLimit() {
        byte[] encoded = Encodings.zstdWithWindow(Encodings.gzip(new byte[16 << 20]), 20);
        ContentDecodingException e = failure("gzip, zstd", encoded, 4096, new DecodeLimits(2 << 20, 1_000_000));
        assertThat(e.problem()).isEqualTo(Problem.TOO_LARGE);
        assertThat(e.coding()).as("zstd yields 16 KiB of gzip, gzip yields 16 MiB").isEqualTo(ContentCoding.GZIP);
    }

    @Test
    void bytesAfterAGzipStreamAreCorrupt() {
        byte[] body = concat(Encodings.gzip(Encodings.text(1000, 7)), new byte[40]);
        assertThat(failure("gzip", body, 100, ROOMY).problem()).isEqualTo(Problem.CORRUPT);
    }

    @Test
    void bytesAfterABrotliStreamAreCorruptHoweverTheyArrive() {
        byte[] data = Encodings.text(10_000, 8);
        byte[] encoded = Encodings.brotli(data);
        byte[] body = concat(encoded, "trailing".getBytes(StandardCharsets.US_ASCII));
        for (int chunk : new int[] {1, 100, encoded.length, body.length}) {
            ContentDecodingException e = failure("br", body, chunk, ROOMY);
            assertThat(e.problem()).as("in %d-byte chunks", chunk).isEqualTo(Problem.CORRUPT);
        }
    }

    @Test
    void bytesAfterADeflateStreamAreCountedAndIgnoredHoweverTheyArrive() throws Exception {
        byte[] data = Encodings.text(10_000, 8);
        byte[] encoded = Encodings.deflate(data, false);
        byte[] body = concat(encoded, "trailing".getBytes(StandardCharsets.US_ASCII));
        for (int chunk : new int[] {1, 100, encoded.length, body.length}) {
            Decoding decoding = Decoding.start("deflate", ROOMY).feed(body, offset -> chunk);
            assertThat(decoding.finish()).as("in %d-byte chunks", chunk).isEqualTo(data);
            assertThat(decoding.decoder().encodedBytes()).isEqualTo(body.length);
        }
    }

    @Test
    void aZstdFrameWithAWindowOver8MiBIsRefused() {
        byte[] encoded = Encodings.zstdWithWindow(new byte[9 << 20], 24);
        ContentDecodingException e = failure("zstd", encoded, 4096, ROOMY);
        assertThat(e.problem()).isEqualTo(Problem.CORRUPT);
        assertThat(e.getMessage()).startsWith("the zstd body is corrupt (Frame requires too much memory");
    }

    @Test
    void aZstdFrameHoldingLessThanItsHeaderDeclaresIsCorruptHoweverItArrives() throws Exception {
        // Declares 62,565 bytes; holds an RLE block of 1,217 and an empty last block, which zstd's streaming decoder
        // does not hold to the declared size (its one-shot decoder does).
        byte[] body = java.util.HexFormat.of().parseHex("28b52ffd6065f30a2600fe010000");
        for (int chunk : new int[] {1, 5, body.length}) {
            ContentDecodingException e = failure("zstd", body, chunk, ROOMY);
            assertThat(e.problem()).as("in %d-byte chunks", chunk).isEqualTo(Problem.CORRUPT);
            assertThat(e.getMessage()).as("in %d-byte chunks", chunk).satisfiesAnyOf(
                    m -> assertThat(m).contains("its frame holds 1217 bytes, not the size its header declares"),
                    m -> assertThat(m).contains("Data corruption detected"));
        }
        byte[] page = Encodings.text(70_000, 3);
        assertThat(Decoding.decode("zstd", Encodings.zstdWithWindow(page, 20), 1000, ROOMY))
                .as("a frame that holds what it declares").isEqualTo(page);
    }

    @ParameterizedTest
    @ValueSource(strings = {"x-gzip", "Gzip", "identity, gzip", " gzip ,identity", "gzip,"})
    void gzipGoesByItsOtherSpellingsToo(String header) throws Exception {
        byte[] data = Encodings.text(5000, 9);
        assertThat(Decoding.decode(header, Encodings.gzip(data), 333, ROOMY)).isEqualTo(data);
    }

    @Test
    void anUndecodableEncodingHasNoDecoder() {
        assertThatThrownBy(() -> ContentDecoder.start(ContentEncoding.parse("compress"), ROOMY,
                PooledByteBufAllocator.DEFAULT, chunk -> { }))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("content coding \"compress\" (Content-Encoding: compress) is not one this client "
                        + "decodes");
        assertThatThrownBy(() -> ContentDecoder.start(ContentEncoding.parse("identity"), ROOMY,
                PooledByteBufAllocator.DEFAULT, chunk -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("it has no coding");
    }

    @Test
    void aBodyGivenUpMidwayIsReleasedByClose() throws Exception {
        byte[] encoded = Encodings.encode(ContentCoding.BR, Encodings.text(200_000, 10));
        Decoding decoding = Decoding.start("br", ROOMY).feed(Arrays.copyOf(encoded, encoded.length / 2), o -> 3000);
        decoding.decoder().close();
        decoding.decoder().close();
        assertThatThrownBy(() -> decoding.decoder().decode(Unpooled.wrappedBuffer(encoded), 0, 10))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
    }

    @Test
    void aSinkThatThrowsEndsTheDecoding() throws Exception {
        byte[] encoded = Encodings.gzip(Encodings.text(10_000, 11));
        ContentDecoder decoder = ContentDecoder.start(ContentEncoding.parse("gzip"), ROOMY,
                PooledByteBufAllocator.DEFAULT, chunk -> {
                    throw new IllegalStateException("sink full");
                });
        assertThatThrownBy(() -> decoder.decode(Unpooled.wrappedBuffer(encoded), 0, encoded.length))
                .isInstanceOf(IllegalStateException.class).hasMessage("sink full");
        assertThatThrownBy(decoder::finish).isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
    }

    @Test
    void sizesInMessagesReadAsAPersonWritesThem() {
        assertThat(ContentDecodingException.bytes(64L << 20)).isEqualTo("64 MiB");
        assertThat(ContentDecodingException.bytes(16 * 1024)).isEqualTo("16 KiB");
        assertThat(ContentDecodingException.bytes(1_234_567)).isEqualTo("1,234,567 bytes");
        assertThat(ContentDecodingException.bytes(1)).isEqualTo("1 byte");
    }

    /** A body in {@code coding} whose data the codec refuses early. */
    static byte[] corrupt(ContentCoding coding) {
        return switch (coding) {
            // A deflate block of the reserved type 3, after a valid gzip header / zlib header.
            case GZIP -> withByte(Encodings.gzip(Encodings.text(1000, 12)), 10, 0x06);
            case DEFLATE -> withByte(Encodings.deflate(Encodings.text(1000, 12), false), 2, 0x06);
            case BR -> new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 1, 2, 3};
            case ZSTD -> "no zstd frame starts like this".getBytes(StandardCharsets.US_ASCII);
        };
    }

    private static byte[] withByte(byte[] bytes, int index, int value) {
        bytes[index] = (byte) value;
        return bytes;
    }

    private static ContentDecodingException failure(String header, byte[] body, int chunk, DecodeLimits limits) {
        return catchThrowableOfType(ContentDecodingException.class, () -> Decoding.decode(header, body, chunk, limits));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }
}
