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
import java.util.ArrayList;
import java.util.List;
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
    /** Copies of the body's chunks, in order; the first is read from {@link #offset}. */
    private final ArrayDeque<byte[]> chunks = new ArrayDeque<>();
    private int offset;
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
        byte[] copy = new byte[length];
        buf.getBytes(index, copy);
        boolean pause = false;
        lock.lock();
        try {
            if (closed) {
                return;
            }
            // A reader waits only for an empty queue.
            if (chunks.isEmpty()) {
                changed.signalAll();
            }
            chunks.add(copy);
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
                byte[] first = chunks.peekFirst();
                int take = Math.min(len - n, first.length - offset);
                System.arraycopy(first, offset, into, off + n, take);
                n += take;
                offset += take;
                if (offset == first.length) {
                    chunks.removeFirst();
                    offset = 0;
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

    /** Writes the rest of the body to {@code out}, every queued chunk at once, without copying it again. */
    @Override
    public long transferTo(OutputStream out) throws IOException {
        Objects.requireNonNull(out, "out");
        checkThread();
        long total = 0;
        List<byte[]> batch = new ArrayList<>();
        while (true) {
            int firstOffset;
            boolean resume;
            lock.lock();
            try {
                if (!awaitChunks()) {
                    return total;
                }
                firstOffset = offset;
                long n = -offset;
                for (byte[] chunk; (chunk = chunks.pollFirst()) != null; ) {
                    batch.add(chunk);
                    n += chunk.length;
                }
                offset = 0;
                resume = taken(n);
                total += n;
            } finally {
                lock.unlock();
            }
            if (resume) {
                reads.resume();
            }
            for (int i = 0; i < batch.size(); i++) {
                byte[] chunk = batch.get(i);
                int from = i == 0 ? firstOffset : 0;
                out.write(chunk, from, chunk.length - from);
            }
            batch.clear();
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
            chunks.clear();
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
