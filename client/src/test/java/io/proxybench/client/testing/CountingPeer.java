package io.proxybench.client.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback server (a proxy or an origin) that plays a script on each connection it accepts and counts the bytes
 * the connection carried each way, for comparing with what the client says it sent and received. After its script a
 * connection reads on, counting, until the client closes it, so a count covers everything the client sent.
 */
public final class CountingPeer implements AutoCloseable {

    /** What to do with the {@code index}-th accepted connection (from 0). */
    @FunctionalInterface
    public interface Script {
        void play(Connection connection, int index) throws Exception;
    }

    /** Bytes one connection carried: {@code read} from the client, {@code written} to it. */
    public record Carried(long read, long written) {}

    private static final long PATIENCE_SECONDS = 20;

    private final ServerSocket server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final AtomicInteger accepted = new AtomicInteger();
    private final BlockingQueue<Carried> ended = new LinkedBlockingQueue<>();

    public CountingPeer(Script script) throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        threads.execute(() -> {
            while (!server.isClosed()) {
                try {
                    Socket socket = server.accept();
                    int index = accepted.getAndIncrement();
                    threads.execute(() -> serve(socket, script, index));
                } catch (IOException closed) {
                    return;
                }
            }
        });
    }

    private void serve(Socket socket, Script script, int index) {
        Connection connection = new Connection(socket);
        try (socket) {
            socket.setSoTimeout((int) TimeUnit.SECONDS.toMillis(PATIENCE_SECONDS));
            script.play(connection, index);
            while (connection.in.read() >= 0) {
                // Counting what the client still sends, until it closes.
            }
        } catch (Exception e) {
            // A reset, a timeout or an interrupt (the peer closing) ends the connection too; its counts stand.
        }
        ended.add(new Carried(connection.read, connection.written));
    }

    public int port() {
        return server.getLocalPort();
    }

    /** The counts of the next connection to end, in the order they ended; fails the test if none does in 20 s. */
    public Carried nextEnded() throws InterruptedException {
        Carried carried = ended.poll(PATIENCE_SECONDS, TimeUnit.SECONDS);
        assertThat(carried).as("a connection to the peer ended").isNotNull();
        return carried;
    }

    @Override
    public void close() throws IOException {
        server.close();
        threads.shutdownNow();
    }

    /** One accepted connection, counting what goes through it. Used by its script's thread only. */
    public static final class Connection {
        private final Socket socket;
        private final InputStream in;
        private long read;
        private volatile long written;

        Connection(Socket socket) {
            this.socket = socket;
            this.in = new InputStream() {
                @Override
                public int read() throws IOException {
                    int b = socket.getInputStream().read();
                    read += b < 0 ? 0 : 1;
                    return b;
                }
            };
        }

        /** Reads one byte, -1 at the end. */
        public int read() throws IOException {
            return in.read();
        }

        /** Reads one HTTP head, through its blank line. */
        public String readHead() throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            int matched = 0;
            while (matched < 4) {
                int b = in.read();
                if (b < 0) {
                    throw new IOException("closed in a head");
                }
                head.write(b);
                matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : b == '\r' ? 1 : 0;
            }
            return head.toString(StandardCharsets.ISO_8859_1);
        }

        public void write(String text) throws IOException {
            write(text.getBytes(StandardCharsets.ISO_8859_1));
        }

        /** Writes {@code bytes}; blocks while the client reads nothing and the socket's buffers are full. */
        public void write(byte[] bytes) throws IOException {
            socket.getOutputStream().write(bytes);
            written += bytes.length;
        }

        /** Bytes written to the client so far; readable from other threads (a test watching the script). */
        public long written() {
            return written;
        }

        /** Ends the server's side (FIN), reading on: the client sees the connection closed. */
        public void hangUp() throws IOException {
            socket.shutdownOutput();
        }
    }
}
