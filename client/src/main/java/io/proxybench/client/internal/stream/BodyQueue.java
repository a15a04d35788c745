package io.proxybench.client.internal.stream;

import io.netty.buffer.ByteBuf;
import io.netty.util.concurrent.FastThreadLocalThread;
import io.proxybench.client.internal.exchange.BodySink;
import io.proxybench.client.internal.exchange.ReadControl;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * A streamed response body between the connection's event loop, which adds chunks, and the thread that reads it as an
 * {@link InputStream}. Memory is bounded: above {@link #HIGH} queued bytes the connection's reads pause, and they
 * resume once the reader has taken the queue down to {@link #LOW}, so the peer is held back by TCP (or HTTP/2 flow
 * control) instead. Closing the stream before its end aborts the exchange. Reads block, on a lock rather than a
 * monitor, so virtual threads unmount while they wait.
 *
 * <p>Chunks are kept as Netty buffers, not copied to arrays: a chunk that is most of its buffer is kept as a retained
 * slice of it (no copy, no garbage); a small part of a large buffer is copied into a pooled buffer of its own size, so
 * the memory held stays within 4 times the bytes queued. Every buffer is released once: when read to its end, or when
 * the stream is closed.
 */
public final class BodyQueue extends InputStream implements BodySink {

    /** Queued bytes above which the connection's reads pause. */
    static final int HIGH = 1 << 20;
    /** Queued bytes at or below which paused reads resume. */
    static final int LOW = 256 << 10;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ReadControl reads;
    private final Consumer<Throwable> abort;
    /** The body's chunks, in order, each owned by the queue (one reference); the first is read from its reader index. */
    private final ArrayDeque<ByteBuf> chunks = new ArrayDeque<>();
    /** Bytes in {@link #chunks} not yet read. */
    private long queued;
    private boolean paused;
    private boolean ended;
    private boolean closed;
    /** Why the body cannot be read whole; null while none. */
    private IOException failure;

    /**
     * @param reads pauses and resumes the connection's reads
     * @param abort ends the exchange, for a stream closed before its end
     */
    public BodyQueue(ReadControl reads, Consumer<Throwable> abort) {
        this.reads = reads;
        this.abort = abort;
    }

    @Override
    public void content(ByteBuf buf, int index, int length) {
        if (length == 0) {
            return;
        }
        ByteBuf chunk = 4L * length >= buf.capacity() ? buf.retainedSlice(index, length)
                : buf.alloc().buffer(length).writeBytes(buf, index, length);
        boolean pause = false;
        lock.lock();
        try {
            if (closed) {
                chunk.release();
                return;
            }
            // A reader waits only for an empty queue.
            if (chunks.isEmpty()) {
                changed.signalAll();
            }
            chunks.add(chunk);
            queued += length;
            if (queued > HIGH && !paused) {
                paused = pause = true;
            }
        } finally {
            lock.unlock();
        }
        if (pause) {
            reads.pause();
        }
    }

    /** The body arrived whole: a read past its last byte returns -1. */
    public void end() {
        lock.lock();
        try {
            ended = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The body cannot be read whole: a read past the bytes that came throws an IOException caused by {@code why}. */
    public void failed(Throwable why) {
        lock.lock();
        try {
            if (!ended && failure == null) {
                failure = why instanceof IOException io ? io
                        : new IOException("the response body failed: " + why.getMessage(), why);
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    /** Reads what is queued, up to {@code len} bytes from as many chunks; waits only while nothing is. */
    @Override
    public int read(byte[] into, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, into.length);
        if (len == 0) {
            return 0;
        }
        checkThread();
        boolean resume;
        int n = 0;
        lock.lock();
        try {
            if (!awaitChunks()) {
                return -1;
            }
            while (n < len && !chunks.isEmpty()) {
                ByteBuf first = chunks.peekFirst();
                int take = Math.min(len - n, first.readableBytes());
                first.readBytes(into, off + n, take);
                n += take;
                if (!first.isReadable()) {
                    chunks.removeFirst().release();
                }
            }
            resume = taken(n);
        } finally {
            lock.unlock();
        }
        if (resume) {
            reads.resume();
        }
        return n;
    }

    /** Writes the rest of the body to {@code out}, each queued chunk from its own buffer, outside the lock. */
    @Override
    public long transferTo(OutputStream out) throws IOException {
        Objects.requireNonNull(out, "out");
        checkThread();
        long total = 0;
        while (true) {
            ByteBuf first;
            boolean resume;
            lock.lock();
            try {
                if (!awaitChunks()) {
                    return total;
                }
                first = chunks.pollFirst();
                resume = taken(first.readableBytes());
            } finally {
                lock.unlock();
            }
            if (resume) {
                reads.resume();
            }
            try {
                total += first.readableBytes();
                first.readBytes(out, first.readableBytes());
            } finally {
                first.release();
            }
        }
    }

    /**
     * Under the lock: waits until a chunk is queued or the body is over.
     *
     * @return true with a chunk queued; false at the body's end
     * @throws IOException when the stream was closed, or the body failed and all that came was read
     */
    private boolean awaitChunks() throws IOException {
        try {
            while (chunks.isEmpty() && !ended && failure == null && !closed) {
                changed.await();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the response body");
        }
        if (closed) {
            throw new IOException("the response body stream is closed");
        }
        if (chunks.isEmpty()) {
            if (failure != null) {
                throw new IOException(failure.getMessage(), failure);
            }
            return false;
        }
        return true;
    }

    /** Under the lock: {@code n} bytes were taken; whether the paused reads resume now. */
    private boolean taken(long n) {
        queued -= n;
        if (paused && queued <= LOW) {
            paused = false;
            return true;
        }
        return false;
    }

    private static void checkThread() {
        if (Thread.currentThread() instanceof FastThreadLocalThread) {
            throw new IllegalStateException("a streamed body is read on one of the client's I/O threads, which would"
                    + " wait for itself: read it on a thread of your own (e.g. thenAcceptAsync, or join the future)");
        }
    }

    @Override
    public int available() {
        lock.lock();
        try {
            return (int) Math.min(Integer.MAX_VALUE, queued);
        } finally {
            lock.unlock();
        }
    }

    /** Drops what is queued; before the body's end, aborts the exchange (its connection is not reused). */
    @Override
    public void close() {
        boolean early;
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            early = !ended && failure == null;
            for (ByteBuf chunk; (chunk = chunks.pollFirst()) != null; ) {
                chunk.release();
            }
            queued = 0;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        if (early) {
            abort.accept(new CancellationException("the response body was closed before its"
                    + " end"));
        }
    }
}
