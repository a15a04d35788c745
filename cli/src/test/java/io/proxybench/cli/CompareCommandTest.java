package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code proxybench compare}: which runs its arguments name (files, shard folders, window folders, an alternation's
 * index), their labels and prices, the JSON and HTML outputs, the named errors, and two real lab runs side by side.
 * The figures themselves are checked against hand-computed ones in bench's {@code ColumnFiguresTest}.
 */
class CompareCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path home;

    static Lab lab;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(LabConfig.builder().home(home).build());
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    /** {@code n} successes one second apart from 0 s, each of {@code bytes} wire bytes, with {@code extra} fields. */
    private Path records(String name, int n, long bytes, String extra) throws Exception {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < n; i++) {
            s.append(String.format("{\"sched\":%d.0,\"done\":%d.1,\"start_lag\":0.0,\"total\":0.1,\"status\":200,"
                    + "\"outcome\":\"data\",\"ip\":\"10.0.%d.1\",\"bytes_out\":%d,\"bytes_in\":0%s}%n", i, i, i,
                    bytes, extra));
        }
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, s);
        return file;
    }

    private static JsonNode json(MainTest.Run r) throws Exception {
        assertThat(r.exitCode()).as(r.err()).isZero();
        return JSON.readTree(r.out());
    }

    private static JsonNode run(JsonNode comparison, String label) {
        for (JsonNode run : comparison.get("runs")) {
            if (run.get("label").asText().equals(label)) {
                return run;
            }
        }
        throw new AssertionError("no run " + label + " in " + comparison);
    }

    @Test
    void filesAreNamedByTheirStemAndPricedByNameOrLabel() throws Exception {
        Path a = records("a.jsonl", 4, 1000, "");
        Path b = records("b.jsonl", 2, 5000, "");

        JsonNode c = json(MainTest.run("compare", a.toString(), b.toString(), "--label", "a=alpha",
                "--price-per-gb", "alpha=5", "--price-per-gb", "b=1.5", "--json"));

        assertThat(c.get("runs")).extracting(r -> r.get("label").asText()).containsExactly("alpha", "b");
        // 5 per 10^9 bytes x 4,000 bytes over 4 accepted, per 1,000
        assertThat(run(c, "alpha").get("cost_per_1000_accepted").asDouble()).isCloseTo(0.005, within());
        // 1.5 x 10,000 / 10^9 / 2 x 1,000
        assertThat(run(c, "b").get("cost_per_1000_accepted").asDouble()).isCloseTo(0.0075, within());
        assertThat(run(c, "b").get("sources").toString()).contains("b.jsonl");
    }

    @Test
    void filesOfOneStemAreToldApartByTheirFolderAlikeInTextAndJson() throws Exception {
        Path monday = records("monday/provider-x.jsonl", 3, 100, "");
        Path plain = records("tuesday/provider-x.jsonl", 2, 100, "");
        Path tuesday = dir.resolve("tuesday/provider-x.jsonl.gz");
        try (var gz = new java.util.zip.GZIPOutputStream(Files.newOutputStream(tuesday))) {
            gz.write(Files.readAllBytes(plain));
        }
        Files.delete(plain);

        MainTest.Run text = MainTest.run("compare", monday.toString(), tuesday.toString(), "--label",
                "tuesday/provider-x=x-on-tuesday");
        JsonNode c = json(MainTest.run("compare", monday.toString(), tuesday.toString(), "--json"));

        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out().lines().findFirst().orElseThrow().strip().split(" +"))
                .containsExactly("monday/provider-x", "x-on-tuesday");
        assertThat(c.get("runs")).extracting(r -> r.get("label").asText())
                .containsExactly("monday/provider-x", "tuesday/provider-x");
        assertThat(run(c, "tuesday/provider-x").get("records").asInt()).isEqualTo(2);
    }

    private static org.assertj.core.data.Offset<Double> within() {
        return org.assertj.core.data.Offset.offset(1e-12);
    }

    @Test
    void anAlternationIsOneRunPerLabelOfTheWindowsItsIndexLists() throws Exception {
        Path alt = dir.resolve("alt");
        records("alt/x/window-01.jsonl", 3, 100, "");
        records("alt/y/window-01.jsonl", 5, 100, "");
        records("alt/y/window-02.jsonl", 4, 100, "");
        records("alt/x/window-02.jsonl", 6, 100, "");
        records("alt/x/window-03.jsonl", 2, 100, ""); // still running when the alternation stopped: not indexed
        Files.writeString(alt.resolve("windows.jsonl"), """
                {"round":1,"label":"x","file":"x/window-01.jsonl","records":3}
                {"round":1,"label":"y","file":"y/window-01.jsonl","records":5}
                {"round":2,"label":"y","file":"y/window-02.jsonl","records":4}
                {"round":2,"label":"x","file":"x/window-02.jsonl","records":6}
                """);

        JsonNode c = json(MainTest.run("compare", alt.toString(), "--json", "--price-per-gb", "y=2"));

        assertThat(c.get("runs")).extracting(r -> r.get("label").asText()).containsExactly("x", "y");
        assertThat(run(c, "x").get("windows").asInt()).isEqualTo(2);
        assertThat(run(c, "x").get("records").asInt()).isEqualTo(9);
        assertThat(run(c, "y").get("records").asInt()).isEqualTo(9);
        assertThat(run(c, "y").get("price_per_gb").asDouble()).isEqualTo(2.0);
        assertThat(run(c, "x").get("price_per_gb").isNull()).isTrue();

        Path nextDay = dir.resolve("alt2");
        records("alt2/x/window-01.jsonl", 7, 100, "");
        records("alt2/y/window-01.jsonl", 8, 100, "");
        Files.writeString(nextDay.resolve("windows.jsonl"), """
                {"round":1,"label":"y","file":"y/window-01.jsonl","records":8}
                {"round":1,"label":"x","file":"x/window-01.jsonl","records":7}
                """);
        JsonNode days = json(MainTest.run("compare", alt.toString(), nextDay.toString(), "--json"));
        assertThat(days.get("runs")).extracting(r -> r.get("label").asText()).containsExactly("x", "y");
        assertThat(run(days, "x").get("windows").asInt()).isEqualTo(3);
        assertThat(run(days, "x").get("records").asInt()).isEqualTo(16);
        assertThat(run(days, "y").get("records").asInt()).isEqualTo(17);

        Path ab = dir.resolve("ab");
        records("ab/a/window-01.jsonl", 2, 100, "");
        records("ab/b/window-01.jsonl", 2, 100, "");
        Files.writeString(ab.resolve("windows.jsonl"), """
                {"round":1,"label":"a","file":"a/window-01.jsonl","records":2}
                {"round":1,"label":"b","file":"b/window-01.jsonl","records":2}
                """);
        JsonNode clash = json(MainTest.run("compare", ab.toString(), records("b.jsonl", 2, 100, "").toString(),
                "--json"));
        assertThat(clash.get("runs")).as("a file named as a provider of an alternation gets its folder's name")
                .extracting(r -> r.get("label").asText()).containsExactly("a", "b", dir.getFileName() + "/b");

        Files.writeString(alt.resolve("x/window-02.jsonl"), Files.readString(alt.resolve("x/window-03.jsonl")));
        MainTest.Run changed = MainTest.run("compare", alt.toString());
        assertThat(changed.exitCode()).isEqualTo(2);
        assertThat(changed.err()).contains("window-02.jsonl holds 2 records, but").contains("line 4 says 6");
    }

    @Test
    void aFolderOfShardsIsOneWindowAndAFolderOfRunsIsOneWindowPerFile() throws Exception {
        records("shards/0.jsonl", 2, 100, ",\"segment\":\"0:1/2 of 0,1/2,1\"");
        records("shards/1.jsonl", 3, 100, ",\"segment\":\"1/2:1 of 0,1/2,1\"");
        records("windows/1.jsonl", 2, 100, "");
        records("windows/2.jsonl", 2, 100, "");

        JsonNode c = json(MainTest.run("compare", dir.resolve("shards").toString(), dir.resolve("windows").toString(),
                "--json"));

        assertThat(run(c, "shards").get("windows").asInt()).isEqualTo(1);
        assertThat(run(c, "shards").get("records").asInt()).isEqualTo(5);
        assertThat(run(c, "windows").get("windows").asInt()).isEqualTo(2);

        records("half/0.jsonl", 2, 100, ",\"segment\":\"0:1/2 of 0,1/2,1\"");
        MainTest.Run missing = MainTest.run("compare", dir.resolve("half").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("1/2:1");

        records("mixed/0.jsonl", 2, 100, ",\"segment\":\"0:1/2 of 0,1/2,1\"");
        records("mixed/1.jsonl", 2, 100, "");
        MainTest.Run mixed = MainTest.run("compare", dir.resolve("mixed").toString());
        assertThat(mixed.err()).contains("mixes shard files");
    }

    @Test
    void badArgumentsAreNamedWithTheirFix() throws Exception {
        Path a = records("a.jsonl", 2, 100, "");
        Path b = records("b.jsonl", 2, 100, "");
        Files.createDirectories(dir.resolve("empty"));
        List<List<String>> cases = List.of(
                List.of("--label", "c=gamma", "names no run; the runs are a, b"),
                List.of("--label", "a=b", "two runs are labelled b"),
                List.of("--price-per-gb", "z=1", "--price-per-gb z=... names no run"),
                List.of("--price-per-gb", "a=-1", "must be a price of 0 or more"),
                List.of("--country", "USA", "not a two-letter country code"));
        for (List<String> c : cases) {
            List<String> args = new ArrayList<>(List.of("compare", a.toString(), b.toString()));
            args.addAll(c.subList(0, c.size() - 1));
            MainTest.Run r = MainTest.run(args.toArray(String[]::new));
            assertThat(r.exitCode()).as(c.toString()).isEqualTo(2);
            assertThat(r.err()).as(c.toString()).contains(c.get(c.size() - 1));
        }
        MainTest.Run nothing = MainTest.run("compare", dir.resolve("nope.jsonl").toString());
        assertThat(nothing.err()).contains("is neither a records file nor a folder");
        MainTest.Run empty = MainTest.run("compare", dir.resolve("empty").toString());
        assertThat(empty.err()).contains("holds no records file");
        records("holes/1.jsonl", 2, 100, "");
        Files.writeString(dir.resolve("holes/2.jsonl"), "");
        MainTest.Run hole = MainTest.run("compare", dir.resolve("holes").toString());
        assertThat(hole.err()).contains("2.jsonl in RUN " + dir.resolve("holes") + " holds no records");
        Files.writeString(dir.resolve("blank.jsonl"), "");
        MainTest.Run blank = MainTest.run("compare", dir.resolve("blank.jsonl").toString());
        assertThat(blank.exitCode()).isEqualTo(2);
        assertThat(blank.err()).contains("has no records");
    }

    /** Two real runs on the lab: HTTP/1.1 to the proxy with sticky sessions, and HTTP/2 to it, a new tunnel each. */
    @Test
    void twoLabRunsSideBySideInTextJsonAndHtml() throws Exception {
        String target = "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace";
        Path h1 = dir.resolve("h1.jsonl");
        Path h2 = dir.resolve("h2.jsonl");
        MainTest.Run one = MainTest.run("run", "--url", target, "--proxy", "http://u:p@127.0.0.1:" + lab.gatewayPort(),
                "--session-template", SessionTemplate.DEFAULT_TEXT, "--sessions", "4", "--ca",
                lab.caFile().toString(),
                "--rate", "30", "--duration", "3s", "--out", h1.toString(), "--no-progress");
        assertThat(one.exitCode()).as(one.err()).isZero();
        MainTest.Run two = MainTest.run("run", "--url", target, "--proxy", "https://u:p@127.0.0.1:"
                + lab.gatewayTlsPort(), "--proxy-http2", "--ca", lab.caFile().toString(), "--rate", "30",
                "--duration", "3s", "--out", h2.toString(), "--no-progress");
        assertThat(two.exitCode()).as(two.err()).isZero();
        Path html = dir.resolve("report");

        MainTest.Run r = MainTest.run("compare", h1.toString(), h2.toString(), "--label", "h1=sticky-h1",
                "--price-per-gb", "sticky-h1=3", "--price-per-gb", "h2=3", "--html", html.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(0)).contains("sticky-h1").contains("h2");
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("HTTP/2 to the proxy").contains("no")
                .containsPattern("yes, [0-9.]+ tunnels/conn \\*"));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("sessions keeping 1 exit").contains("4 of 4"));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("cost per 1,000 accepted"));
        assertThat(r.out()).contains("report: ").doesNotContain("u:p");
        String page = Files.readString(html.resolve("index.html"));
        assertThat(page).contains("Runs compared").contains("HTTP/2 to the proxy").contains("<svg")
                .contains("compare-cost");

        JsonNode c = json(MainTest.run("compare", h1.toString(), h2.toString(), "--json"));
        assertThat(run(c, "h1").get("http2_to_proxy").asBoolean()).isFalse();
        assertThat(run(c, "h2").get("http2_to_proxy").asBoolean()).isTrue();
        assertThat(run(c, "h1").get("records").asInt()).isEqualTo(90);
        assertThat(run(c, "h1").get("sticky_kept").asInt()).isEqualTo(4);
    }
}
