package io.proxybench.it.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.sizepool.Assignment;
import io.proxybench.experiments.sizepool.BucketLimit;
import io.proxybench.experiments.sizepool.SizePoolOnLab;
import io.proxybench.experiments.sizepool.SizePoolResult;
import io.proxybench.lab.LabHome;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Seed 002's pool sizing through the lab, set up by {@link SizePoolOnLab} as {@code proxybench size-pool} sets it up:
 * the 429s the lab's {@code /limited} answers agree with the simulation of the same stream, and changing the lab's
 * bucket moves the rejections the way the seed says (at rate ÷ limit sessions some are rejected; at twice that, next
 * to none). The command's table, JSON and option errors are the cli module's SizePoolCommandTest.
 */
class SizePoolExperimentTest {

    private static final double RATE = 100;
    private static final Duration LIVE = Duration.ofSeconds(3);

    @RegisterExtension
    static final LabHome home = new LabHome();

    /** The live check of {@code sizes} through a lab whose {@code /limited} applies {@code limit}. */
    private static SizePoolResult.LiveCheck live(BucketLimit limit, List<Integer> sizes) throws Exception {
        return new SizePoolOnLab(SessionTemplate.parse("{pass}_session-{id}"), RATE, LIVE, sizes, List.of(limit),
                Assignment.RANDOM, 1, 1, LIVE).run().live();
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
}
