package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.client.proxy.Dialect;
import io.proxybench.harness.plan.RunPlan;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.records.JsonlReader;
import io.proxybench.records.RequestRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code run}'s summary says beyond its figures, as the README claims it: a rotating gateway that gave one exit
 * because the client kept its tunnels, and {@code --rotation per-request} that gives an exit per request; the proxy's
 * own reason for a refusal; the warm-up's connections apart from the run's; and a records file never replaced unless
 * it was named. Bounded: a few seconds at 20 to 50 req/s per run.
 */
class RunSaysWhatHappenedTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path home;

    static Lab lab;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(LabConfig.builder().home(home.resolve("lab")).build());
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    private static List<String> through(Lab lab, String user, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", "--url", "https://127.0.0.1:" + lab.targetHttpsPort()
                + "/cdn-cgi/trace", "--proxy", "http://" + user + "@127.0.0.1:" + lab.gatewayPort(), "--ca",
                lab.caFile().toString(), "--no-progress"));
        args.addAll(List.of(extra));
        return args;
    }

    private static MainTest.Run run(List<String> args) {
        MainTest.Run r = MainTest.run(args.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.err()).isZero();
        return r;
    }

    @Test
    void withoutSessionsKeptTunnelsGiveOneExitAndTheSummarySaysWhyAndWhatRotates() throws Exception {
        MainTest.Run kept = run(through(lab, "u:p", "--rate", "50", "--duration", "2s", "--out",
                home.resolve("kept.jsonl").toString()));
        // A tunnel or two (a stall can have the client open a second), each on an exit of its own.
        assertThat(kept.out()).containsPattern("100/100 ok, [12] unique exit IPs?\n");
        assertThat(kept.out()).containsPattern("note: 100 successful requests left through [12] exit IPs?: without"
                + " --sessions the client keeps its tunnels open and reuses them").contains("give --rotation"
                + " per-request");

        JsonNode perRequest = JSON.readTree(run(through(lab, "u:p", "--rate", "50", "--duration", "2s",
                "--rotation", "per-request", "--json", "--out", home.resolve("rotated.jsonl").toString())).out());
        assertThat(perRequest.path("unique_exits").asLong()).as("an exit per request").isEqualTo(100);
        assertThat(perRequest.path("handshakes_per_1k").asDouble()).isEqualTo(1000);
        assertThat(perRequest.path("connections_opened").asLong()).isEqualTo(100);
        assertThat(perRequest.path("notes")).isEmpty();
    }

    @Test
    void noNoteWhenTheTargetNamesNoExitOrEveryRequestHadOne() throws Exception {
        JsonNode noTrace = JSON.readTree(run(List.of("run", "--url", "https://127.0.0.1:" + lab.targetHttpsPort()
                + "/bytes/100", "--proxy", "http://u:p@127.0.0.1:" + lab.gatewayPort(), "--ca",
                lab.caFile().toString(), "--no-progress", "--rate", "20", "--duration", "1s", "--json", "--out",
                home.resolve("bytes.jsonl").toString())).out());
        assertThat(noTrace.path("unique_exits").asLong()).isZero();
        assertThat(noTrace.path("notes")).as("no exit to speak of").isEmpty();
    }

    @Test
    void aWrongPasswordStopsTheRunAndAShortRunThatOnlyFailedExitsWithTheSameCode() throws Exception {
        try (Lab locked = Lab.start(LabConfig.builder().home(home.resolve("locked")).auth("u", "right").build())) {
            MainTest.Run stopped = MainTest.run(through(locked, "u:wrong", "--rate", "20", "--duration", "3s",
                    "--out", home.resolve("locked.jsonl").toString()).toArray(String[]::new));
            assertThat(stopped.exitCode()).as(stopped.out()).isEqualTo(RunPlan.SETUP_FAILED_EXIT_CODE);
            assertThat(stopped.out()).startsWith("stopped early: the proxy at 127.0.0.1:" + locked.gatewayPort()
                    + " refused the credentials (407 Proxy Authentication Required)").doesNotContain("wrong");

            MainTest.Run shortRun = MainTest.run(through(locked, "u:wrong", "--rate", "5", "--duration", "1s",
                    "--warmup", "sessions", "--json", "--out", home.resolve("short.jsonl").toString())
                    .toArray(String[]::new));
            assertThat(shortRun.exitCode()).as("5 requests, all refused: " + shortRun.out())
                    .isEqualTo(RunPlan.SETUP_FAILED_EXIT_CODE);
            JsonNode summary = JSON.readTree(shortRun.out());
            assertThat(summary.path("diagnosis").path("error").asText()).isEqualTo("connect_407");
            assertThat(summary.path("stopped").isNull()).as("too short to stop").isTrue();
            assertThat(summary.path("records_file").asText()).isEqualTo(home.resolve("short.jsonl").toString());

            MainTest.Run going = MainTest.run(through(locked, "u:wrong", "--rate", "5", "--duration", "1s",
                    "--warmup", "sessions", "--keep-going", "--out", home.resolve("going.jsonl").toString())
                    .toArray(String[]::new));
            assertThat(going.exitCode()).as("--keep-going: " + going.out()).isZero();
            assertThat(going.out()).startsWith("every early request failed: the proxy at");
        }
    }

    @Test
    void theWarmUpsConnectionsAreCountedApartFromTheRunsOwn() throws Exception {
        JsonNode summary = JSON.readTree(run(through(lab, "u:p", "--rate", "50", "--duration", "2s",
                "--rotation", "per-request", "--json", "--out", home.resolve("warm.jsonl").toString())).out());
        long warmUp = summary.path("warm_up").path("requests").asLong();
        assertThat(warmUp).as("the default warm-up sent requests").isPositive();
        assertThat(summary.path("warm_up_connections").asLong()).as("a tunnel per warm-up request").isEqualTo(warmUp);
        assertThat(summary.path("connections_opened").asLong()).as("the run's own").isEqualTo(100);
    }

    @Test
    void aRefusalsReasonInTheProxysWordsReachesTheRecordsTheDiagnosisAndAnalyze() throws Exception {
        try (Lab oxylabs = Lab.start(LabConfig.builder().home(home.resolve("oxylabs"))
                .dialect(Dialect.named("oxylabs")).auth("acct", "s3cret").build())) {
            Path out = home.resolve("state.jsonl");
            MainTest.Run r = MainTest.run(through(oxylabs, "acct:s3cret", "--provider", "oxylabs", "--state",
                    "california", "--rate", "20", "--duration", "2s", "--warmup", "sessions", "--keep-going", "--out",
                    out.toString()).toArray(String[]::new));
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(r.out()).startsWith("every early request failed: the proxy at 127.0.0.1:"
                    + oxylabs.gatewayPort() + " could not open a tunnel").contains("(502): \"the lab's exits have no"
                    + " state or city");
            assertThat(r.out()).contains("why requests failed: 40 × connect_502: the lab's exits have no state or city");
            List<RequestRecord> records = JsonlReader.read(out);
            assertThat(records).hasSize(40).allSatisfy(rec -> assertThat(rec.reason())
                    .startsWith("the lab's exits have no state or city"));
            MainTest.Run analyzed = MainTest.run("analyze", out.toString());
            assertThat(analyzed.out()).contains("why requests failed: 40 × connect_502: the lab's exits have no state");

            MainTest.Run stopped = MainTest.run(through(oxylabs, "acct:s3cret", "--provider", "oxylabs", "--state",
                    "california", "--rate", "20", "--duration", "2s", "--out", home.resolve("stopped.jsonl")
                            .toString()).toArray(String[]::new));
            assertThat(stopped.exitCode()).as(stopped.out()).isEqualTo(RunPlan.SETUP_FAILED_EXIT_CODE);
            assertThat(stopped.out()).startsWith("stopped early: ").contains("the lab's exits have no state or city",
                    "fix: the proxy's reason says why; check the target's address and the session options");
        }
    }

    @Test
    void aRecordsFileIsReplacedOnlyWhenNamed() throws Exception {
        Path dir = Files.createDirectories(home.resolve("cwd"));
        String first = cli(dir, "run", "--url", "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace",
                "--proxy", "http://u:p@127.0.0.1:" + lab.gatewayPort(), "--ca", lab.caFile().toString(), "--rate", "5",
                "--duration", "1s", "--no-progress");
        assertThat(first).contains("records: results.jsonl\n");
        String kept = Files.readString(dir.resolve("results.jsonl"));

        String second = cli(dir, "run", "--url", "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace",
                "--proxy", "http://u:p@127.0.0.1:" + lab.gatewayPort(), "--ca", lab.caFile().toString(), "--rate", "5",
                "--duration", "1s", "--no-progress");
        assertThat(second).contains("records: results-2.jsonl (results.jsonl was there already; --out names the file)");
        assertThat(dir.resolve("results.jsonl")).hasContent(kept.strip());
        assertThat(JsonlReader.read(dir.resolve("results-2.jsonl"))).hasSize(5);

        String named = cli(dir, "run", "--url", "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace",
                "--proxy", "http://u:p@127.0.0.1:" + lab.gatewayPort(), "--ca", lab.caFile().toString(), "--rate", "5",
                "--duration", "1s", "--no-progress", "--out", "results.jsonl");
        assertThat(named).contains("records: results.jsonl (replaced the earlier results.jsonl)");
        assertThat(dir.resolve("results-3.jsonl")).doesNotExist();
    }

    /** The CLI in a process of its own, working in {@code dir}; what it printed on stdout. */
    private static String cli(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        Path printed = Files.createTempFile(home, "printed", ".txt");
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(printed.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("proxybench " + String.join(" ", args) + " still running after 60 s");
        }
        String out = Files.readString(printed, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }
}
