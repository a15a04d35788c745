package io.proxybench.watch.server;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * The live page's server-sent events: each event published goes to every open stream. A stream's queue is bounded;
 * a page that falls {@link #QUEUE} events behind (a phone asleep, a stalled network) has its connection closed (its
 * browser reconnects and reloads the series), so a slow reader holds neither memory nor a slot. At most {@link #MAX_STREAMS} are open at once.
 */
final class EventStream {

    static final int QUEUE = 256;
    static final int MAX_STREAMS = 32;
    /** A comment line this often keeps proxies and browsers from closing a quiet stream. */
    static final long PING_MILLIS = 15_000;

    private static final String CLOSE = "";

    private final CopyOnWriteArrayList<Subscription> streams = new CopyOnWriteArrayList<>();
    private volatile boolean closed;

    /** Sends {@code event} with {@code json} as its data to every open stream. */
    void publish(String event, String json) {
        String frame = "event: " + event + "\ndata: " + json + "\n\n";
        for (Subscription s : streams) {
            if (!s.queue.offer(frame)) {
                s.end();
            }
        }
    }

    /**
     * Opens a stream: from now on it receives every event published, so that a page that reads its history after
     * the stream's headers went out misses nothing. Null when {@link #MAX_STREAMS} are open already.
     */
    Subscription subscribe() {
        synchronized (this) {
            if (streams.size() >= MAX_STREAMS) {
                return null;
            }
            Subscription s = new Subscription(new ArrayBlockingQueue<>(QUEUE));
            streams.add(s);
            return s;
        }
    }

    /** One open stream. */
    final class Subscription implements AutoCloseable {
        private final BlockingQueue<String> queue;
        /** Closes the connection under the stream, so that a write blocked on a page that stopped reading fails. */
        private volatile Runnable hangUp = () -> { };

        private Subscription(BlockingQueue<String> queue) {
            this.queue = queue;
        }

        /** What {@link #end()} calls to close the connection under the stream. */
        void hangUp(Runnable closeConnection) {
            this.hangUp = closeConnection;
        }

        /** Ends the stream: the pump stops at its next event, and a write blocked on the page fails. */
        void end() {
            queue.clear();
            queue.offer(CLOSE);
            hangUp.run();
        }

        /**
         * Writes the events to {@code out} until the page goes, falls behind, or the stream is closed; on the
         * caller's thread.
         */
        void pump(OutputStream out) throws IOException {
            try {
                out.write(": stream open\n\n".getBytes(StandardCharsets.UTF_8));
                out.flush();
                while (!closed) {
                    String frame = queue.poll(PING_MILLIS, TimeUnit.MILLISECONDS);
                    if (frame == CLOSE) {
                        break;
                    }
                    out.write((frame == null ? ": ping\n\n" : frame).getBytes(StandardCharsets.UTF_8));
                    out.flush();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void close() {
            streams.remove(this);
        }
    }

    /** Ends every stream. */
    void close() {
        closed = true;
        for (Subscription s : streams) {
            s.end();
        }
    }
}
