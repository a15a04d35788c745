package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.proxybench.analysis.report.ReportJson;
import io.proxybench.demo.Demo;
import io.proxybench.demo.DemoPlan;
import io.proxybench.demo.DemoStep;
import io.proxybench.experiments.bytes.BytesOnLab;
import io.proxybench.experiments.ramp.RampOnLab;
import io.proxybench.experiments.reuse.ReuseOnLab;
import io.proxybench.experiments.sizepool.SizePoolOnLab;
import io.proxybench.harness.Durations;
import io.proxybench.lab.LabHome;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo's steps run from Java ({@link Demo#steps}) give the figures their own commands print when given the
 * demo's sizes (each experiment's {@code DEMO}): the figures a run's pool keys, limits and seeds fix are equal, the
 * measured ones within a tolerance. The fast steps only; the whole demo through the command line is DemoCommandTest,
 * the demo from Java with no command line integration-tests' DemoFromJavaTest.
 */
class DemoStepsMatchCommandsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final LabHome home = new LabHome();

    @TempDir
    static Path dir;

    static DemoPlan plan;

    @BeforeAll
    static void plan() {
        plan = new DemoPlan(dir, Duration.ofSeconds(3));
    }

    /** The demo's step {@code name}, run from Java: its result as results.json holds it. */
    private static JsonNode step(String name) throws Exception {
        DemoStep step = Demo.steps(plan).stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
        return JSON.readTree(ReportJson.write(step.run(plan).json()));
    }

    /** {@code proxybench ARGS --json}: what it printed. */
    private static JsonNode command(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--json");
        MainTest.Run run = MainTest.run(all.toArray(String[]::new));
        assertThat(run.exitCode()).as(run.err()).isZero();
        return JSON.readTree(run.out());
    }

    /** The {@code field} of each element of {@code array}, as text. */
    private static List<String> each(JsonNode array, String field) {
        return StreamSupport.stream(array.spliterator(), false).map(n -> n.path(field).asText()).toList();
    }

    @Test
    void reuseCountsWhatEachPoolKeyAndLimitAllowAlike() throws Exception {
        JsonNode demo = step("reuse");
        JsonNode cli = command("reuse");

        assertThat(each(demo, "configuration")).hasSize(8).isEqualTo(each(cli, "configuration"));
        assertThat(each(demo, "ok")).isEqualTo(each(cli, "ok")).containsOnly("" + ReuseOnLab.DEMO.requests());
        // Fresh sessions, keep-alive 0, a pool of 1, a pool of 16 and Connection: close: fixed by pool key and limits.
        for (int row : new int[] {0, 1, 2, 3, 6}) {
            assertThat(demo.get(row).path("created").asLong()).as(demo.get(row).path("configuration").asText())
                    .isEqualTo(cli.get(row).path("created").asLong());
        }
    }

    @Test
    void fingerprintSeesOneJa4ThroughEveryModeAlike() throws Exception {
        JsonNode demo = step("fingerprint");
        JsonNode cli = command("fingerprint");

        assertThat(demo.path("unchanged").asBoolean()).isTrue();
        assertThat(cli.path("unchanged").asBoolean()).isTrue();
        assertThat(each(demo.path("rows"), "mode")).isEqualTo(each(cli.path("rows"), "mode"));
        assertThat(each(demo.path("rows"), "ja4")).as("one client stack, one JVM").isEqualTo(each(cli.path("rows"),
                "ja4"));
    }

    @Test
    void bytesMeasureTheSameRowsWithinAFewPercent() throws Exception {
        JsonNode demo = step("bytes");
        JsonNode cli = command("bytes", "--samples", "" + BytesOnLab.DEMO.samples());

        assertThat(each(demo.path("rows"), "groups_offered")).isEqualTo(each(cli.path("rows"), "groups_offered"));
        assertThat(each(demo.path("rows"), "group_negotiated")).isEqualTo(each(cli.path("rows"), "group_negotiated"));
        for (int i = 0; i < demo.path("rows").size(); i++) {
            for (String kind : List.of("new_tunnel", "reused_tunnel")) {
                // Certificates and answers differ by a few bytes from lab to lab (serials, signatures, ids).
                double measured = demo.path("rows").get(i).path(kind).path("total").asDouble();
                assertThat(cli.path("rows").get(i).path(kind).path("total").asDouble()).as(kind)
                        .isCloseTo(measured, within(Math.max(50, 0.03 * measured)));
            }
        }
    }

    @Test
    void rampFindsTheLabsLimitAtTheSameStep() throws Exception {
        List<Integer> levels = RampOnLab.DEMO.levels();
        JsonNode demo = step("ramp");
        JsonNode cli = command("ramp", "--lab-limit", "" + RampOnLab.DEMO.labLimit(), "--from", "" + levels.get(0),
                "--step", "" + (levels.get(1) - levels.get(0)), "--to", "" + levels.get(levels.size() - 1),
                "--step-for", Durations.format(RampOnLab.DEMO.stepFor()));

        assertThat(each(demo.path("steps"), "concurrency")).isEqualTo(each(cli.path("steps"), "concurrency"));
        for (String field : List.of("limit_at", "last_clean", "cause")) {
            assertThat(demo.path("verdict").path(field)).as(field).isEqualTo(cli.path("verdict").path(field));
        }
    }

    @Test
    void sizePoolSimulatesAlikeAndChecksLiveWithinTheNoise() throws Exception {
        JsonNode demo = step("size-pool");
        JsonNode cli = command("size-pool", "--live-for", Durations.format(SizePoolOnLab.DEMO.liveFor()));

        assertThat(demo.path("rows")).as("a seeded simulation").isEqualTo(cli.path("rows"));
        assertThat(demo.path("sizing")).isEqualTo(cli.path("sizing"));
        JsonNode demoLive = demo.path("live").path("rows");
        JsonNode cliLive = cli.path("live").path("rows");
        assertThat(each(demoLive, "sessions")).isEqualTo(each(cliLive, "sessions"));
        assertThat(each(demoLive, "exits")).isEqualTo(each(demoLive, "sessions")).isEqualTo(each(cliLive, "exits"));
        for (int i = 0; i < demoLive.size(); i++) {
            assertThat(cliLive.get(i).path("live_rejected_pct").asDouble()).as("pool of %s", each(demoLive,
                    "sessions").get(i)).isCloseTo(demoLive.get(i).path("live_rejected_pct").asDouble(), within(10.0));
        }
    }

    @Test
    void doctorReadsTheRunsRecordsAsTheDoctorCommandDoes() throws Exception {
        step("run");
        ObjectNode demo = (ObjectNode) step("doctor");
        ObjectNode cli = (ObjectNode) command("doctor", plan.out().resolve("run.jsonl").toString());

        // The sources are named apart: the demo's "demo run", the command's the file's name.
        demo.remove("sources");
        cli.remove("sources");
        assertThat(demo).as("every figure, from one file").isEqualTo(cli);
        assertThat(demo.path("records").asInt()).isGreaterThan(100);
    }
}
