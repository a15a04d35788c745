package io.proxybench.watch.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.watch.page.PageFixture.Line;
import io.proxybench.watch.page.PageFixture.Minute;
import io.proxybench.watch.page.PageFixture.Probe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live page in headless Chromium against {@link PageFixture}: every chart draws the history and the streamed
 * minute (a day at most), each card's success is its last five minutes', a reload shows the same, a refused stream
 * is said while the history is still drawn, the charts fill a phone's width. The DOMs, the browser's logs and the
 * screenshots (desktop 1280x900, phone 360x800 and the phone's whole page) are kept in
 * {@code watch/target/test-artifacts/page}.
 */
@Tag("interop")
class PageChromiumTest {

    private static final Path ARTIFACTS = Path.of("target", "test-artifacts", "page");
    /** Virtual time each load runs for: long enough for several reconnects (the first one waits 1 s). */
    private static final int BUDGET_MILLIS = 5000;
    private static final List<String> SERIES = List.of("success", "p50_total", "p99_total", "p50_connect",
            "p99_connect", "exits", "subnets", "blocks", "errors");
    private static final Pattern DRAWN = Pattern.compile("<path\\b[^>]*\\bdata-series=\"[^\"]*\"[^>]*>");
    private static final Pattern CARD = Pattern.compile("<article\\b[^>]*\\bdata-provider=\"[^\"]*\"[^>]*>");
    private static final Pattern DIMMED = Pattern.compile("<tr class=\"dim\" data-line=\"([^\"]+)\"");
    private static final Pattern DOWN = Pattern.compile("<p id=\"down\"([^>]*)>([^<]*)</p>");
    private static final Pattern CHART_WIDTH = Pattern.compile("<svg width=\"(\\d+)\"");

    /** What one line of a chart drew: its points and its last value, as the page wrote them. */
    record Drawn(String points, String last) {}

    @TempDir
    Path profiles;

    private Chromium chromium;

    @BeforeEach
    void browser() throws Exception {
        Chromium.require();
        chromium = new Chromium(profiles, Files.createDirectories(ARTIFACTS));
    }

    @Test
    void drawsTheHistoryAndTheStreamAndAReloadShowsTheSame() throws Exception {
        try (PageFixture fixture = new PageFixture(false)) {
            String first = chromium.dom(fixture.url(), BUDGET_MILLIS, 1280, 900, "first-load");
            Map<String, Drawn> drawn = drawn(first);
            assertDrawsTheFixture(drawn, fixture);
            assertCards(first, fixture);
            assertThat(first).contains("<b id=\"site\">" + PageFixture.SITE + "</b>")
                    .contains("<span id=\"count\">2 providers</span>").contains("<p class=\"now\" data-checks=\""
                            + fixture.expectedCurrentOfA().checks() + "\">");
            assertThat(down(first).group(1)).as("the disconnected line, while reconnects succeed").contains("hidden");
            assertThat(fixture.eventStreams.get()).as("event streams opened: the page reconnects").isGreaterThan(1);
            assertThat(fixture.seriesRequests.get()).as("api/series read again after a reconnect").isGreaterThan(1);
            assertThat(fixture.refused.get()).as("requests without the page's token").isZero();

            fixture.settle();
            String reload = chromium.dom(fixture.url(), BUDGET_MILLIS, 1280, 900, "reload");
            assertThat(drawn(reload)).as("charts after a reload, the minutes now in the history").isEqualTo(drawn);
            assertThat(cards(reload)).isEqualTo(cards(first));

            String phone = framed(chromium.dom(fixture.frameUrl(360, 800, BUDGET_MILLIS - 500), BUDGET_MILLIS,
                    Chromium.MIN_WIDTH, 800, "phone"));
            assertThat(drawn(phone)).as("charts at a phone's width").isEqualTo(drawn);
            List<Integer> widths = CHART_WIDTH.matcher(phone).results().map(m -> Integer.parseInt(m.group(1)))
                    .toList();
            assertThat(widths).as("chart widths at 360 px: one a row, the card's width").hasSize(10)
                    .allSatisfy(w -> assertThat(w).isBetween(300, 340));

            chromium.screenshot(fixture.url(), BUDGET_MILLIS, 1280, 900, "desktop-1280x900");
            chromium.screenshot(fixture.frameUrl(360, 800, BUDGET_MILLIS), BUDGET_MILLIS, 360, 800,
                    "phone-360x800");
            chromium.screenshot(fixture.frameUrl(360, 3400, BUDGET_MILLIS), BUDGET_MILLIS, 360, 3400,
                    "phone-360-whole");
        }
    }

    @Test
    void aRefusedStreamIsSaidAndTheHistoryStillDrawn() throws Exception {
        try (PageFixture fixture = new PageFixture(true)) {
            String dom = chromium.dom(fixture.url(), BUDGET_MILLIS, 1280, 900, "stream-refused");
            assertDrawsTheFixture(drawn(dom), fixture);
            assertCards(dom, fixture);
            Matcher down = down(dom);
            assertThat(down.group(1)).as("the disconnected line").doesNotContain("hidden");
            assertThat(down.group(2)).contains("disconnected");
        }
    }

    private static void assertDrawsTheFixture(Map<String, Drawn> drawn, PageFixture fixture) {
        SoftAssertions soft = new SoftAssertions();
        List<String> expectedNames = new ArrayList<>();
        for (String provider : fixture.providerNames()) {
            List<Minute> minutes = fixture.expectedMinutes(provider);
            for (String key : SERIES) {
                String name = provider + "/" + key;
                expectedNames.add(name);
                List<Double> values = minutes.stream().map(m -> value(key, m)).filter(Objects::nonNull).toList();
                Drawn line = drawn.get(name);
                if (line == null) {
                    continue;
                }
                soft.assertThat(Integer.parseInt(line.points())).as(name + " points").isEqualTo(values.size());
                soft.assertThat(Double.parseDouble(line.last())).as(name + " last value")
                        .isCloseTo(values.get(values.size() - 1), within(1e-9));
            }
        }
        soft.assertThat(drawn.keySet()).as("series drawn").containsExactlyElementsOf(expectedNames);
        soft.assertAll();
    }

    /** Each card's 5-minute success, its last probe (lines, diagnosis, when) and that probe's dimmed lines. */
    private static void assertCards(String dom, PageFixture fixture) {
        Map<String, String> cards = cards(dom);
        assertThat(cards.keySet()).containsExactlyElementsOf(fixture.providerNames());
        List<String> dimmed = new ArrayList<>();
        for (String provider : fixture.providerNames()) {
            List<Minute> minutes = fixture.expectedMinutes(provider);
            long newest = minutes.get(minutes.size() - 1).t();
            List<Minute> recent = minutes.stream().filter(m -> m.t() > newest - 5 * PageFixture.STEP).toList();
            double ok = recent.stream().mapToInt(Minute::ok).sum();
            double checks = recent.stream().mapToInt(Minute::checks).sum();
            assertThat(recent).hasSize(5);
            assertThat(Double.parseDouble(cards.get(provider))).as(provider + "'s success")
                    .isCloseTo(ok / checks, within(1e-12));
            Probe probe = fixture.expectedProbe(provider);
            String card = card(dom, provider);
            for (Line line : probe.lines()) {
                assertThat(card).as(provider + "'s probe card").contains("<td>" + line.text() + "</td>");
            }
            if (probe.diagnosis() != null) {
                assertThat(card).contains("<p class=\"diagnosis\" role=\"note\">Diagnosis: " + probe.diagnosis()
                        + "</p>");
            }
            assertThat(card).containsPattern(">(\\d+ min ago|just now)</time>");
            probe.lines().stream().filter(l -> !l.measured()).map(Line::id).forEach(dimmed::add);
        }
        assertThat(DIMMED.matcher(dom).results().map(m -> m.group(1)).toList()).as("not-measured lines, dimmed")
                .isEqualTo(dimmed);
        assertThat(dom.split("class=\"diagnosis\"", -1)).as("diagnoses shown").hasSize(2);
    }

    /** What a chart line draws of minute {@code m}, in the chart's unit; null where it draws no point. */
    private static Double value(String key, Minute m) {
        return switch (key) {
            case "success" -> m.checks() > 0 ? 100.0 * m.ok() / m.checks() : null;
            case "p50_total" -> millis(m.p50(), "total");
            case "p99_total" -> millis(m.p99(), "total");
            case "p50_connect" -> proxyConnect(m.p50());
            case "p99_connect" -> proxyConnect(m.p99());
            // A minute in which no check ended has no counts, not zeros.
            case "exits" -> m.checks() > 0 ? (double) m.exits() : null;
            case "subnets" -> m.checks() > 0 ? (double) m.subnets() : null;
            case "blocks" -> m.checks() > 0 ? (double) m.blocks() : null;
            case "errors" -> m.checks() > 0 ? (double) m.errors() : null;
            default -> throw new IllegalArgumentException(key);
        };
    }

    /** The proxy's own exchange, in ms: CONNECT through an HTTP proxy, else the SOCKS5 exchange. */
    private static Double proxyConnect(Map<String, Double> phases) {
        Double connect = millis(phases, "connect");
        return connect != null ? connect : millis(phases, "socks");
    }

    private static Double millis(Map<String, Double> phases, String phase) {
        Double seconds = phases.get(phase);
        return seconds == null ? null : seconds * 1000;
    }

    /** Every chart line in {@code dom} by its data-series, in the page's order. */
    private static Map<String, Drawn> drawn(String dom) {
        Map<String, Drawn> drawn = new LinkedHashMap<>();
        Matcher m = DRAWN.matcher(dom);
        while (m.find()) {
            String tag = m.group();
            drawn.put(attribute(tag, "data-series"), new Drawn(attribute(tag, "data-points"),
                    attribute(tag, "data-last")));
        }
        return drawn;
    }

    /** Every card's data-success by its data-provider, in the page's order. */
    private static Map<String, String> cards(String dom) {
        Map<String, String> cards = new LinkedHashMap<>();
        Matcher m = CARD.matcher(dom);
        while (m.find()) {
            cards.put(attribute(m.group(), "data-provider"), attribute(m.group(), "data-success"));
        }
        return cards;
    }

    /** The markup of {@code provider}'s card. */
    private static String card(String dom, String provider) {
        int start = dom.indexOf("data-provider=\"" + provider + "\"");
        assertThat(start).as(provider + "'s card").isNotNegative();
        return dom.substring(start, dom.indexOf("</article>", start));
    }

    /** The framed page's DOM that {@link PageFixture#frameUrl}'s page copied into its own. */
    private static String framed(String dom) {
        Matcher m = Pattern.compile("<pre id=\"inner\" hidden=\"\">(.*?)</pre>", Pattern.DOTALL).matcher(dom);
        assertThat(m.find()).as("the framed page's DOM, copied").isTrue();
        return m.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&nbsp;", "\u00a0")
                .replace("&amp;", "&");
    }

    private static Matcher down(String dom) {
        Matcher m = DOWN.matcher(dom);
        assertThat(m.find()).as("the disconnected line's element").isTrue();
        return m;
    }

    private static String attribute(String tag, String name) {
        Matcher m = Pattern.compile("\\b" + name + "=\"([^\"]*)\"").matcher(tag);
        if (!m.find()) {
            throw new AssertionError(tag + " has no " + name);
        }
        return m.group(1);
    }
}
