package io.proxybench.client.internal.decode;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/** Bodies encoded by independent encoders (the JDK's zlib, Brotli4j's encoder, zstd-jni), and bodies to encode. */
final class Encodings {

    private Encodings() {}

    /** Encodes {@code data} in {@code coding}; deflate is zlib-wrapped, as HTTP says. */
    static byte[] encode(ContentCoding coding, byte[] data) {
        return switch (coding) {
            case GZIP -> gzip(data);
            case DEFLATE -> deflate(data, false);
            case BR -> brotli(data);
            case ZSTD -> Zstd.compress(data, 3);
        };
    }

    static byte[] gzip(byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** zlib-wrapped deflate, or raw deflate (no header, no checksum) when {@code raw}. */
    static byte[] deflate(byte[] data, boolean raw) {
        Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, raw);
        deflater.setInput(data);
        deflater.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[64 * 1024];
        while (!deflater.finished()) {
            out.write(buffer, 0, deflater.deflate(buffer));
        }
        deflater.end();
        return out.toByteArray();
    }

    static byte[] brotli(byte[] data) {
        Brotli4jLoader.ensureAvailability();
        try {
            return Encoder.compress(data, new Encoder.Parameters().setQuality(5));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A zstd frame whose window is {@code 1 << windowLog} bytes, or the content's size when smaller. */
    static byte[] zstdWithWindow(byte[] data, int windowLog) {
        try (ZstdCompressCtx ctx = new ZstdCompressCtx()) {
            ctx.setLevel(3);
            ctx.setWindowLog(windowLog);
            return ctx.compress(data);
        }
    }

    /** {@code size} bytes of text-like data: words from a small vocabulary in a seeded random order, so it compresses
     *  about as well as a web page (3 to 5 times). */
    static byte[] text(int size, long seed) {
        String[] words = {"proxy", "tunnel", "session", "exit", "request", "latency", "byte", "header", "origin",
            "pool", "connect", "gateway", "{\"ip\":", "\"127.0.0.1\"},", "\n", "  "};
        Random random = new Random(seed);
        StringBuilder text = new StringBuilder(size + 16);
        while (text.length() < size) {
            text.append(words[random.nextInt(words.length)]).append(random.nextInt(1000)).append(' ');
        }
        return text.substring(0, size).getBytes(StandardCharsets.US_ASCII);
    }
}
