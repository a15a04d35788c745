package io.proxybench.cli;

import io.proxybench.analysis.read.FileReading;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.sizepool.Arrivals;
import io.proxybench.experiments.sizepool.Assignment;
import io.proxybench.experiments.sizepool.BucketLimit;
import io.proxybench.experiments.sizepool.SizePoolExperiment;
import io.proxybench.experiments.sizepool.SizePoolOnLab;
import io.proxybench.experiments.sizepool.SizePoolResult;
import io.proxybench.experiments.sizepool.SizePoolTable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code proxybench size-pool}: seed 002's pool sizing. A request stream (generated at {@code --rate}, or a run's
 * records) spread over pools of several sizes, the lab's per-IP token bucket deciding what a target rejects; then,
 * unless replaying records, the same kind of stream sent through sticky sessions to a rate-limited URL (the lab's
 * {@code /limited}, set to the first bucket) with its 429s counted next to the simulation.
 *
 * <p>The simulation asks the lab's own token bucket ({@link SizePoolOnLab#BUCKET}), so simulation and live check
 * differ only in timing, never in the algorithm.
 */
@Command(name = "size-pool", mixinStandardHelpOptions = true,
        description = {"Seed 002's pool sizing: per-IP token-bucket rejections per pool size, and the size to use.",
            "Simulates a stream at --rate (or replays --records), then checks it live through the embedded lab's"
                    + " /limited, or through --proxy to --url (credentials from PROXY_USER / PROXY_PASS)."})
final class SizePoolCommand implements Callable<Integer> {

    /** Sessions in one pool at most: the lab's exit pool holds 65,024 addresses in all. */
    private static final int MAX_POOL = 10_000;

    /** The most exits a lab can have (254 × 16 subnets of 16 addresses). */
    private static final int LAB_EXITS = 65_024;

    /** Requests of one pool size's live stream at most: the check is bounded in count as well as time. */
    private static final int MAX_LIVE_REQUESTS = 100_000;

    /** Longest wait for one reply in the live check. */

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    ProxyOrLab target;

    @Option(names = "--rate", paramLabel = "PER_SECOND", defaultValue = "100",
            description = "Requests per second of the stream (default: ${DEFAULT-VALUE}).")
    double rate;

    @Option(names = "--duration", paramLabel = "DURATION", defaultValue = "30s",
            description = "Length of the simulated stream (default: ${DEFAULT-VALUE}, as in the seed).")
    Duration duration;

    @Option(names = "--pool-sizes", paramLabel = "N", split = ",", splitSynopsisLabel = ",",
            defaultValue = "10,25,50,100,200",
            description = "Pool sizes, sessions (each one exit IP) (default: ${DEFAULT-VALUE}).")
    List<Integer> poolSizes;

    @Option(names = "--buckets", paramLabel = "BURST:RATE", split = ",", splitSynopsisLabel = ",",
            defaultValue = "4:2,2:1",
            description = "Per-IP token buckets to simulate; the first is the one the live check's target applies"
                    + " (default: ${DEFAULT-VALUE}).")
    List<String> buckets;

    @Option(names = "--assign", paramLabel = "HOW", defaultValue = "random",
            description = "How requests pick a session: random (random.choice, the default) or round-robin.")
    String assign;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the random assignment (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--target-rejected", paramLabel = "PERCENT", defaultValue = "1",
            description = "Rejections the simulated needed size may leave, percent (default: ${DEFAULT-VALUE}).")
    double targetRejected;

    @Option(names = "--records", paramLabel = "FILE",
            description = "Replay a run's records (proxybench run --out): their sched times are the stream; no live"
                    + " check.")
    Path records;

    @Option(names = "--live-for", paramLabel = "DURATION", defaultValue = "5s",
            description = "Live check: the stream's length per pool size; 0s for none (default: ${DEFAULT-VALUE}).")
    Duration liveFor;

    @CommandLine.Mixin
    SessionOptions sessionOptions = new SessionOptions();

    @Option(names = "--json", description = "Print the result as JSON.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        List<BucketLimit> limits = named("--buckets", () -> buckets.stream().map(BucketLimit::parse).toList());
        Assignment assignment = named("--assign", () -> Assignment.parse(assign));
        validate();
        boolean live = records == null && !liveFor.isZero();
        Arrivals arrivals = records == null ? Arrivals.constant(rate, duration)
                : FileReading.read(records, () -> Arrivals.replay(records));
        SessionTemplate sessions = sessionOptions.forExperiment(target.proxy == null);
        SizePoolResult result;
        if (target.lab() && records == null) {
            result = onLab(sessions, limits, assignment).run();
        } else {
            SizePoolExperiment.Live check = !live ? null : new SizePoolExperiment.Live(target.proxy(), sessions,
                    target.url(), null, target.tls(), limits.get(0), rate, liveFor, SizePoolExperiment.LIVE_TIMEOUT);
            result = SizePoolExperiment.run(new SizePoolExperiment.Setup(arrivals, poolSizes, limits, assignment,
                    seed, targetRejected, SizePoolOnLab.BUCKET, check));
        }
        return Main.print(spec, json, result, SizePoolTable::text);
    }

    /** The run on the embedded lab these options ask for; {@code limits} and {@code assignment} as read. */
    SizePoolOnLab onLab(SessionTemplate sessions, List<BucketLimit> limits, Assignment assignment) {
        return new SizePoolOnLab(sessions, rate, duration, poolSizes, limits, assignment, seed, targetRejected,
                liveFor);
    }

    private void validate() {
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
        if (!(targetRejected >= 0 && targetRejected < 100)) {
            throw new IllegalArgumentException("--target-rejected " + targetRejected + " must be 0 to under 100"
                    + " percent");
        }
        int sessions = poolSizes.stream().mapToInt(Integer::intValue).sum();
        if (target.proxy == null && records == null && !liveFor.isZero() && sessions > LAB_EXITS) {
            throw new IllegalArgumentException("--pool-sizes add up to " + sessions + " sessions, each with an exit of"
                    + " its own; the lab has at most " + LAB_EXITS + " exits");
        }
        boolean liveGiven = spec.commandLine().getParseResult().hasMatchedOption("--live-for");
        if (records != null && (liveGiven || target.proxy != null)) {
            throw new IllegalArgumentException("--records replays a run without sending anything; leave out"
                    + " --live-for and --proxy");
        }
        if (rate * liveFor.toNanos() / 1e9 > MAX_LIVE_REQUESTS) {
            throw new IllegalArgumentException("--live-for " + liveFor.toSeconds() + "s at --rate " + rate + " is more"
                    + " than " + MAX_LIVE_REQUESTS + " requests per pool size; shorten --live-for");
        }
    }

    /** {@code parse()}, its error prefixed with the option it read. */
    private static <T> T named(String option, Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
        }
    }
}
