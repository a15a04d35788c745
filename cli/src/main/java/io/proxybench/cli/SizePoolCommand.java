package io.proxybench.cli;

import io.proxybench.experiments.sizepool.SizePoolOnLab;
import io.proxybench.experiments.sizepool.SizePoolResult;
import io.proxybench.experiments.sizepool.SizePoolSettings;
import io.proxybench.experiments.sizepool.SizePoolTable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
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
        SizePoolResult result = options().run(target.given(spec), sessionOptions.given());
        return Main.print(spec, json, result, SizePoolTable::text);
    }

    /** The settings as given. */
    SizePoolSettings options() {
        return new SizePoolSettings(rate, duration, poolSizes, buckets, assign, seed, targetRejected, records, liveFor);
    }
}
