package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code proxybench demo} end to end, once: every step's table printed, results.json with every step, and the
 * report rendered by headless Chromium with every plot drawing something.
 */
class DemoCommandTest {

    /** The charts the report must hold (more may follow, e.g. one per phase). */
    private static final List<String> PLOTS = List.of("throughput", "phase-total", "phase-tls", "exits-subnet",
            "exits-country", "reuse", "owners-reuse", "owners-latency", "keepalive", "sessions-throughput",
            "sessions-tls", "sessions-burst", "size-pool", "bytes", "h2-gateway", "clients-exit", "clients-tunnels",
            "compare-exits", "compare-bytes", "compare-cost");

    /** Every step, in the order the demo runs them. */
    private static final List<String> STEPS = List.of("run", "reuse", "owners", "keepalive", "sessions", "size-pool",
            "bytes", "h2-gateway", "clients", "fingerprint", "ramp", "compare", "doctor");

    @TempDir
    static Path dir;

    static String printed;
    static String errors;
    static int exit;

    @BeforeAll
    static void runDemo() {
        // Every lab the demo starts keeps its CA here, not in the user's ~/.proxybench.
        System.setProperty("proxybench.home", dir.resolve("lab-home").toString());
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        exit = cli.execute("demo", "--out", dir.resolve("report").toString(), "--run-for", "6s");
        printed = out.toString();
        errors = err.toString();
        System.clearProperty("proxybench.home");
    }

    @Test
    void everyStepPrintsItsTableAndLandsInResultsJson() throws Exception {
        assertThat(exit).as(errors).isZero();
        assertThat(printed).contains("== Open-loop run ==", "== Reuse (seed 000) ==",
                "== Who owns the connection (seed 001) ==", "== Keep-alive cold share (seed 001) ==",
                "== Rotation vs sticky (seed 002) ==", "== Pool size vs per-IP limits (seed 002) ==",
                "== Bytes per request (seed 002) ==", "== HTTP/2 to the proxy (seed 002) ==",
                "== Java clients through a rotating gateway (seed 002) ==",
                "== Client-stack constancy (seed 002) ==", "== Plan limit by ramp (seed 002) ==", "== Runs compared ==",
                "== Doctor: why so many handshakes? ==", "report: ");
        for (int i = 0; i < STEPS.size(); i++) {
            assertThat(errors).containsPattern("\\[" + (i + 1) + "/" + STEPS.size() + " +\\d+s\\] " + STEPS.get(i)
                    + ": ");
        }
        assertThat(errors).contains("done in");
        JsonNode results = new ObjectMapper().readTree(dir.resolve("report/results.json").toFile());
        assertThat(results.fieldNames()).toIterable().containsExactlyElementsOf(STEPS);
        assertThat(results.path("reuse")).hasSize(8);
        assertThat(results.path("clients").path("loads")).hasSize(10);
        assertThat(results.path("clients").path("isolation")).hasSize(10);
        assertThat(results.path("owners").path("rows")).hasSize(10);
        assertThat(results.path("keepalive").path("measured")).isNotEmpty();
        assertThat(results.path("sessions").path("modes")).hasSize(2);
        assertThat(results.path("size-pool").path("rows")).isNotEmpty();
        assertThat(results.path("bytes").path("rows")).isNotEmpty();
        assertThat(results.path("h2-gateway").path("lanes")).hasSize(2);
        assertThat(results.path("fingerprint").path("unchanged").asBoolean()).as(printed).isTrue();
        assertThat(results.path("ramp").path("verdict").path("limit_at").asInt()).as(printed).isBetween(26, 35);
        assertThat(results.path("compare").path("runs")).extracting(r -> r.path("label").asText())
                .containsExactly("rotating-h1", "sticky-h1", "sticky-h2");
        assertThat(results.path("compare").path("runs").get(2).path("http2_to_proxy").asBoolean()).isTrue();
        assertThat(Files.readString(dir.resolve("report/index.html"))).doesNotContain("lab:lab@");
        assertThat(Files.list(dir.resolve("lab-home"))).as("the labs' CA went to the test's home").isNotEmpty();
        assertThat(Files.readAllLines(dir.resolve("report/run.jsonl"))).hasSizeGreaterThan(100);
    }

    @Test
    void everyTableAndTheResultsAreFinishedOutput() throws Exception {
        assertThat(exit).as(errors).isZero();
        OutputChecks.readable("the demo's tables", printed);
        OutputChecks.readable("the demo's progress", errors);
        OutputChecks.rounded("results.json", new ObjectMapper().readTree(dir.resolve("report/results.json").toFile()));
    }

    @Test
    @Tag("interop")
    void chromiumDrawsEveryPlot() throws Exception {
        assertThat(exit).as(errors).isZero();
        String html = Chromium.dom(dir.resolve("report/index.html"), dir);
        Map<String, int[]> drawn = new LinkedHashMap<>();
        Matcher m = Pattern.compile("<svg class=\"plot ([a-z0-9-]+)\"[^>]*data-drawn=\"(\\d+)x(\\d+)\""
                + " data-elements=\"(\\d+)\"").matcher(html);
        while (m.find()) {
            drawn.put(m.group(1), new int[] {Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)),
                Integer.parseInt(m.group(4))});
        }
        assertThat(drawn.keySet()).as("plots the browser measured; log: " + dir.resolve("report-chromium.log"))
                .containsAll(PLOTS);
        List<String> blank = new ArrayList<>();
        drawn.forEach((kind, size) -> {
            // Drawn data spans some pixels one way at least: a phase seen in only a second or two of the run is a
            // narrow but tall line (a queue phase under load, say), a plot that drew nothing is empty or a dot.
            if (size[2] == 0 || Math.max(size[0], size[1]) < 5) {
                blank.add(kind + " " + size[0] + "x" + size[1] + " (" + size[2] + " elements)");
            }
        });
        assertThat(blank).as("plots drawn without data").isEmpty();
    }

    @Test
    void badOptionsAreRefusedBeforeAnythingRuns() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        for (List<String> args : List.of(List.of("--run-for", "2s"), List.of("--run-for", "3500ms"),
                List.of("--run-for", "11m"), List.of("--out", file.toString()))) {
            StringWriter err = new StringWriter();
            CommandLine cli = Main.commandLine();
            cli.setErr(new PrintWriter(err, true));
            List<String> all = new ArrayList<>(List.of("demo"));
            all.addAll(args);
            assertThat(cli.execute(all.toArray(String[]::new))).as(err.toString()).isEqualTo(Main.BAD_ARGUMENTS);
            assertThat(err.toString()).contains(args.get(0)).doesNotContain("PT");
        }
    }
}
