package io.proxybench.experiments.sizepool;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.LabTargets;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.target.TokenBucket;
import java.time.Duration;
import java.util.List;

/**
 * Seed 002's pool sizing: a constant-rate stream simulated over every pool size with the lab's own token bucket, then
 * checked live through sticky sessions to a fresh embedded lab whose {@code /limited} applies the first bucket, each
 * session first asking for a trace (which opens its connection and shows its exit). The lab has exits enough for
 * every pool size to get sessions of its own: sticky sessions take distinct exits until the pool is used up.
 *
 * @param sessions how a session id is written into the lab's account
 * @param rate requests per second of the stream, simulated and live
 * @param duration the simulated stream's length
 * @param poolSizes the pool sizes, sessions (each one exit IP)
 * @param buckets the per-IP buckets simulated; the first is the one the lab's target applies
 * @param assignment how a request picks its session
 * @param seed seeds the random assignment
 * @param targetRejectedPct the rejections a needed pool size may leave, percent
 * @param liveFor the live stream's length per pool size; zero for no live check (and no lab)
 */
public record SizePoolOnLab(SessionTemplate sessions, double rate, Duration duration, List<Integer> poolSizes,
        List<BucketLimit> buckets, Assignment assignment, long seed, double targetRejectedPct, Duration liveFor) {

    /** The lab's token bucket, for the simulation as for the lab's target: one algorithm for both. */
    public static final PerIpBucket.Factory BUCKET =
            (limit, nowNanos) -> new TokenBucket(limit.burst(), limit.ratePerSec(), nowNanos)::tryTake;

    /**
     * The demo's sizes: {@code proxybench size-pool}'s defaults (the seed's 100 req/s for 30 s, buckets 4:2 and 2:1),
     * except a live stream of 2 s per pool size instead of 5 s: about 15 s in all.
     */
    public static final SizePoolOnLab DEMO = new SizePoolOnLab(SessionTemplate.of(Dialect.lab()), 100,
            Duration.ofSeconds(30), List.of(10, 25, 50, 100, 200), List.of(new BucketLimit(4, 2),
                    new BucketLimit(2, 1)), Assignment.RANDOM, 1, 1, Duration.ofSeconds(2));

    /** Longest wait for one reply of the live check. */

    public SizePoolOnLab {
        poolSizes = List.copyOf(poolSizes);
        buckets = List.copyOf(buckets);
        if (buckets.isEmpty()) {
            throw new IllegalArgumentException("give at least one bucket");
        }
    }

    /** Simulates every pool size, then (unless {@code liveFor} is zero) starts the lab, checks live, and stops it. */
    public SizePoolResult run() throws Exception {
        Arrivals arrivals = Arrivals.constant(rate, duration);
        if (liveFor.isZero()) {
            return SizePoolExperiment.run(setup(arrivals, null));
        }
        BucketLimit limit = buckets.get(0);
        int exits = poolSizes.stream().mapToInt(Integer::intValue).sum();
        try (Lab lab = Lab.start(LabConfig.builder().limited(limit.burst(), limit.ratePerSec())
                .exits(Math.max(LabConfig.DEFAULT_EXITS, exits)).build())) {
            return SizePoolExperiment.run(setup(arrivals, new SizePoolExperiment.Live(LabTargets.gateway(lab),
                    sessions, LabTargets.https(lab, "/limited"), LabTargets.https(lab, LabTargets.TRACE),
                    TlsSettings.caFile(lab.caFile()), limit, rate, liveFor, SizePoolExperiment.LIVE_TIMEOUT)));
        }
    }

    private SizePoolExperiment.Setup setup(Arrivals arrivals, SizePoolExperiment.Live live) {
        return new SizePoolExperiment.Setup(arrivals, poolSizes, buckets, assignment, seed, targetRejectedPct, BUCKET,
                live);
    }
}
