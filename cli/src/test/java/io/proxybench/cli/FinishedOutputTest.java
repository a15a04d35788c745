package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.faults.FaultPlan;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command that reads or writes a run's records, in text and JSON, on a run with failures, blocks, retries and
 * a broken setup: no Java collection syntax where a person reads, and no JSON number with more digits than it means
 * ({@link OutputChecks}). The demo's tables and results.json are checked the same way in {@code DemoCommandTest}.
 * Bounded: a few seconds at 50 req/s per run.
 */
class FinishedOutputTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path home;

    static Lab lab;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(LabConfig.builder().home(home).faults(new FaultPlan(0.2, 0, 0, 7)).build());
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    /** Runs {@code args} as text and as JSON; both must be finished output. */
    private static void bothForms(String... args) throws Exception {
        String what = String.join(" ", args);
        MainTest.Run text = MainTest.run(args);
        assertThat(text.out()).as(what + ": " + text.err()).isNotBlank();
        OutputChecks.readable(what, text.out() + text.err());
        List<String> json = new ArrayList<>(List.of(args));
        json.add("--json");
        MainTest.Run asJson = MainTest.run(json.toArray(String[]::new));
        OutputChecks.rounded(what + " --json", JSON.readTree(asJson.out()));
        OutputChecks.readable(what + " --json, its errors", asJson.err());
    }

    @Test
    void everyRecordCommandPrintsFinishedOutput() throws Exception {
        String target = "https://127.0.0.1:" + lab.targetHttpsPort();
        String proxy = "http://u:p@127.0.0.1:" + lab.gatewayPort();
        Path a = home.resolve("a.jsonl");
        Path b = home.resolve("b.jsonl");
        String[] run = {"run", "--url", target + "/cdn-cgi/trace", "--url", target + "/status/503", "--proxy", proxy,
            "--ca", lab.caFile().toString(), "--session-template", "{pass}_session-{id}", "--sessions", "5",
            "--keep-alive", "100ms", "--retries", "1", "--rate", "50", "--duration", "2s", "--no-progress",
            "--fail-if", "p99(total) > 1ms", "--fail-if", "success_rate < 1%"};
        bothForms(withOut(run, a));
        MainTest.run(withOut(run, b));
        bothForms("analyze", a.toString());
        bothForms("compare", a.toString(), b.toString(), "--fail-if", "hard_block_rate > 90%");
        bothForms("doctor", a.toString());
        MainTest.Run merged = MainTest.run("merge", a.toString(), b.toString(), "--out",
                home.resolve("merged.jsonl").toString());
        OutputChecks.readable("merge", merged.out() + merged.err());

        String[] broken = {"run", "--url", target + "/cdn-cgi/trace", "--proxy", "http://127.0.0.1:1", "--rate",
            "50", "--duration", "1s", "--no-progress"};
        bothForms(withOut(broken, home.resolve("broken.jsonl")));
        bothForms("probe", "--proxy", proxy, "--target", target + "/cdn-cgi/trace", "--http-target",
                "http://127.0.0.1:" + lab.targetHttpPort() + "/cdn-cgi/trace", "--ca", lab.caFile().toString(),
                "--session-watch", "2s", "--budget-requests", "40");
    }

    private static String[] withOut(String[] args, Path out) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--out", out.toString()));
        return all.toArray(String[]::new);
    }
}
