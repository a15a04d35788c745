package io.proxybench.watch.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import io.prometheus.metrics.exporter.httpserver.MetricsHandler;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.proxybench.watch.page.PageResource;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * What watch serves: the live page ({@code /}), its data ({@code /api/series}, read once on load and on every
 * reconnect, so a reload shows the history), its live events ({@code /events}) and the Prometheus metrics
 * ({@code /metrics}). With a token, every path asks for it ({@code Authorization: Bearer TOKEN}, or
 * {@code ?token=TOKEN} for a browser), compared in constant time; without one, whoever reaches the address may read
 * (watch binds 127.0.0.1 unless told otherwise).
 */
public final class WatchServer implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final ExecutorService threads;
    private final EventStream events = new EventStream();
    private final byte[] token;

    /**
     * Serves on {@code host}:{@code port} (0 for any free port).
     *
     * @param series the page's data now, as {@code /api/series} answers it
     * @param token the token asked for, or null for none
     * @throws IOException when the address cannot be bound
     */
    public WatchServer(String host, int port, PrometheusRegistry registry, Supplier<Object> series, String token)
            throws IOException {
        this.token = token == null ? null : token.getBytes(StandardCharsets.UTF_8);
        this.server = HttpServer.create(new InetSocketAddress(host, port), 64);
        this.threads = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "proxybench-watch-http");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(threads);
        byte[] page = PageResource.indexHtml();
        MetricsHandler metrics = new MetricsHandler(registry);
        server.createContext("/", guarded(exchange -> {
            if (!exchange.getRequestURI().getPath().equals("/")) {
                send(exchange, 404, "text/plain; charset=utf-8", ("not found: watch serves /, /metrics,"
                        + " /api/series and /events\n").getBytes(StandardCharsets.UTF_8));
                return;
            }
            send(exchange, 200, PageResource.CONTENT_TYPE, page);
        }));
        server.createContext("/metrics", guarded(metrics));
        server.createContext("/api/series", guarded(exchange -> send(exchange, 200,
                "application/json", JSON.writeValueAsBytes(series.get()))));
        server.createContext("/events", guarded(this::events));
        server.start();
    }

    /** The port it serves on. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** Sends an event to every open page. */
    public void publish(String event, Object data) {
        try {
            events.publish(event, JSON.writeValueAsString(data));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void events(HttpExchange exchange) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.getResponseHeaders().set("X-Accel-Buffering", "no");
        try (EventStream.Subscription stream = events.subscribe()) {
            if (stream == null) {
                send(exchange, 503, "text/plain; charset=utf-8", ("too many live pages open ("
                        + EventStream.MAX_STREAMS + "); close one\n").getBytes(StandardCharsets.UTF_8));
                return;
            }
            stream.hangUp(exchange::close);
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                stream.pump(out);
            }
        } catch (IOException pageGone) {
            // The page closed or went away: its stream ends here.
        }
    }

    private HttpHandler guarded(HttpHandler handler) {
        return exchange -> {
            try (exchange) {
                if (!allowed(exchange)) {
                    exchange.getResponseHeaders().set("WWW-Authenticate", "Bearer");
                    byte[] body = ("this watch asks for its token: send Authorization: Bearer TOKEN, or open"
                            + " /?token=TOKEN\n").getBytes(StandardCharsets.UTF_8);
                    send(exchange, 401, "text/plain; charset=utf-8", body);
                    return;
                }
                handler.handle(exchange);
            }
        };
    }

    private boolean allowed(HttpExchange exchange) {
        if (token == null) {
            return true;
        }
        String auth = exchange.getRequestHeaders().getFirst("Authorization");
        String given = auth != null && auth.startsWith("Bearer ") ? auth.substring(7).trim() : null;
        String query = exchange.getRequestURI().getRawQuery();
        if (given == null && query != null) {
            for (String part : query.split("&")) {
                if (part.startsWith("token=")) {
                    given = URLDecoder.decode(part.substring(6), StandardCharsets.UTF_8);
                }
            }
        }
        return given != null && MessageDigest.isEqual(token, given.getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    /** Ends the live streams and stops serving. */
    @Override
    public void close() {
        events.close();
        server.stop(0);
        threads.shutdownNow();
    }
}
