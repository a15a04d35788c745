package io.proxybench.lab;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback origin that answers each connection with a script, for behaviour the lab target never shows
 * (interim responses, odd framing, closing right after a response). One thread per connection; closed with the
 * test.
 */
public final class ScriptedOrigin implements AutoCloseable {

    /** What to do with one accepted connection. */
    @FunctionalInterface
    public interface Script {
        void serve(Socket socket) throws IOException, InterruptedException;
    }

    private final ServerSocket server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final AtomicInteger accepted = new AtomicInteger();
    private final java.util.Set<Socket> open = java.util.concurrent.ConcurrentHashMap.newKeySet();

    public ScriptedOrigin(Script script) throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
        threads.execute(() -> {
            while (!server.isClosed()) {
                try {
                    Socket s = server.accept();
                    accepted.incrementAndGet();
                    open.add(s);
                    s.setSoTimeout(10_000);
                    threads.execute(() -> {
                        try (s) {
                            script.serve(s);
                        } catch (IOException | InterruptedException ignored) {
                            // The test decides what counts; a connection ending early is one of the scripts.
                        }
                    });
                } catch (IOException closed) {
                    return;
                }
            }
        });
    }

    public int port() {
        return server.getLocalPort();
    }

    public int accepted() {
        return accepted.get();
    }

    /** Reads one request head (through the blank line). */
    public static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed in a request head");
            }
            head.write(b);
            matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    public static void write(Socket s, String text) throws IOException {
        s.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
        s.getOutputStream().flush();
    }

    @Override
    public void close() throws IOException, InterruptedException {
        server.close();
        for (Socket s : open) {
            s.close();
        }
        threads.shutdownNow();
        threads.awaitTermination(5, TimeUnit.SECONDS);
    }
}
