package io.proxybench.watch.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.records.history.HistoryDir;
import io.proxybench.watch.Watch;
import io.proxybench.watch.WatchConfig;
import io.proxybench.watch.config.ConfigFile;
import io.proxybench.watch.history.HistoryWriter;
import io.proxybench.watch.live.Minute;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live page served by a real watch of a lab, in headless Chromium: a history of 30 minutes written before the
 * watch starts (as a restarted watch finds its own) is drawn point for point, with the last values the page's data
 * holds (one check an hour after it, so the page's data is the history), and a second load draws the same; the
 * page's data holds the watch's one check as its metrics count it.
 * Screenshots are kept in {@code watch/target/test-artifacts/page}.
 * Chromium's virtual time stands still while a request is open, so the page's event stream is refused here (the
 * watch's streams are all taken): the page then draws from {@code api/series}, as after any reconnect.
 */
class WatchPageTest {

    private static final Path ARTIFACTS = Path.of("target", "test-artifacts", "page");
    private static final int MINUTES = 30;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aRealWatchsPageDrawsItsHistoryAndAReloadDrawsTheSame() throws Exception {
        Chromium.require();
        Chromium chromium = new Chromium(Files.createDirectories(dir.resolve("profiles")),
                Files.createDirectories(ARTIFACTS));
        Path history = dir.resolve("history");
        long now = System.currentTimeMillis() / 1000;
        long first = now / 60 * 60 - MINUTES * 60L;
        List<Minute> written = new ArrayList<>();
        try (HistoryWriter w = new HistoryWriter(new HistoryDir(history), "a")) {
            for (int i = 0; i < MINUTES; i++) {
                long ok = 50 + i % 8;
                Minute m = new Minute(first + 60L * i, 60, ok, 2, 60 - ok - 2,
                        Map.of("total", 0.02 + i / 1000.0, "connect", 0.005 + i / 2000.0),
                        Map.of("total", 0.08 + i / 500.0, "connect", 0.01 + i / 1000.0), 10 + i % 5, 3, 30, 120_000);
                w.minute(m);
                written.add(m);
            }
        }
        try (Lab lab = Lab.start(LabConfig.builder().home(dir.resolve("lab")).build());
                Watch watch = Watch.start(config(lab, history), "test", new PrintWriter(new StringWriter(), true))) {
            String base = "http://127.0.0.1:" + watch.port() + "/";
            HttpClient http = HttpClient.newHttpClient();
            List<CompletableFuture<HttpResponse<InputStream>>> streams = new ArrayList<>();
            for (int i = 0; i < 32; i++) {
                streams.add(http.sendAsync(HttpRequest.newBuilder(URI.create(base + "events")).build(),
                        HttpResponse.BodyHandlers.ofInputStream()));
            }
            for (CompletableFuture<HttpResponse<InputStream>> s : streams) {
                assertThat(s.get().statusCode()).isEqualTo(200);
            }
            // The watch's only check (rate 1/h: the first at its start) is in the metrics and the page's data before
            // the page is read.
            long deadline = System.nanoTime() + 20_000_000_000L;
            while ((counted(http, base, "") < 1 || sinceStart(provider(http, base), "checks") < 1)
                    && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            long counted = counted(http, base, "");
            long countedData = counted(http, base, "data");
            assertThat(counted).as("the watch's first check, in its metrics").isEqualTo(1);
            PageRead read = readPage(chromium, http, base);
            assertThat(counted(http, base, "")).as("checks after the page was read").isEqualTo(counted);
            chromium.screenshot(base, 8000, 1280, 900, "watch-desktop");
            String dom = read.dom();
            String again = read.again();
            JsonNode minutes = read.provider().get("minutes");
            JsonNode current = read.provider().get("current");
            List<JsonNode> drawn = new ArrayList<>();
            minutes.forEach(m -> {
                if (m.get("checks").asLong() > 0) {
                    drawn.add(m);
                }
            });
            // The page's data holds what the metrics counted: the history's minutes, then this watch's one check
            // in the minute it ended (closed, or the minute so far).
            assertThat(sinceStart(read.provider(), "checks")).as("checks in the page's data since the start")
                    .isEqualTo(counted);
            assertThat(sinceStart(read.provider(), "ok")).as("ok checks in the page's data since the start")
                    .isEqualTo(countedData);
            for (int i = 0; i < MINUTES; i++) {
                assertThat(minutes.get(i).get("t").asLong()).isEqualTo(written.get(i).t());
                assertThat(minutes.get(i).get("ok").asLong()).isEqualTo(written.get(i).ok());
            }
            JsonNode last = drawn.get(drawn.size() - 1);
            for (String page : List.of(dom, again)) {
                assertThat(attribute(page, "a/success", "data-points")).isEqualTo(String.valueOf(drawn.size()));
                assertThat(attribute(page, "a/exits", "data-points")).isEqualTo(String.valueOf(drawn.size()));
                assertThat(Double.parseDouble(attribute(page, "a/success", "data-last")))
                        .isCloseTo(100.0 * last.get("ok").asLong() / last.get("checks").asLong(), within(0.05));
                assertThat(Double.parseDouble(attribute(page, "a/p99_total", "data-last")))
                        .isCloseTo(last.get("p99").get("total").asDouble() * 1000, within(0.05));
                assertThat(attribute(page, "a/exits", "data-last")).isEqualTo(last.get("exits").asText());
                long ok = 0;
                long checks = 0;
                for (JsonNode m : minutes) {
                    if (m.get("t").asLong() >= minutes.get(minutes.size() - 1).get("t").asLong() - 4 * 60) {
                        ok += m.get("ok").asLong();
                        checks += m.get("checks").asLong();
                    }
                }
                Matcher soFar = Pattern.compile("<p class=\"now\"(?: data-checks=\"(\\d+)\")?").matcher(page);
                assertThat(soFar.find()).as("a's line for the minute so far").isTrue();
                assertThat(soFar.group(1) == null ? 0 : Long.parseLong(soFar.group(1)))
                        .as("the minute so far's checks on the page").isEqualTo(current.get("checks").asLong());
                Matcher card = Pattern.compile("data-provider=\"a\"[^>]*data-success=\"([0-9.]+)\"").matcher(page);
                assertThat(card.find()).as("a's card").isTrue();
                assertThat(Double.parseDouble(card.group(1))).isCloseTo((double) ok / checks, within(1e-6));
            }
            for (CompletableFuture<HttpResponse<InputStream>> s : streams) {
                s.get().body().close();
            }
        }
    }

    /** The page loaded twice, and the data it drew. */
    private record PageRead(String dom, String again, JsonNode provider) {}

    /**
     * Loads the page twice between two reads of its data; when a minute closed meanwhile (the data differ), once
     * more: minutes close 60 s apart, so the second try sees one page's worth of data.
     */
    private static PageRead readPage(Chromium chromium, HttpClient http, String base) throws Exception {
        for (int attempt = 1; ; attempt++) {
            JsonNode before = provider(http, base);
            String dom = chromium.dom(base, 8000, 1280, 900, "watch-desktop");
            String again = chromium.dom(base, 8000, 1280, 900, "watch-reload");
            JsonNode after = provider(http, base);
            if (before.equals(after) || attempt == 2) {
                assertThat(after).as("the page's data while the page was read").isEqualTo(before);
                return new PageRead(dom, again, after);
            }
        }
    }

    /** Provider a in {@code /api/series}: its minutes, the minute so far and its last probe. */
    private static JsonNode provider(HttpClient http, String base) throws Exception {
        return JSON.readTree(http.send(HttpRequest.newBuilder(URI.create(base + "api/series")).build(),
                HttpResponse.BodyHandlers.ofString()).body()).get("providers").get(0);
    }

    /** {@code field} added up over the minutes after the history's (this watch's) and the minute so far. */
    private static long sinceStart(JsonNode provider, String field) {
        JsonNode minutes = provider.get("minutes");
        long n = provider.get("current").get(field).asLong();
        for (int i = MINUTES; i < minutes.size(); i++) {
            n += minutes.get(i).get(field).asLong();
        }
        return n;
    }

    /** Provider a's checks in {@code /metrics}: of one outcome ({@code data}: answered 200), or all with {@code ""}. */
    private static long counted(HttpClient http, String base, String outcome) throws Exception {
        String metrics = http.send(HttpRequest.newBuilder(URI.create(base + "metrics")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        Matcher m = Pattern.compile("(?m)^proxybench_watch_checks_total\\{([^}]*)} (\\S+)$").matcher(metrics);
        double n = 0;
        while (m.find()) {
            if (m.group(1).contains("provider=\"a\"")
                    && (outcome.isEmpty() || m.group(1).contains("outcome=\"" + outcome + "\""))) {
                n += Double.parseDouble(m.group(2));
            }
        }
        return Math.round(n);
    }

    private WatchConfig config(Lab lab, Path history) throws Exception {
        Path file = dir.resolve("watch.yaml");
        Files.writeString(file, """
                history: %s
                listen: 127.0.0.1:0
                probe_every: 0
                rate: 1/h
                ca: %s
                providers:
                  - name: a
                    proxy: http://127.0.0.1:%d
                    target: https://127.0.0.1:%d/cdn-cgi/trace
                """.formatted(history, lab.caFile(), lab.gatewayPort(), lab.targetHttpsPort()));
        return ConfigFile.read(file, Map.<String, String>of()::get, Map.of());
    }

    /** {@code name} of the drawn line {@code series}. */
    private static String attribute(String dom, String series, String name) {
        Matcher m = Pattern.compile("<path[^>]*data-series=\"" + Pattern.quote(series) + "\"[^>]*>").matcher(dom);
        assertThat(m.find()).as("a line " + series + " in the page").isTrue();
        Matcher a = Pattern.compile(name + "=\"([^\"]*)\"").matcher(m.group());
        assertThat(a.find()).as(name + " on " + series).isTrue();
        return a.group(1);
    }
}
