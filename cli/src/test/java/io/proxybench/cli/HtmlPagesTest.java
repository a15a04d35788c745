package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pages a provider decision is read from, as a browser shows them on a laptop ({@link Chromium#WIDTH} px wide):
 * {@code compare --html} of three short runs through the lab (sticky sessions over HTTP/1.1 from a file with a long
 * name, a new exit per request, HTTP/2 to the proxy) and {@code probe --html} of the lab. Neither page scrolls
 * sideways or cuts a cell; every chart drew its data; every line of the card is there once, whole.
 */
@Tag("interop")
class HtmlPagesTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String LONG = "sticky-sessions-over-http1-through-a-provider-with-a-long-name";

    /** What every page is checked for: the widths, the cells whose text does not fit them. */
    private static final String LAYOUT = """
            const root = document.documentElement;
            const layout = {innerWidth: window.innerWidth, clientWidth: root.clientWidth,
              scrollWidth: root.scrollWidth,
              cut: [...document.querySelectorAll('th, td')].filter(c => c.scrollWidth > c.clientWidth + 1)
                .map(c => c.textContent)};
            """;

    @TempDir
    static Path home;

    static Lab lab;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(LabConfig.builder().home(home).build());
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    private static void fitsALaptop(JsonNode page) {
        assertThat(page.get("innerWidth").asInt()).as("the window's width").isEqualTo(Chromium.WIDTH);
        assertThat(page.get("scrollWidth").asInt()).as("no horizontal scroll: %s", page)
                .isLessThanOrEqualTo(page.get("clientWidth").asInt()).isLessThanOrEqualTo(Chromium.WIDTH);
        assertThat(page.get("cut")).as("cells cut short").isEmpty();
    }

    private static void run(Path out, String... options) {
        String target = "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace";
        List<String> args = new ArrayList<>(List.of("run", "--url", target, "--ca", lab.caFile().toString(),
                "--rate", "30", "--duration", "2s", "--warmup", "none", "--no-progress", "--out", out.toString()));
        args.addAll(List.of(options));
        MainTest.Run r = MainTest.run(args.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.err()).isZero();
    }

    @Test
    void theComparePageFitsALaptopAndEveryChartDrewItsData(@TempDir Path dir) throws Exception {
        String http = "http://u:p@127.0.0.1:" + lab.gatewayPort();
        Path sticky = dir.resolve(LONG + ".jsonl");
        run(sticky, "--proxy", http, "--session-template", SessionTemplate.DEFAULT_TEXT, "--sessions", "4");
        Path rotating = dir.resolve("rotating.jsonl");
        run(rotating, "--proxy", http, "--session-template", SessionTemplate.DEFAULT_TEXT, "--rotation",
                "per-request");
        Path h2 = dir.resolve("h2.jsonl");
        run(h2, "--proxy", "https://u:p@127.0.0.1:" + lab.gatewayTlsPort(), "--proxy-http2");

        MainTest.Run compared = MainTest.run("compare", sticky.toString(), rotating.toString(), h2.toString(),
                "--price-per-gb", LONG + "=3", "--price-per-gb", "rotating=2", "--html", dir.resolve("compare")
                        .toString());
        assertThat(compared.exitCode()).as(compared.err()).isZero();
        assertThat(compared.out().lines().findFirst().orElseThrow().strip().split(" +"))
                .containsExactly(LONG, "rotating", "h2");

        JsonNode page = JSON.readTree(Chromium.evaluate(dir.resolve("compare/index.html"), LAYOUT + """
                layout.heads = [...document.querySelectorAll('thead th')].map(th => ({text: th.textContent,
                  title: th.title}));
                layout.best = document.querySelectorAll('td.best').length;
                layout.charts = [...document.querySelectorAll('svg.plot')].map(svg => {
                  const data = [...svg.querySelectorAll('.data')];
                  return {kind: svg.classList[1], elements: data.length, drawn: data.filter(e => {
                    const box = e.getBBox();
                    return box.width > 0 && box.height > 0;
                  }).length};
                });
                return layout;
                """, dir));

        fitsALaptop(page);
        assertThat(page.get("heads")).extracting(h -> h.get("text").asText())
                .containsExactly("", LONG.substring(0, 31) + "…", "rotating", "h2");
        assertThat(page.get("heads").get(1).get("title").asText()).startsWith(LONG + "\n").endsWith(sticky.toString());
        assertThat(page.get("best").asInt()).as("best values marked").isPositive();
        JsonNode charts = page.get("charts");
        assertThat(charts).extracting(c -> c.get("kind").asText()).as("the runs differ in exits and handshakes,"
                + " and one has no price").contains("compare-exits", "compare-handshakes", "compare-cost");
        assertThat(charts).allSatisfy(c -> {
            assertThat(c.get("elements").asInt()).as(c.toString()).isPositive();
            assertThat(c.get("drawn").asInt()).as(c.toString()).isEqualTo(c.get("elements").asInt());
        });
    }

    @Test
    void theProbeCardFitsALaptopWithEachLineOnceAndWhole(@TempDir Path dir) throws Exception {
        String host = "127.0.0.1";
        MainTest.Run probed = MainTest.run("probe", "--proxy", "http://u:p@" + host + ":" + lab.gatewayPort(),
                "--https-proxy", "https://u:p@" + host + ":" + lab.gatewayTlsPort(), "--target", "https://" + host
                        + ":" + lab.targetHttpsPort() + "/cdn-cgi/trace", "--http-target", "http://" + host + ":"
                        + lab.targetHttpPort() + "/cdn-cgi/trace", "--ca", lab.caFile().toString(), "--provider",
                "lab", "--country", "DE", "--session-watch", "2s", "--json", "--html", dir.resolve("card").toString());
        assertThat(probed.exitCode()).as(probed.err()).isZero();
        JsonNode lines = JSON.readTree(probed.out()).get("lines");

        JsonNode page = JSON.readTree(Chromium.evaluate(dir.resolve("card/index.html"), LAYOUT + """
                layout.rows = [...document.querySelectorAll('tbody tr')].map(tr => [...tr.children]
                  .map(c => c.textContent));
                layout.text = document.body.innerText;
                return layout;
                """, dir));

        fitsALaptop(page);
        assertThat(lines).hasSizeGreaterThan(10);
        String text = page.get("text").asText();
        String cells = page.get("rows").toString();
        for (JsonNode line : lines) {
            String property = line.get("property").asText();
            String value = line.get("value").asText();
            assertThat(page.get("rows")).as(property).filteredOn(r -> r.get(0).asText().equals(property))
                    .singleElement().satisfies(r -> assertThat(r.get(1).asText()).isEqualTo(value));
            assertThat(count(text, value)).as("'%s' on the page as often as in the table's cells", value)
                    .isEqualTo(count(cells, JSON.writeValueAsString(value).replaceAll("^\"|\"$", "")));
        }
    }

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }
}
