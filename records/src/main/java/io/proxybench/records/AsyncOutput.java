package io.proxybench.records;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * An output stream whose writes to the stream below happen on a thread of their own, a buffer at a time, so that the
 * writer's work and the disk's overlap (a merge copying lines while the previous megabytes go to the file). At most
 * {@link #BUFFERS} buffers of {@link #BUFFER_BYTES} are in flight. The first failure below is thrown by the next
 * write, flush or close. Not thread-safe: one writer.
 */
final class AsyncOutput extends OutputStream {
    static final int BUFFER_BYTES = 1 << 20;
    static final int BUFFERS = 3;
    private static final byte[] END = new byte[0];

    private final OutputStream below;
    private final BlockingQueue<byte[]> full = new ArrayBlockingQueue<>(BUFFERS);
    private final BlockingQueue<byte[]> free = new ArrayBlockingQueue<>(BUFFERS);
    private final Thread thread;
    private volatile IOException failure;
    private byte[] current;
    private int used;

    AsyncOutput(OutputStream below) {
        this.below = below;
        for (int i = 0; i < BUFFERS; i++) {
            free.add(new byte[BUFFER_BYTES]);
        }
        current = free.poll();
        thread = new Thread(this::drain, "proxybench-output");
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void write(int b) throws IOException {
        if (used == current.length) {
            hand();
        }
        current[used++] = (byte) b;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        while (length > 0) {
            if (used == current.length) {
                hand();
            }
            int n = Math.min(length, current.length - used);
            System.arraycopy(bytes, offset, current, used, n);
            used += n;
            offset += n;
            length -= n;
        }
    }

    /** Hands what is written so far to the thread, and waits until it has written it. */
    @Override
    public void flush() throws IOException {
        hand();
        await();
    }

    /** Writes what is left and ends the thread; the stream below stays open. */
    void finish() throws IOException {
        try {
            hand();
        } finally {
            put(END);
            join();
        }
        rethrow();
        below.flush();
    }

    @Override
    public void close() throws IOException {
        try {
            finish();
        } finally {
            below.close();
        }
    }

    private void hand() throws IOException {
        rethrow();
        if (used == 0) {
            return;
        }
        put(used == current.length ? current : Arrays.copyOf(current, used));
        current = take();
        used = 0;
    }

    /** Waits until every buffer handed over is written: all of them back in the free queue. */
    private void await() throws IOException {
        while (free.size() < BUFFERS - 1 && failure == null) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("writing was interrupted");
            }
        }
        rethrow();
        below.flush();
    }

    private void drain() {
        try {
            for (byte[] buffer; (buffer = full.take()) != END; ) {
                if (failure == null) {
                    try {
                        below.write(buffer);
                    } catch (IOException e) {
                        failure = e;
                    }
                }
                if (buffer.length == BUFFER_BYTES) {
                    free.put(buffer);
                } else {
                    free.put(new byte[BUFFER_BYTES]);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void put(byte[] buffer) throws InterruptedIOException {
        try {
            full.put(buffer);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("writing was interrupted");
        }
    }

    private byte[] take() throws InterruptedIOException {
        try {
            return free.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("writing was interrupted");
        }
    }

    private void join() throws InterruptedIOException {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("writing was interrupted");
        }
    }

    private void rethrow() throws IOException {
        if (failure != null) {
            throw failure;
        }
    }
}
