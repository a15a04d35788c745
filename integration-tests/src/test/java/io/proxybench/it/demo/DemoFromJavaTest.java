package io.proxybench.it.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.analysis.report.ReportJson;
import io.proxybench.demo.Demo;
import io.proxybench.demo.DemoPlan;
import io.proxybench.demo.DemoProgress;
import io.proxybench.demo.DemoResult;
import io.proxybench.demo.DemoStep;
import io.proxybench.demo.StepResult;
import io.proxybench.experiments.fingerprint.FingerprintResult;
import io.proxybench.experiments.reuse.ReuseOnLab;
import io.proxybench.experiments.reuse.ReuseRow;
import io.proxybench.lab.LabHome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code proxybench demo}'s work from Java, with no command line on the class path: the open-loop run, two fast
 * experiments and the doctor, run by {@link Demo#run} into a report of their own, in about half a minute. That the
 * steps' figures equal what their commands print is the cli module's DemoStepsMatchCommandsTest; the whole demo
 * through the command line its DemoCommandTest.
 */
class DemoFromJavaTest {

    /** The steps run here, in the demo's order; the doctor reads the run's records. */
    private static final List<String> STEPS = List.of("run", "reuse", "fingerprint", "doctor");

    @RegisterExtension
    static final LabHome home = new LabHome();

    @TempDir
    static Path dir;

    static DemoResult result;
    static final List<String> progress = Collections.synchronizedList(new ArrayList<>());
    static final List<String> finished = new ArrayList<>();

    @BeforeAll
    static void runSteps() throws Exception {
        DemoPlan plan = new DemoPlan(dir, Duration.ofSeconds(3));
        List<DemoStep> steps = Demo.steps(plan).stream().filter(s -> STEPS.contains(s.name())).toList();
        result = Demo.run(plan, steps, new DemoProgress() {
            @Override
            public void line(String text) {
                progress.add(text);
            }

            @Override
            public void finished(StepResult step) {
                finished.add(step.name());
            }
        });
    }

    @Test
    void theReportHoldsEveryStepRunInOrder() throws Exception {
        assertThat(finished).isEqualTo(STEPS);
        for (int i = 0; i < STEPS.size(); i++) {
            String started = "\\[" + (i + 1) + "/" + STEPS.size() + " +\\d+s\\] " + STEPS.get(i) + ": .*\\.\\.\\.";
            assertThat(progress).anyMatch(line -> line.matches(started));
        }
        JsonNode results = new ObjectMapper().readTree(result.report().resolveSibling("results.json").toFile());
        assertThat(results.fieldNames()).toIterable().containsExactlyElementsOf(STEPS);
        String html = Files.readString(result.report());
        for (String step : STEPS) {
            assertThat(html).contains("<section id=\"" + step + "\">");
        }
        assertThat(html).contains("<svg class=\"plot reuse\"").doesNotContain("lab:lab@");
        assertThat(result.steps()).extracting(StepResult::text).allSatisfy(text -> assertThat(text).startsWith("\n== ")
                .endsWith("\n"));
    }

    @Test
    void eachStepsFiguresAreTheExperimentsAtTheDemosSizes() {
        @SuppressWarnings("unchecked")
        List<ReuseRow> reuse = (List<ReuseRow>) json("reuse");
        int requests = ReuseOnLab.DEMO.requests();
        assertThat(reuse).hasSize(8).allSatisfy(r -> assertThat(r.ok()).as(r.configuration()).isEqualTo(requests));
        assertThat(reuse.get(0).created()).as("a fresh session per request").isEqualTo(requests);
        assertThat(reuse.get(2).created()).as("a pool of one").isEqualTo(1);
        assertThat(reuse.get(3).created()).as("a pool of the concurrency").isEqualTo(ReuseOnLab.DEMO.concurrency());

        FingerprintResult fingerprint = (FingerprintResult) json("fingerprint");
        assertThat(fingerprint.unchanged()).as(fingerprint.rows().toString()).isTrue();
        assertThat(fingerprint.rows()).hasSize(6);
    }

    @Test
    void theDoctorReadsTheRunsRecords() throws Exception {
        JsonNode doctor = new ObjectMapper().readTree(ReportJson.write(json("doctor")));
        long lines = Files.readAllLines(result.report().resolveSibling("run.jsonl")).size();
        assertThat(lines).as("three stages, 350 requests scheduled").isGreaterThan(100);
        assertThat(doctor.path("records").asLong()).isEqualTo(lines);
    }

    private static Object json(String step) {
        return result.steps().stream().filter(s -> s.name().equals(step)).findFirst().orElseThrow().json();
    }
}
