package io.proxybench.client.internal.stream;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
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
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * A streamed response body between the connection's event loop, which adds chunks, and the thread that reads it as an
 * {@link InputStream}. Memory is bounded: above {@link #HIGH} queued bytes the connection's reads pause, and they
 * resume once the reader has taken the queue down to {@link #LOW}, so the peer is held back by TCP (or HTTP/2 flow
 * control) instead. Closing the stream before its end aborts the exchange. One thread reads at a time; it waits
 * parked ({@link LockSupport}), not in a monitor, so a virtual thread unmounts while it waits, and the monitor guards
 * only short updates.
 *
 * <p>Chunks are kept as Netty buffers, not copied to arrays: a chunk that is most of its buffer is kept as a retained
 * slice of it (no copy, no garbage); a small part of a large buffer is copied into a pooled buffer of its own size, so
 * the memory held stays within 4 times the bytes queued. Every buffer is released once: when read to its end, when the
 * stream is closed, or when the body fails ({@link #failed}). A stream dropped unread and unclosed after a whole body
 * keeps its buffers: a {@code ResponseStream} must be closed, as its documentation says.
 */
public final class BodyQueue extends InputStream implements BodySink {

    /** Queued bytes above which the connection's reads pause. */
    static final int HIGH = 1 << 20;
    /** Queued bytes at or below which paused reads resume. */
    static final int LOW = 256 << 10;

    private final ReadControl reads;
    private final Consumer<Throwable> abort;
    /**
     * The body's chunks, in order, each owned by the queue (one reference), each read from its reader index: the
     * first two in {@code first} and {@code second}, the others in {@code rest}, made when a third chunk waits (most
     * bodies a reader keeps up with never need it). Invariant: {@code first == null} implies {@code second == null},
     * and {@code second == null} implies {@code rest} is null or empty. Guarded by {@code this}, as is every field
     * below.
     */
    private ByteBuf first;
    private ByteBuf second;
    private ArrayDeque<ByteBuf> rest;
    /** Bytes queued and not yet read. */
    private long queued;
    private boolean paused;
    private boolean ended;
    private boolean closed;
    /** Why the body cannot be read whole; null while none. */
    private IOException failure;
    /** The reader parked until something changes, or null; set and cleared under {@code this}. */
    private Thread waiter;

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
        Thread wake;
        synchronized (this) {
            if (closed) {
                chunk.release();
                return;
            }
            enqueue(chunk);
            queued += length;
            if (queued > HIGH && !paused) {
                paused = pause = true;
            }
            wake = takeWaiter();
        }
        LockSupport.unpark(wake);
        if (pause) {
            reads.pause();
        }
    }

    /** The body arrived whole: a read past its last byte returns -1. */
    public void end() {
        Thread wake;
        synchronized (this) {
            ended = true;
            wake = takeWaiter();
        }
        LockSupport.unpark(wake);
    }

    /**
     * The body cannot be read whole: a read past the bytes that came throws an IOException caused by {@code why}. The
     * bytes that came move to the heap, so a stream its caller drops after the failure without closing it holds no
     * pooled buffer.
     */
    public void failed(Throwable why) {
        Thread wake = null;
        synchronized (this) {
            if (!ended && failure == null) {
                failure = why instanceof IOException io ? io
                        : new IOException("the response body failed: " + why.getMessage(), why);
                int n = (first == null ? 0 : 1) + (second == null ? 0 : 1) + (rest == null ? 0 : rest.size());
                for (int i = n; i > 0; i--) {
                    ByteBuf pooled = dequeue();
                    enqueue(Unpooled.copiedBuffer(pooled));
                    pooled.release();
                }
                wake = takeWaiter();
            }
        }
        LockSupport.unpark(wake);
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
        while (true) {
            synchronized (this) {
                if (hasChunks()) {
                    while (n < len && first != null) {
                        int take = Math.min(len - n, first.readableBytes());
                        first.readBytes(into, off + n, take);
                        n += take;
                        if (!first.isReadable()) {
                            dequeue().release();
                        }
                    }
                    resume = taken(n);
                    break;
                }
                if (ended) {
                    return -1;
                }
            }
            await();
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
            ByteBuf chunk;
            boolean resume;
            synchronized (this) {
                if (hasChunks()) {
                    chunk = dequeue();
                    resume = taken(chunk.readableBytes());
                } else if (ended) {
                    return total;
                } else {
                    chunk = null;
                    resume = false;
                }
            }
            if (chunk == null) {
                await();
                continue;
            }
            if (resume) {
                reads.resume();
            }
            try {
                total += chunk.readableBytes();
                chunk.readBytes(out, chunk.readableBytes());
            } finally {
                chunk.release();
            }
        }
    }

    /**
     * Under the lock: whether a chunk is queued; false at the body's end and while the reader has to wait for one.
     *
     * @throws IOException when the stream was closed, or the body failed and all that came was read
     */
    private boolean hasChunks() throws IOException {
        if (closed) {
            throw new IOException("the response body stream is closed");
        }
        if (first != null) {
            return true;
        }
        if (failure != null) {
            throw new IOException(failure.getMessage(), failure);
        }
        if (!ended) {
            if (waiter != null && waiter != Thread.currentThread()) {
                throw new IllegalStateException("a streamed body is read by two threads at once: read it on one");
            }
            waiter = Thread.currentThread();
        }
        return false;
    }

    /**
     * Parks the reader, outside the lock, until a chunk, the end, a failure or a close wakes it (or spuriously: the
     * caller looks again); parking rather than waiting on a monitor, so a virtual thread unmounts meanwhile.
     */
    private void await() throws InterruptedIOException {
        LockSupport.park(this);
        if (Thread.interrupted()) {
            synchronized (this) {
                waiter = null;
            }
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the response body");
        }
    }

    /** Under the lock: queues {@code chunk} last. */
    private void enqueue(ByteBuf chunk) {
        if (first == null) {
            first = chunk;
        } else if (second == null) {
            second = chunk;
        } else {
            if (rest == null) {
                rest = new ArrayDeque<>(2);
            }
            rest.addLast(chunk);
        }
    }

    /** Under the lock: takes the first chunk off the queue; null when none is queued. */
    private ByteBuf dequeue() {
        ByteBuf taken = first;
        first = second;
        second = rest == null ? null : rest.pollFirst();
        return taken;
    }

    /** Under the lock: the parked reader to wake once the lock is left, or null; it is no longer the waiter. */
    private Thread takeWaiter() {
        Thread t = waiter;
        waiter = null;
        return t;
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
    public synchronized int available() {
        return (int) Math.min(Integer.MAX_VALUE, queued);
    }

    /** Drops what is queued; before the body's end, aborts the exchange (its connection is not reused). */
    @Override
    public void close() {
        boolean early;
        Thread wake;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            early = !ended && failure == null;
            for (ByteBuf chunk; (chunk = dequeue()) != null; ) {
                chunk.release();
            }
            queued = 0;
            wake = takeWaiter();
        }
        LockSupport.unpark(wake);
        if (early) {
            abort.accept(new CancellationException("the response body was closed before its end"));
        }
    }
}
