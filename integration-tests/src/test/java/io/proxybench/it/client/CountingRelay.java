package io.proxybench.it.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A TCP relay in front of a lab port that counts what each connection carried each way: what the lab's side of a
 * client's connection saw, TCP payload only. A connection ends as soon as either side closes it or fails, both
 * sockets closed then (a reset passed on as a reset), so no byte is counted that the client could not have read.
 */
final class CountingRelay implements AutoCloseable {

    /** Bytes one connection carried: {@code fromClient} to the lab, {@code toClient} from it. */
    record Carried(long fromClient, long toClient) {}

    private static final long PATIENCE_SECONDS = 20;

    private final ServerSocket server;
    private final int labPort;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final BlockingQueue<Carried> ended = new LinkedBlockingQueue<>();

    /** @param labPort the loopback port the relay passes each connection on to */
    CountingRelay(int labPort) throws IOException {
        this.labPort = labPort;
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        threads.execute(() -> {
            while (!server.isClosed()) {
                try {
                    Socket client = server.accept();
                    threads.execute(() -> relay(client));
                } catch (IOException closed) {
                    return;
                }
            }
        });
    }

    int port() {
        return server.getLocalPort();
    }

    /** The counts of the next connection to end, in the order they ended; fails the test if none does in 20 s. */
    Carried nextEnded() throws InterruptedException {
        Carried carried = ended.poll(PATIENCE_SECONDS, TimeUnit.SECONDS);
        assertThat(carried).as("a relayed connection ended").isNotNull();
        return carried;
    }

    private void relay(Socket client) {
        try (client; Socket lab = new Socket(InetAddress.getLoopbackAddress(), labPort)) {
            Future<Long> up = threads.submit(() -> pump(client, lab));
            long down = pump(lab, client);
            ended.add(new Carried(up.get(), down));
        } catch (Exception e) {
            ended.add(new Carried(-1, -1)); // the lab refused the connection, or the test is over
        }
    }

    /** Copies {@code from} to {@code to} until either ends, then closes both; returns the bytes delivered. */
    private static long pump(Socket from, Socket to) {
        byte[] buffer = new byte[16 << 10];
        long delivered = 0;
        boolean reset = false;
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                out.write(buffer, 0, n);
                delivered += n;
            }
        } catch (IOException e) {
            reset = !from.isClosed() && !to.isClosed();
        }
        try {
            if (reset) {
                to.setSoLinger(true, 0);
            }
            to.close();
            from.close();
        } catch (IOException ignored) {
            // Closing is all that is left to do.
        }
        return delivered;
    }

    @Override
    public void close() throws IOException {
        server.close();
        threads.shutdownNow();
    }
}
