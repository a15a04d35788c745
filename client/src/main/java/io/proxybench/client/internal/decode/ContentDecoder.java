package io.proxybench.client.internal.decode;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.compression.DecompressionException;
import io.netty.handler.codec.compression.Decompressor;
import io.netty.handler.codec.compression.Decompressor.Status;
import java.util.List;
import java.util.function.Consumer;

/**
 * Decodes one response body as it arrives: encoded chunks in ({@link #decode}), decoded chunks out to a sink as soon as
 * they are decoded, the end of the body said with {@link #finish()}. It never holds the body: at most a chunk of
 * {@link ContentCoding#MAX_CHUNK_BYTES} per coding, plus the codec's own window.
 *
 * <p>Each coding is undone by Netty's pull-based {@link Decompressor}, which decodes only as far as its output is
 * taken: a body past a {@link DecodeLimits} limit fails at that point, not after decoding the rest of the chunk (a
 * brotli body of 841 bytes decodes to 1 GiB). Netty's own {@code HttpContentDecompressor} still drives the older
 * {@code ByteToMessageDecoder}s in an {@code EmbeddedChannel}, which decode a whole input chunk before its output can
 * be counted; {@link Decompressor} is marked unstable API in Netty 4.2 (its decompression rework), so a Netty upgrade
 * may ask for changes here, at compile time. A stacked body ({@code Content-Encoding: gzip, br}) runs through one
 * decompressor per coding, the last coding applied first.
 *
 * <p>Counting: {@link #encodedBytes()} are the bytes given to {@link #decode} (the body as it travelled, after any
 * transfer decoding); {@link #decodedBytes()} those handed to the sink. An empty body decodes to an empty one whatever
 * its coding says (servers send {@code Content-Encoding: gzip} on empty bodies). Bytes after a coding's end of data
 * are corrupt, except for deflate, which ignores them (see {@link ContentCoding}); either way they are counted.
 *
 * <p>Not thread-safe: one body, on one thread (its connection's event loop). The first failure closes the decoder;
 * so does {@link #finish()}. A caller that gives up on a body midway calls {@link #close()}.
 */
public final class ContentDecoder implements AutoCloseable {

    private final ContentEncoding encoding;
    private final DecodeLimits limits;
    private final Consumer<ByteBuf> sink;
    /** In decoding order: {@code codings[0]} is the last one the server applied. */
    private final ContentCoding[] codings;
    private final Decompressor[] decompressors;
    /** Per step, the bytes it decoded so far; the last one's is {@link #decodedBytes()}. */
    private final long[] outBytes;
    /** Per step, whether it was given any byte: a step given none ends empty, without an end-of-data check. */
    private final boolean[] fed;
    private long encodedBytes;
    private boolean closed;
    /** The content size its zstd frame declares, per zstd step (null for the others). */
    private final ZstdFrameSize[] frameSizes;

    private ContentDecoder(ContentEncoding encoding, DecodeLimits limits, ByteBufAllocator allocator,
            Consumer<ByteBuf> sink) {
        this.encoding = encoding;
        this.limits = limits;
        this.sink = sink;
        List<ContentCoding> applied = encoding.codings();
        int n = applied.size();
        this.codings = new ContentCoding[n];
        this.decompressors = new Decompressor[n];
        this.outBytes = new long[n];
        this.fed = new boolean[n];
        this.frameSizes = new ZstdFrameSize[n];
        try {
            for (int step = 0; step < n; step++) {
                codings[step] = applied.get(n - 1 - step);
                decompressors[step] = codings[step].newDecompressor(allocator);
                frameSizes[step] = codings[step] == ContentCoding.ZSTD ? new ZstdFrameSize() : null;
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * A decoder for one body.
     *
     * @param encoding the response's {@code Content-Encoding}, {@linkplain ContentEncoding#isDecodable() decodable}
     * @param sink takes each decoded chunk (its readable bytes, never empty), in order; the buffer is lent for the call
     *     only and released by the decoder after it returns, so a sink that keeps bytes copies them (or retains the
     *     buffer and releases it later)
     */
    public static ContentDecoder start(ContentEncoding encoding, DecodeLimits limits, ByteBufAllocator allocator,
            Consumer<ByteBuf> sink) {
        if (!encoding.isDecodable()) {
            throw new IllegalArgumentException("Content-Encoding \"" + encoding.header() + "\" is not decodable: "
                    + (encoding.isIdentity() ? "it has no coding" : encoding.whyNotDecodable()));
        }
        return new ContentDecoder(encoding, limits, allocator, sink);
    }

    /**
     * Decodes the next {@code length} bytes of the body, at {@code index} of {@code buf}, handing what they decode to
     * to the sink before it returns. {@code buf} stays the caller's, who releases it as before, its indexes untouched;
     * the decoder may keep a retained slice of those bytes until a later call (a codec waits for a whole header), so
     * the caller does not write to them afterwards.
     *
     * @throws ContentDecodingException when the data is corrupt or decodes past a limit; the decoder is closed then
     */
    public void decode(ByteBuf buf, int index, int length) throws ContentDecodingException {
        checkOpen();
        if (length == 0) {
            return;
        }
        encodedBytes += length;
        try {
            push(0, buf.retainedSlice(index, length));
        } catch (ContentDecodingException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * Ends the body: checks each coding's data ended (a gzip stream has its trailer, a brotli stream its last block, a
     * zstd frame all its blocks) and hands the sink what the codecs held back. Closes the decoder.
     *
     * @throws ContentDecodingException when the body ended before a coding's data did, or its last bytes are corrupt
     *     or decode past a limit
     */
    public void finish() throws ContentDecodingException {
        checkOpen();
        try {
            for (int step = 0; step < decompressors.length; step++) {
                if (fed[step] && status(step) == Status.NEED_INPUT) {
                    endOfInput(step);
                    drain(step);
                    if (status(step) != Status.COMPLETE) {
                        throw ContentDecodingException.truncated(codings[step], encoding, encodedBytes, null);
                    }
                    checkFrameSize(step);
                }
            }
        } finally {
            close();
        }
    }

    /** Bytes of the body as received, given to {@link #decode}. */
    public long encodedBytes() {
        return encodedBytes;
    }

    /** Bytes of the decoded body handed to the sink; never more than {@link DecodeLimits#maxDecodedBytes()}. */
    public long decodedBytes() {
        return outBytes[outBytes.length - 1];
    }

    /** Releases the codecs and any bytes they hold; idempotent. The decoder takes no more calls after it. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (Decompressor decompressor : decompressors) {
            if (decompressor != null) {
                decompressor.close();
            }
        }
    }

    /** Gives {@code input} (owned, readable) to step {@code step} and passes on all it decodes from it. */
    private void push(int step, ByteBuf input) throws ContentDecodingException {
        Status status;
        try {
            status = status(step);
        } catch (ContentDecodingException e) {
            input.release();
            throw e;
        }
        if (status == Status.COMPLETE) {
            input.release();
            if (codings[step].ignoresBytesAfterItsEnd()) {
                return;
            }
            throw ContentDecodingException.corrupt(codings[step], encoding,
                    "bytes after the end of its " + codings[step].token() + " data", null);
        }
        fed[step] = true;
        if (frameSizes[step] != null) {
            frameSizes[step].see(input);
        }
        try {
            decompressors[step].addInput(input);
        } catch (DecompressionException e) {
            throw ContentDecodingException.corrupt(codings[step], encoding, e);
        }
        drain(step);
        checkFrameSize(step);
    }

    /** Once a zstd step's frame is complete, holds it to the content size its header declares. */
    private void checkFrameSize(int step) throws ContentDecodingException {
        if (frameSizes[step] == null || status(step) != Status.COMPLETE) {
            return;
        }
        if (frameSizes[step].differsFrom(outBytes[step])) {
            throw ContentDecodingException.corrupt(codings[step], encoding, "its frame holds " + outBytes[step]
                    + " bytes, not the size its header declares", null);
        }
    }

    /** Takes every chunk step {@code step} can decode now and passes each on. */
    private void drain(int step) throws ContentDecodingException {
        while (status(step) == Status.NEED_OUTPUT) {
            ByteBuf out;
            try {
                out = decompressors[step].takeOutput();
            } catch (DecompressionException e) {
                throw ContentDecodingException.corrupt(codings[step], encoding, e);
            }
            emit(step, out);
        }
    }

    /** Checks step {@code step}'s output against the limits, then hands it to the next step or the sink. */
    private void emit(int step, ByteBuf out) throws ContentDecodingException {
        int n = out.readableBytes();
        if (n == 0) {
            out.release();
            return;
        }
        long total = outBytes[step] + n;
        if (total > limits.maxDecodedBytes()) {
            out.release();
            throw ContentDecodingException.tooLarge(codings[step], encoding, limits.maxDecodedBytes());
        }
        if (total > DecodeLimits.RATIO_FLOOR_BYTES && total / limits.maxRatio() > encodedBytes) {
            out.release();
            throw ContentDecodingException.ratio(codings[step], encoding, total, encodedBytes, limits.maxRatio());
        }
        outBytes[step] = total;
        if (step + 1 < decompressors.length) {
            push(step + 1, out);
        } else {
            try {
                sink.accept(out);
            } finally {
                out.release();
            }
        }
    }

    private Status status(int step) throws ContentDecodingException {
        try {
            return decompressors[step].status();
        } catch (DecompressionException e) {
            throw ContentDecodingException.corrupt(codings[step], encoding, e);
        }
    }

    private void endOfInput(int step) throws ContentDecodingException {
        try {
            decompressors[step].endOfInput();
        } catch (DecompressionException e) {
            throw ContentDecodingException.truncated(codings[step], encoding, encodedBytes, e);
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("this body's decoder is closed: it failed, finished or was closed");
        }
    }
}
