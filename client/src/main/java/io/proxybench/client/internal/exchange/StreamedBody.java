package io.proxybench.client.internal.exchange;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpChunkedInput;
import io.netty.handler.stream.ChunkedInput;
import io.netty.handler.stream.ChunkedNioFile;
import io.netty.handler.stream.ChunkedStream;
import io.netty.handler.stream.ChunkedWriteHandler;
import io.proxybench.client.BodySource;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A request whose body is a file or a {@link BodySource}, streamed: the head (with {@code Content-Length} set to
 * {@code length}, or chunked when a source's length is unknown) and then the body in {@link #CHUNK} chunks, each
 * written when the connection (or, on HTTP/2, the stream's flow-control window) can take it, so memory holds at most a
 * few chunks whatever the body's size. The head travels as an empty {@link FullHttpRequest} until it is written.
 */
public final class StreamedBody extends DefaultFullHttpRequest {

    /** Bytes read from the file per write. */
    static final int CHUNK = 64 * 1024;

    /** The body's file, or null for a source's. */
    private final Path file;
    private final BodySource source;
    /** The body's length, or -1 for a source's of unknown length. */
    private final long length;
    /** The body's bytes read so far, of the write in progress. */
    private volatile ChunkedInput<?> input;

    /**
     * @param head the request line and headers, its content empty; taken over (released when written)
     * @param length the file's size, as its {@code Content-Length} says
     */
    public StreamedBody(FullHttpRequest head, Path file, long length) {
        super(head.protocolVersion(), head.method(), head.uri(), head.content(), head.headers(),
                head.trailingHeaders());
        this.file = file;
        this.source = null;
        this.length = length;
    }

    /**
     * @param head the request line and headers (with {@code Content-Length}, or chunked); taken over
     * @param source opens the body
     */
    public StreamedBody(FullHttpRequest head, BodySource source) {
        super(head.protocolVersion(), head.method(), head.uri(), head.content(), head.headers(),
                head.trailingHeaders());
        this.file = null;
        this.source = source;
        this.length = source.length();
    }

    /**
     * A source's stream in chunks, failing when it ends before its announced length or runs past it (the server
     * would wait for the missing bytes, or read the extra ones as another request).
     */
    static final class CheckedStream extends ChunkedStream {
        private final long length;
        private long read;

        CheckedStream(InputStream in, long length) {
            super(in, CHUNK);
            this.length = length;
        }

        @Override
        public ByteBuf readChunk(ByteBufAllocator allocator) throws Exception {
            ByteBuf chunk = super.readChunk(allocator);
            if (chunk != null) {
                read += chunk.readableBytes();
            }
            if (length >= 0 && read > length) {
                if (chunk != null) {
                    chunk.release();
                }
                throw wrongLength();
            }
            return chunk;
        }

        /** The end, checked: HTTP's chunked input asks this before each chunk, and ends the body when it is true. */
        @Override
        public boolean isEndOfInput() throws Exception {
            boolean end = super.isEndOfInput();
            if (end && length >= 0 && read < length) {
                throw wrongLength();
            }
            return end;
        }

        private IOException wrongLength() {
            return new IOException("the body source gave " + (read > length ? "more than" : "only") + " " + read
                    + " bytes; its length says " + length);
        }

        @Override
        public long length() {
            return length;
        }
    }

    /**
     * The file in chunks, failing when it ends early (cut while being sent): Netty's own would return empty chunks
     * forever, and the chunked writer would spin on the event loop.
     */
    static final class Checked extends ChunkedNioFile {

        Checked(FileChannel source, long length) throws IOException {
            super(source, 0, length, CHUNK);
        }

        @Override
        public ByteBuf readChunk(ByteBufAllocator allocator) throws Exception {
            ByteBuf chunk = super.readChunk(allocator);
            if (chunk != null && !chunk.isReadable() && !isEndOfInput()) {
                chunk.release();
                throw new IOException("the body file ended at byte " + currentOffset() + " of " + endOffset());
            }
            return chunk;
        }
    }

    /**
     * The body's size in bytes: the file's or the source's length for a streamed one (-1 when a source's is unknown,
     * see {@link #sentBytes}), else the request's content.
     */
    public static long bodyBytes(FullHttpRequest request) {
        return request instanceof StreamedBody streamed ? streamed.length : request.content().readableBytes();
    }

    /** The body's bytes sent so far: once it is written, all of them. */
    public static long sentBytes(FullHttpRequest request) {
        if (request instanceof StreamedBody streamed) {
            ChunkedInput<?> in = streamed.input;
            return in == null ? 0 : in.progress();
        }
        return request.content().readableBytes();
    }

    /**
     * Writes and flushes {@code request} on {@code channel}, a streamed one by {@link #writeTo}; releases it.
     *
     * @return the future of its (last) write
     */
    static ChannelFuture write(Channel channel, FullHttpRequest request) {
        return request instanceof StreamedBody streamed ? streamed.writeTo(channel) : channel.writeAndFlush(request);
    }

    /**
     * Writes the head, then the file, on {@code channel}, adding a {@link ChunkedWriteHandler} at the end of its
     * pipeline the first time. Releases this request.
     *
     * @return the future of the body's last write; failed, with nothing written, when the file cannot be opened or is
     *     shorter than {@code length} now
     */
    private ChannelFuture writeTo(Channel channel) {
        if (channel.pipeline().get(ChunkedWriteHandler.class) == null) {
            channel.pipeline().addLast(new ChunkedWriteHandler());
        }
        DefaultHttpRequest head = new DefaultHttpRequest(protocolVersion(), method(), uri(), headers());
        release();
        try {
            ChunkedInput<ByteBuf> body;
            if (file != null) {
                FileChannel from = FileChannel.open(file, StandardOpenOption.READ);
                long size = from.size();
                if (size < length) {
                    from.close();
                    throw new IOException("cannot read the body file " + file + ": it is " + size + " bytes now, "
                            + length + " when the request began");
                }
                body = new Checked(from, length);
            } else {
                body = new CheckedStream(source.open(), length);
            }
            HttpChunkedInput chunks = new HttpChunkedInput(body);
            input = chunks;
            channel.write(head);
            return channel.writeAndFlush(chunks);
        } catch (IOException e) {
            return channel.newFailedFuture(file != null && e.getMessage().startsWith("cannot read") ? e
                    : new IOException((file != null ? "cannot read the body file " + file : "cannot open the body"
                            + " source") + ": " + e.getMessage(), e));
        }
    }
}
