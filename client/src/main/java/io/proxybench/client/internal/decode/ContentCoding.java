package io.proxybench.client.internal.decode;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.compression.BrotliDecompressor;
import io.netty.handler.codec.compression.Decompressor;
import io.netty.handler.codec.compression.JdkZlibDecompressor;
import io.netty.handler.codec.compression.ZlibWrapper;
import io.netty.handler.codec.compression.ZstdDecompressor;

/**
 * A content coding the client decodes (RFC 9110 section 8.4.1), each with Netty's decompressor for it. gzip and
 * deflate use the JDK's zlib; br and zstd need a native library (see {@link AvailableCodings}).
 *
 * <p>Each decompressor hands out decoded bytes in chunks of at most {@link #MAX_CHUNK_BYTES}, and only when asked: a
 * decoder can stop at its limit without decoding (or allocating) a byte more than one chunk past it.
 */
public enum ContentCoding {
    /**
     * gzip (RFC 1952); {@code x-gzip} is the same. Members may follow one another, as the format allows; bytes after
     * the last that do not start a member are corrupt.
     */
    GZIP("gzip"),
    /**
     * deflate: zlib-wrapped (RFC 1950) as HTTP says, or raw deflate (RFC 1951) as some servers send it; {@code
     * x-deflate} is the same. Bytes after the stream's end are ignored (Netty's inflater drops them).
     */
    DEFLATE("deflate"),
    /** Brotli (RFC 7932). Bytes after the stream's end are corrupt (the brotli library refuses them). */
    BR("br"),
    /**
     * Zstandard (RFC 8878). Frames may follow one another; bytes after the last that are not a frame are corrupt. A
     * frame whose window is over 8 MiB is refused as corrupt: RFC 9659 caps the window at 8 MiB for HTTP, which also
     * caps the memory one body's decoder takes.
     */
    ZSTD("zstd");

    /** The most decoded bytes one step of a decompressor produces (Netty's zstd one has this size built in). */
    static final int MAX_CHUNK_BYTES = 64 * 1024;

    /** log2 of the largest zstd window accepted: 8 MiB, RFC 9659's limit for the zstd content coding. */
    private static final int ZSTD_MAX_WINDOW_LOG = 23;

    private final String token;

    ContentCoding(String token) {
        this.token = token;
    }

    /** The coding's name in {@code Content-Encoding} and {@code Accept-Encoding}, lower case. */
    public String token() {
        return token;
    }

    /**
     * The coding a {@code Content-Encoding} token names, matched case-insensitively; {@code x-gzip} and {@code
     * x-deflate} are the old names of gzip and deflate.
     *
     * @param token one trimmed, lower-case token, never {@code identity}
     * @return the coding, or {@code null} for one this client does not decode
     */
    static ContentCoding forToken(String token) {
        return switch (token) {
            case "gzip", "x-gzip" -> GZIP;
            case "deflate", "x-deflate" -> DEFLATE;
            case "br" -> BR;
            case "zstd" -> ZSTD;
            default -> null;
        };
    }

    /** True when bytes after the coding's end of data are dropped rather than refused as corrupt. */
    boolean ignoresBytesAfterItsEnd() {
        return this == DEFLATE;
    }

    /** A new decompressor for one body; the caller closes it. Only for an available coding. */
    Decompressor newDecompressor(ByteBufAllocator allocator) {
        return switch (this) {
            case GZIP -> JdkZlibDecompressor.builder().wrapper(ZlibWrapper.GZIP).decompressConcatenated(true)
                    .maxAllocation(MAX_CHUNK_BYTES).build(allocator);
            case DEFLATE -> JdkZlibDecompressor.builder().wrapper(ZlibWrapper.ZLIB_OR_NONE)
                    .maxAllocation(MAX_CHUNK_BYTES).build(allocator);
            case BR -> BrotliDecompressor.builder().maxOutputChunkSize(MAX_CHUNK_BYTES).build(allocator);
            case ZSTD -> ZstdDecompressor.builder().maxWindowLog(ZSTD_MAX_WINDOW_LOG).build(allocator);
        };
    }
}
