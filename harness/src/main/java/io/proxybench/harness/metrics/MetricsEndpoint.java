package io.proxybench.harness.metrics;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.time.Duration;
import java.util.Locale;

/**
 * A run's metrics served for Prometheus at {@code http://HOST:PORT/metrics}. {@link #close()} serves them
 * {@code linger} longer if the run finished (its records file closed, {@link RunMetrics#finish()}), so that one
 * more scrape sees the final figures, then stops; after a failed run it stops at once.
 *
 * @param server the HTTP server
 * @param metrics what it serves
 * @param linger how long the final figures stay up, zero or more
 * @param err where the address and the linger are said
 */
public record MetricsEndpoint(HTTPServer server, RunMetrics metrics, Duration linger, PrintWriter err)
        implements AutoCloseable {

    /**
     * Serves {@code metrics} on {@code address}:{@code port} (0 for any free port), saying where on {@code err}.
     *
     * @param host how the address was given, for the printed URL
     * @throws IOException when the port cannot be bound
     */
    public static MetricsEndpoint start(InetAddress address, String host, int port, RunMetrics metrics,
            Duration linger, PrintWriter err) throws IOException {
        HTTPServer server = HTTPServer.builder().inetAddress(address).port(port).registry(metrics.registry())
                .buildAndStart();
        err.printf(Locale.ROOT, "metrics: http://%s:%d/metrics%n", host, server.getPort());
        err.flush();
        return new MetricsEndpoint(server, metrics, linger, err);
    }

    @Override
    public void close() throws InterruptedException {
        try {
            if (metrics.finished() && !linger.isZero()) {
                err.printf(Locale.ROOT, "metrics: serving the final figures for %d s more%n", linger.toSeconds());
                err.flush();
                Thread.sleep(linger.toMillis());
            }
        } finally {
            server.close();
        }
    }
}
