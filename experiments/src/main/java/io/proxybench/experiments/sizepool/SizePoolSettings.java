package io.proxybench.experiments.sizepool;

import io.proxybench.analysis.read.FileReading;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.ExperimentTarget;
import io.proxybench.harness.plan.SessionSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * {@code proxybench size-pool}'s settings as the user gave them; {@link #run} checks them together, in the
 * command's order, and runs the sizing. Its messages name the settings as the command line spells them
 * ({@code --rate}, {@code --pool-sizes}, ...).
 *
 * @param rate requests per second of the stream
 * @param duration the simulated stream's length
 * @param poolSizes the pool sizes, sessions (each one exit IP)
 * @param buckets the per-IP buckets to simulate, each {@code BURST:RATE} ({@link BucketLimit#parse}); the first is
 *     the one the live check's target applies
 * @param assign how requests pick a session ({@link Assignment#parse})
 * @param seed seeds the random assignment
 * @param targetRejectedPct the rejections a needed pool size may leave, percent
 * @param records a run's records to replay instead of a generated stream, or null; no live check then
 * @param liveFor the live stream's length per pool size; zero for none
 */
public record SizePoolSettings(double rate, Duration duration, List<Integer> poolSizes, List<String> buckets,
        String assign, long seed, double targetRejectedPct, Path records, Duration liveFor) {

    /** Sessions in one pool at most: the lab's exit pool holds 65,024 addresses in all. */
    static final int MAX_POOL = 10_000;

    /** The most exits a lab can have (254 × 16 subnets of 16 addresses). */
    static final int LAB_EXITS = 65_024;

    /** Requests of one pool size's live stream at most: the check is bounded in count as well as time. */
    static final int MAX_LIVE_REQUESTS = 100_000;

    public SizePoolSettings {
        poolSizes = List.copyOf(poolSizes);
        buckets = List.copyOf(buckets);
    }

    /** The buckets, read. */
    public List<BucketLimit> limits() {
        return named("--buckets", () -> buckets.stream().map(BucketLimit::parse).toList());
    }

    /** The run on the embedded lab these settings ask for, with {@code sessions}. */
    public SizePoolOnLab onLab(SessionTemplate sessions) {
        return onLab(sessions, limits(), named("--assign", () -> Assignment.parse(assign)));
    }

    /**
     * Simulates every pool size, then checks live: on a fresh lab when {@code target} is the lab and no records are
     * replayed, else through its real gateway to its origin (no live check when replaying records).
     *
     * @throws IllegalArgumentException naming the setting at fault and the fix
     */
    public SizePoolResult run(ExperimentTarget target, SessionSettings sessionOptions) throws Exception {
        List<BucketLimit> limits = limits();
        Assignment assignment = named("--assign", () -> Assignment.parse(assign));
        check(target);
        boolean live = records == null && !liveFor.isZero();
        Arrivals arrivals = records == null ? Arrivals.constant(rate, duration)
                : FileReading.read(records, () -> Arrivals.replay(records));
        SessionTemplate sessions = sessionOptions.forExperiment(target.onLab());
        if (target.lab() && records == null) {
            return onLab(sessions, limits, assignment).run();
        }
        SizePoolExperiment.Live check = !live ? null : new SizePoolExperiment.Live(target.gateway(), sessions,
                target.origin(), null, target.tls(), limits.get(0), rate, liveFor, SizePoolExperiment.LIVE_TIMEOUT);
        return SizePoolExperiment.run(new SizePoolExperiment.Setup(arrivals, poolSizes, limits, assignment, seed,
                targetRejectedPct, SizePoolOnLab.BUCKET, check));
    }

    private SizePoolOnLab onLab(SessionTemplate sessions, List<BucketLimit> limits, Assignment assignment) {
        return new SizePoolOnLab(sessions, rate, duration, poolSizes, limits, assignment, seed, targetRejectedPct,
                liveFor);
    }

    private void check(ExperimentTarget target) {
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("--rate " + rate + " must be a number of requests per second above 0");
        }
        if (duration.isZero()) {
            throw new IllegalArgumentException("--duration must be above 0, e.g. 30s");
        }
        if (poolSizes.stream().anyMatch(p -> p < 1 || p > MAX_POOL)) {
            throw new IllegalArgumentException("--pool-sizes " + poolSizes + ": each must be 1 to " + MAX_POOL
                    + " sessions");
        }
        if (!(targetRejectedPct >= 0 && targetRejectedPct < 100)) {
            throw new IllegalArgumentException("--target-rejected " + targetRejectedPct + " must be 0 to under 100"
                    + " percent");
        }
        int sessions = poolSizes.stream().mapToInt(Integer::intValue).sum();
        if (target.onLab() && records == null && !liveFor.isZero() && sessions > LAB_EXITS) {
            throw new IllegalArgumentException("--pool-sizes add up to " + sessions + " sessions, each with an exit of"
                    + " its own; the lab has at most " + LAB_EXITS + " exits");
        }
        if (records != null && (target.given().test("--live-for") || !target.onLab())) {
            throw new IllegalArgumentException("--records replays a run without sending anything; leave out"
                    + " --live-for and --proxy");
        }
        if (rate * liveFor.toNanos() / 1e9 > MAX_LIVE_REQUESTS) {
            throw new IllegalArgumentException("--live-for " + liveFor.toSeconds() + "s at --rate " + rate + " is more"
                    + " than " + MAX_LIVE_REQUESTS + " requests per pool size; shorten --live-for");
        }
    }

    /** {@code parse()}, its error prefixed with the setting it read. */
    private static <T> T named(String setting, Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(setting + ": " + e.getMessage(), e);
        }
    }
}
