package io.proxybench.watch.page;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The live page's server as the spec describes it, on 127.0.0.1 with made-up data: {@code /} (the page),
 * {@code /api/series} and {@code /events}, each refusing a request without {@code ?token=}{@link #TOKEN}; and
 * {@code /frame}, the page in a frame of a given size (a phone's width is narrower than Chromium's narrowest window)
 * with a copy of the framed page's DOM in its {@code <pre id="inner">}, taken after a given time.
 * Provider {@code a} (HTTP) has 90 minutes with an outage, an idle minute and failures at the end, and a probe card
 * with a diagnosis; {@code b} (SOCKS5) has a full day (1440 minutes) and a clean card. Each event stream sends a
 * closed minute per provider, a new probe card of {@code b} and {@code a}'s minute so far, then ends after
 * {@link #STREAM_MILLIS}; until {@link #settle()} the minutes and the card reach the page only through the stream,
 * after it they are in the history too (as after a reload of the real page) and the stream sends the minute so far
 * only.
 */
final class PageFixture implements AutoCloseable {

    static final String TOKEN = "s3cret";
    static final String SITE = "lab-eu";
    static final int STEP = 60;
    /** How long an event stream stays open, in real milliseconds (virtual time stands still meanwhile). */
    static final int STREAM_MILLIS = 300;

    /** One closed minute, or the minute so far, as api/series and the events carry it. Times in seconds. */
    record Minute(long t, int checks, int ok, int blocks, int errors, Map<String, Double> p50,
            Map<String, Double> p99, int exits, int subnets, int handshakes, long bytes) {}

    record Line(String id, String label, String text, boolean measured) {}

    /** A probe card; {@code at} in epoch ms. */
    record Probe(long at, double seconds, int requests, String diagnosis, List<Line> lines) {}

    record Provider(String name, String proxy, List<Minute> minutes, Minute current, Probe probe) {}

    record Series(String site, long now, @JsonProperty("minute_seconds") int minuteSeconds,
            List<Provider> providers) {}

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final ExecutorService executor = Executors.newFixedThreadPool(4);
    private final boolean eventsFail;
    private final List<Provider> history;
    private final Map<String, Minute> closing = new LinkedHashMap<>();
    private final Minute current;
    private final Probe newProbeOfB;
    private volatile boolean settled;
    final AtomicInteger seriesRequests = new AtomicInteger();
    final AtomicInteger eventStreams = new AtomicInteger();
    final AtomicInteger refused = new AtomicInteger();

    /** With {@code eventsFail}, {@code /events} answers 503 and the page has only the history. */
    PageFixture(boolean eventsFail) throws IOException {
        this.eventsFail = eventsFail;
        long nowMillis = System.currentTimeMillis();
        long thisMinute = nowMillis / 1000 / STEP * STEP;
        List<Minute> a = new ArrayList<>();
        for (int i = 0; i < 90; i++) {
            a.add(minuteOfA(thisMinute - (91 - i) * STEP, i));
        }
        List<Minute> b = new ArrayList<>();
        for (int i = 0; i < 1440; i++) {
            b.add(minuteOfB(thisMinute - (1441 - i) * STEP, i));
        }
        closing.put("a", new Minute(thisMinute - STEP, 120, 111, 6, 3, Map.of("total", 0.2081, "connect", 0.0342),
                Map.of("total", 1.234, "connect", 0.1577), 41, 33, 58, 640_000));
        closing.put("b", new Minute(thisMinute - STEP, 120, 120, 0, 0, Map.of("total", 0.0987, "socks", 0.0123),
                Map.of("total", 0.456, "socks", 0.0489), 231, 197, 120, 910_000));
        current = new Minute(thisMinute, 42, 40, 1, 1, Map.of("total", 0.19, "connect", 0.033),
                Map.of("total", 0.88, "connect", 0.151), 30, 25, 20, 230_000);
        newProbeOfB = new Probe(nowMillis - 60_000, 41.3, 215, null, List.of(
                new Line("protocols", "protocols", "socks5: ok", true),
                new Line("rotation_per_tunnel", "rotation per tunnel", "9 exits in 10 tunnels", true),
                new Line("idle_limit", "idle limit", "not measured: the dialect has no sticky sessions", false),
                new Line("country", "country integrity", "not measured: the country API did not answer", false)));
        Minute earlierCurrent = new Minute(thisMinute, 10, 10, 0, 0, Map.of("total", 0.18), Map.of("total", 0.5), 9,
                8, 5, 52_000);
        history = List.of(
                new Provider("a", "http://user-a:****@127.0.0.1:8080", a, earlierCurrent, probeOfA(nowMillis)),
                new Provider("b", "socks5://user-b:****@127.0.0.1:1080", b, minuteOfB(thisMinute, 7),
                        probeOfB(nowMillis)));
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    /** The page's address, with the token. */
    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/?token=" + TOKEN;
    }

    /**
     * A page framing the page at {@code width} x {@code height} in its top-left corner, copying the framed DOM
     * into its {@code <pre id="inner">} after {@code copyAfterMillis} (of the browser's virtual time).
     */
    String frameUrl(int width, int height, int copyAfterMillis) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/frame?token=" + TOKEN + "&width=" + width
                + "&height=" + height + "&copy=" + copyAfterMillis;
    }

    /** From now on the streamed minutes are part of the history, and the stream sends the minute so far only. */
    void settle() {
        settled = true;
    }

    /** The closed minutes the page must hold for {@code provider} once a stream sent its minute: a day at most. */
    List<Minute> expectedMinutes(String provider) {
        return eventsFail ? providerNamed(provider).minutes() : withClosing(providerNamed(provider));
    }

    /** {@code p}'s history with the streamed minute added, and so a day at most. */
    private List<Minute> withClosing(Provider p) {
        List<Minute> all = new ArrayList<>(p.minutes());
        all.add(closing.get(p.name()));
        long newest = all.get(all.size() - 1).t();
        return all.stream().filter(m -> m.t() > newest - 86_400).toList();
    }

    /** The probe card the page must show for {@code provider}. */
    Probe expectedProbe(String provider) {
        return provider.equals("b") && !eventsFail ? newProbeOfB : providerNamed(provider).probe();
    }

    /** The minute so far the page must show for {@code a}. */
    Minute expectedCurrentOfA() {
        return eventsFail ? providerNamed("a").current() : current;
    }

    Provider providerNamed(String name) {
        return history.stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    List<String> providerNames() {
        return history.stream().map(Provider::name).toList();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            String query = exchange.getRequestURI().getRawQuery();
            if (query == null || !List.of(query.split("&")).contains("token=" + TOKEN)) {
                refused.incrementAndGet();
                send(exchange, 401, "text/plain", "token missing".getBytes(StandardCharsets.UTF_8));
            } else if (path.equals("/")) {
                send(exchange, 200, PageResource.CONTENT_TYPE, PageResource.indexHtml());
            } else if (path.equals("/api/series")) {
                seriesRequests.incrementAndGet();
                send(exchange, 200, "application/json", JSON.writeValueAsBytes(series()));
            } else if (path.equals("/events") && eventsFail) {
                send(exchange, 503, "text/plain", "events unavailable".getBytes(StandardCharsets.UTF_8));
            } else if (path.equals("/events")) {
                stream(exchange);
            } else if (path.equals("/frame")) {
                send(exchange, 200, "text/html; charset=utf-8", frame(query).getBytes(StandardCharsets.UTF_8));
            } else {
                send(exchange, 404, "text/plain", "no such page".getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    private static String frame(String query) {
        Map<String, String> q = new LinkedHashMap<>();
        for (String pair : query.split("&")) {
            q.put(pair.substring(0, pair.indexOf('=')), pair.substring(pair.indexOf('=') + 1));
        }
        return "<!doctype html><html><head><meta charset=\"utf-8\"><title>frame</title></head>"
                + "<body style=\"margin:0\"><iframe id=\"page\" src=\"/?token=" + TOKEN + "\" width=\""
                + Integer.parseInt(q.get("width")) + "\" height=\"" + Integer.parseInt(q.get("height"))
                + "\" style=\"border:0;display:block\"></iframe><pre id=\"inner\" hidden></pre><script>"
                + "setTimeout(() => { document.getElementById('inner').textContent ="
                + " document.getElementById('page').contentDocument.documentElement.outerHTML; }, "
                + Integer.parseInt(q.get("copy")) + ");</script></body></html>";
    }

    private Series series() {
        List<Provider> providers = history;
        if (settled) {
            providers = history.stream().map(p -> new Provider(p.name(), p.proxy(), withClosing(p),
                    p.name().equals("a") ? current : p.current(), expectedProbe(p.name()))).toList();
        }
        return new Series(SITE, System.currentTimeMillis(), STEP, providers);
    }

    private void stream(HttpExchange exchange) throws IOException {
        eventStreams.incrementAndGet();
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
        exchange.getResponseHeaders().set("Cache-Control", "no-cache");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        if (!settled) {
            for (Map.Entry<String, Minute> e : closing.entrySet()) {
                event(out, "minute", Map.of("provider", e.getKey(), "minute", e.getValue()));
            }
            event(out, "probe", Map.of("provider", "b", "probe", newProbeOfB));
        }
        event(out, "current", Map.of("provider", "a", "minute", current));
        out.write(": ping\n\n".getBytes(StandardCharsets.UTF_8));
        out.flush();
        try {
            Thread.sleep(STREAM_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void event(OutputStream out, String type, Object data) throws IOException {
        out.write(("event: " + type + "\ndata: " + JSON.writeValueAsString(data) + "\n\n")
                .getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
    }

    /** Minute {@code i} of a: an outage at 30-34 (every check failed), nothing checked at 50, failing from 80. */
    private static Minute minuteOfA(long t, int i) {
        if (i >= 30 && i < 35) {
            return new Minute(t, 120, 0, 0, 120, Map.of(), Map.of(), 0, 0, 120, 96_000);
        }
        if (i == 50) {
            return new Minute(t, 0, 0, 0, 0, Map.of(), Map.of(), 0, 0, 0, 0);
        }
        int blocks = i >= 80 ? 4 + i % 3 : i % 17 == 0 ? 1 : 0;
        int errors = i >= 80 ? i % 4 : i % 23 == 0 ? 1 : 0;
        double slow = i >= 80 ? 1.5 : 0;
        return new Minute(t, 120, 120 - blocks - errors, blocks, errors,
                Map.of("dns", 0.0004, "tcp", 0.0021, "connect", 0.031 + 0.0007 * (i % 5), "total",
                        0.180 + 0.004 * (i % 7)),
                Map.of("dns", 0.0031, "tcp", 0.0090, "connect", 0.140 + 0.01 * (i % 6), "total",
                        0.9 + 0.035 * (i % 11) + slow),
                38 + i % 9, 30 + i % 5, 60, 620_000);
    }

    /** Minute {@code i} of b: healthy through a SOCKS5 proxy, slower every third pair of hours. */
    private static Minute minuteOfB(long t, int i) {
        int errors = i % 97 == 0 ? 1 : 0;
        double busy = (i / 120) % 3 == 0 ? 0.12 : 0;
        return new Minute(t, 120, 120 - errors, 0, errors,
                Map.of("socks", 0.0121 + 0.0002 * (i % 9), "total", 0.095 + 0.002 * (i % 13)),
                Map.of("socks", 0.048 + 0.001 * (i % 7), "total", 0.41 + 0.01 * (i % 17) + busy),
                200 + i % 37, 180 + i % 29, 120, 900_000);
    }

    private static Probe probeOfA(long nowMillis) {
        return new Probe(nowMillis - 3 * 60_000, 14.2, 40,
                "every protocol failed in setup: the proxy answered 407 Proxy Authentication Required;"
                        + " check the password in PB_A_PASSWORD",
                List.of(new Line("protocols", "protocols", "http CONNECT: 407 Proxy Authentication Required", true),
                        new Line("authentication", "authentication", "required (Basic); refused", true),
                        new Line("rotation_per_tunnel", "rotation per tunnel", "not measured: no tunnel opened",
                                false),
                        new Line("sticky_life", "sticky session life", "not measured: no tunnel opened", false),
                        new Line("country", "country integrity", "not measured: no country configured", false)));
    }

    private static Probe probeOfB(long nowMillis) {
        return new Probe(nowMillis - 12 * 60_000, 38.6, 212, null,
                List.of(new Line("protocols", "protocols", "socks5: ok", true),
                        new Line("rotation_per_tunnel", "rotation per tunnel", "10 exits in 10 tunnels", true),
                        new Line("exit_diversity", "exit diversity", "48 exits in 41 /24s, 12 ASNs", true),
                        new Line("sticky_life", "sticky session life", "over 600 s (the probe's limit)", true),
                        new Line("idle_limit", "idle limit", "not measured: the dialect has no sticky sessions",
                                false),
                        new Line("country", "country integrity", "20 of 20 exits in DE", true)));
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
