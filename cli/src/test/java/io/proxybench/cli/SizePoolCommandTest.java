package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.sizepool.Arrivals;
import io.proxybench.experiments.sizepool.Assignment;
import io.proxybench.experiments.sizepool.BucketLimit;
import io.proxybench.experiments.sizepool.SizePoolExperiment;
import io.proxybench.experiments.sizepool.SizePoolResult;
import io.proxybench.lab.Lab;
import io.proxybench.records.JsonlWriter;
import io.proxybench.records.RequestRecord;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code proxybench size-pool}: its table and JSON, a run's records replayed, a bad option named; and seed 002's pool
 * sizing through the lab: the 429s the lab's {@code /limited} answers agree with the simulation of the same stream,
 * and changing the lab's bucket moves the rejections the way the seed says (at rate ÷ limit sessions some are
 * rejected; at twice that, next to none). The live check is set up as the command sets it up
 * ({@link SizePoolCommand#labConfig}, {@link SizePoolCommand#labLive}, {@link SizePoolCommand#LAB_BUCKET}): the lab's
 * side of the experiment, which the experiments module cannot hold, as it does not depend on the lab.
 */
class SizePoolCommandTest {

    private static final double RATE = 100;
    private static final Duration LIVE = Duration.ofSeconds(3);

    @TempDir
    Path home;

    /** The live check of {@code sizes} through a lab whose {@code /limited} applies {@code limit}. */
    private SizePoolResult.LiveCheck live(BucketLimit limit, List<Integer> sizes) throws Exception {
        try (Lab lab = Lab.start(SizePoolCommand.labConfig(limit, sizes).home(home).build())) {
            return SizePoolExperiment.run(new SizePoolExperiment.Setup(Arrivals.constant(RATE, LIVE), sizes,
                    List.of(limit), Assignment.RANDOM, 1, 1, SizePoolCommand.LAB_BUCKET, SizePoolCommand.labLive(lab,
                            SessionTemplate.parse("{pass}_session-{id}"), limit, RATE, LIVE))).live();
        }
    }

    @Test
    void theLabsBucketRejectsWhatTheSimulationDoesAndPoolsAtTwiceTheLimitPass() throws Exception {
        SizePoolResult.LiveCheck fourAt2 = live(new BucketLimit(4, 2), List.of(50, 100));
        SizePoolResult.LiveCheck twoAt1 = live(new BucketLimit(2, 1), List.of(50, 100, 200));

        for (SizePoolResult.LiveCheck check : List.of(fourAt2, twoAt1)) {
            assertThat(check.agrees()).as("live within %s points of the simulation: %s", check.marginPctPoints(),
                    check.rows()).isTrue();
            assertThat(check.rows()).allSatisfy(r -> {
                assertThat(r.failed()).isZero();
                assertThat(r.exits()).as("one exit per session").isEqualTo(r.sessions());
                assertThat(r.ok() + r.rejected()).isEqualTo(r.requests());
            });
        }
        // 2/s: 50 sessions (rate ÷ limit) lose some, 100 (twice that) none.
        assertThat(fourAt2.rows().get(0).rejected()).isPositive();
        assertThat(fourAt2.rows().get(1).liveRejectedPct()).isLessThan(1);
        // The stricter bucket on the same 50 and 100 sessions rejects far more; its own rate ÷ limit is 100.
        assertThat(twoAt1.rows().get(0).liveRejectedPct()).isGreaterThan(fourAt2.rows().get(0).liveRejectedPct() + 10);
        assertThat(twoAt1.rows().get(1).liveRejectedPct()).isGreaterThan(fourAt2.rows().get(1).liveRejectedPct() + 5);
        assertThat(twoAt1.rows().get(2).rejected()).isLessThan(twoAt1.rows().get(1).rejected() / 2);
    }

    @Test
    void theCommandPrintsTheTableAndJson() throws Exception {
        MainTest.Run text = MainTest.run("size-pool", "--live-for", "0s");
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out().lines().skip(1).findFirst().orElseThrow()).contains("sessions", "b4 2/s", "b2 1/s");
        assertThat(text.out()).contains("rule of thumb 2 x 100 / 2 = 100 sessions")
                .contains("rule of thumb 2 x 100 / 1 = 200 sessions").doesNotContain("live:");

        MainTest.Run json = MainTest.run("size-pool", "--live-for", "0s", "--pool-sizes", "50,100", "--json");
        JsonNode result = new ObjectMapper().readTree(json.out());
        assertThat(result.path("requests").asInt()).isEqualTo(3000);
        assertThat(result.path("rows")).hasSize(4);
        assertThat(result.path("rows").get(0).path("sessions").asInt()).isEqualTo(50);
        assertThat(result.path("rows").get(0).path("rejected_pct").asDouble()).isPositive();
        assertThat(result.path("sizing").get(0).path("rule_of_thumb_sessions").asInt()).isEqualTo(100);
        assertThat(result.path("live").isNull()).isTrue();
    }

    @Test
    void recordsAreReplayedAtTheirOwnRate() throws Exception {
        Path file = home.resolve("run.jsonl");
        try (JsonlWriter w = new JsonlWriter(file)) {
            for (int i = 0; i < 1000; i++) {
                w.write(RequestRecord.builder(i * 0.02, i * 0.02 + 0.1).status(200).build()); // 50/s for 20 s
            }
        }

        MainTest.Run r = MainTest.run("size-pool", "--records", file.toString(), "--pool-sizes", "25", "--json");

        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode result = new ObjectMapper().readTree(r.out());
        assertThat(result.path("source").asText()).isEqualTo("records run.jsonl");
        assertThat(result.path("rate_per_s").asDouble()).isEqualTo(50.0);
        assertThat(result.path("sizing").get(0).path("rule_of_thumb_sessions").asInt()).isEqualTo(50);
    }

    @Test
    void badOptionsExitWith2NamingTheOption() {
        for (String[] args : List.of(new String[] {"--buckets", "4-2"}, new String[] {"--assign", "cycle"},
                new String[] {"--pool-sizes", "0"}, new String[] {"--records", "x.jsonl", "--live-for", "2s"},
                new String[] {"--rate", "0"})) {
            String[] full = new String[args.length + 1];
            full[0] = "size-pool";
            System.arraycopy(args, 0, full, 1, args.length);
            MainTest.Run r = MainTest.run(full);
            assertThat(r.exitCode()).as(String.join(" ", args)).isEqualTo(Main.BAD_ARGUMENTS);
            assertThat(r.err().strip().lines()).hasSize(1).first().asString().contains(args[0]);
        }
    }
}
