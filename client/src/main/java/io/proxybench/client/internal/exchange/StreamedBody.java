package io.proxybench.client.internal.exchange;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpChunkedInput;
import io.netty.handler.stream.ChunkedNioFile;
import io.netty.handler.stream.ChunkedWriteHandler;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A request whose body is a file, streamed: the head (with {@code Content-Length} set to {@code length}) and then the
 * file in {@link #CHUNK} chunks, each written when the connection (or, on HTTP/2, the stream's flow-control window)
 * can take it, so memory holds at most a few chunks whatever the file's size. The head travels as an empty
 * {@link FullHttpRequest} until it is written.
 */
public final class StreamedBody extends DefaultFullHttpRequest {

    /** Bytes read from the file per write. */
    static final int CHUNK = 64 * 1024;

    private final Path file;
    private final long length;

    /**
     * @param head the request line and headers, its content empty; taken over (released when written)
     * @param length the file's size, as its {@code Content-Length} says
     */
    public StreamedBody(FullHttpRequest head, Path file, long length) {
        super(head.protocolVersion(), head.method(), head.uri(), head.content(), head.headers(),
                head.trailingHeaders());
        this.file = file;
        this.length = length;
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

    /** The body's size in bytes: the file's for a streamed one, else the request's content. */
    public static long bodyBytes(FullHttpRequest request) {
        return request instanceof StreamedBody streamed ? streamed.length : request.content().readableBytes();
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
        FileChannel source;
        try {
            source = FileChannel.open(file, StandardOpenOption.READ);
            long size = source.size();
            if (size < length) {
                source.close();
                throw new IOException("it is " + size + " bytes now, " + length + " when the request began");
            }
            channel.write(head);
            return channel.writeAndFlush(new HttpChunkedInput(new Checked(source, length)));
        } catch (IOException e) {
            return channel.newFailedFuture(new IOException("cannot read the body file " + file + ": " + e.getMessage(),
                    e));
        }
    }
}
