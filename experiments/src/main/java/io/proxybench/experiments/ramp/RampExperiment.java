package io.proxybench.experiments.ramp;

import io.proxybench.client.PoolLimits;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.Timeouts;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.experiments.load.FixedConcurrency;
import io.proxybench.experiments.load.InFlight;
import io.proxybench.harness.engine.LatencySoFar;
import io.proxybench.records.RequestRecord;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;

/**
 * Raises concurrency in steps against a proxy until a step's errors or latency cross a threshold, to find the level
 * at which a plan's limit shows (issue 11's ramp). Each step runs its workers for the step's time, each sending one
 * request after the other over HTTP/1.1 on a tunnel it keeps open, so concurrency is open tunnels; one client serves
 * the whole ramp, so a step's workers reuse the tunnels the steps before opened and add only their own. A worker
 * whose request failed waits, before its next one, about as long as a success takes (the step's median so far): a
 * gateway that refuses is asked no faster than one that serves, and fast refusals do not swamp a step's requests
 * (refused requests stay a share of the order of the refused workers' share, below it by as much as a refusal and
 * the pause outlast a success). The ramp stops at the first step past a threshold; {@link RampVerdict} says what
 * crossed it.
 */
public final class RampExperiment {

    /** Steps of one ramp at most, so that its length is bounded by {@code MAX_STEPS} times the step's time. */
    public static final int MAX_STEPS = 100;
    public static final Duration MIN_STEP = Duration.ofSeconds(1);
    public static final Duration MAX_STEP = Duration.ofMinutes(10);

    /** A failed worker's pause while its step has no success to take the pace from. */
    private static final Duration PAUSE_WITHOUT_SUCCESS = Duration.ofMillis(100);
    private static final Duration MIN_PAUSE = Duration.ofMillis(1);
    private static final Duration MAX_PAUSE = Duration.ofSeconds(1);
    /** Longer than any ramp, so no tunnel closes for idleness between steps. */
    private static final Duration KEEP_ALIVE = Duration.ofHours(1);

    /**
     * What the ramp runs against, and how.
     *
     * @param proxies the proxies, with their credentials; worker {@code w} uses the {@code w mod n}-th
     * @param url the origin to request; {@code https://}, or any scheme through SOCKS5 (tunnelled either way)
     * @param tls which certificates the origin's (and an HTTPS proxy's) must chain to
     * @param timeouts each request's, per phase
     * @param levels the steps' concurrencies, rising, from {@link #levels}
     * @param stepFor how long each step's workers send requests, {@link #MIN_STEP} to {@link #MAX_STEP}
     * @param thresholds when a step is past the plan's limit
     * @param labLimit the embedded lab's per-user limit, for the report; null against a real proxy
     */
    public record Setup(List<ProxySpec> proxies, URI url, TlsSettings tls, Timeouts timeouts, List<Integer> levels,
            Duration stepFor, RampThresholds thresholds, Integer labLimit) {
        public Setup {
            proxies = List.copyOf(proxies);
            levels = List.copyOf(levels);
            if (proxies.isEmpty() || levels.isEmpty()) {
                throw new IllegalArgumentException("a ramp needs at least one proxy and one step");
            }
            checkStepFor(stepFor);
            boolean tunnelled = "https".equalsIgnoreCase(url.getScheme())
                    || proxies.stream().allMatch(p -> p.scheme().socks());
            if (!tunnelled) {
                throw new IllegalArgumentException("--url " + url + " would be forwarded by the HTTP proxy, not"
                        + " tunnelled, and a forward proxy's own refusals cannot be told from the target's: use an"
                        + " https:// URL (or a socks5 proxy)");
            }
        }
    }

    private RampExperiment() {}

    /**
     * The steps' concurrencies: {@code from}, {@code from + step}, ... while at most {@code to}.
     *
     * @throws IllegalArgumentException naming the option that is out of range and how to fix it
     */
    public static List<Integer> levels(int from, int step, int to) {
        if (from < 1) {
            throw new IllegalArgumentException("--from " + from + " must be at least 1 worker");
        }
        if (step < 1) {
            throw new IllegalArgumentException("--step " + step + " must be at least 1: each step adds that many"
                    + " workers");
        }
        if (from > to) {
            throw new IllegalArgumentException("--from " + from + " is above --to " + to + ": the ramp rises from"
                    + " --from to --to; lower --from or raise --to");
        }
        InFlight.check("--to", to);
        long count = (to - from) / step + 1L;
        if (count > MAX_STEPS) {
            throw new IllegalArgumentException("--from " + from + " --step " + step + " --to " + to + " makes "
                    + count + " steps, more than " + MAX_STEPS + ": raise --step or narrow --from..--to");
        }
        List<Integer> levels = new ArrayList<>();
        for (int c = from; c <= to; c += step) {
            levels.add(c);
        }
        return levels;
    }

    /** @throws IllegalArgumentException when {@code stepFor} is outside {@link #MIN_STEP} to {@link #MAX_STEP} */
    public static void checkStepFor(Duration stepFor) {
        if (stepFor.compareTo(MIN_STEP) < 0 || stepFor.compareTo(MAX_STEP) > 0) {
            throw new IllegalArgumentException("--step-for " + stepFor.toString().substring(2).toLowerCase(Locale.ROOT)
                    + " is out of range: use 1s to 10m per step");
        }
    }

    /** Runs the steps in order up to the first one past a threshold. */
    public static RampResult run(Setup s) throws Exception {
        int most = s.levels().get(s.levels().size() - 1);
        ProxyRequest base = ProxyRequest.get(s.url().toString());
        IntFunction<ProxyRequest> request = s.proxies().size() == 1 ? w -> base
                : w -> base.withProxy(s.proxies().get(w % s.proxies().size()));
        Duration limit = s.stepFor().plus(s.timeouts().longestCall()).plusSeconds(5);
        List<RampStep> steps = new ArrayList<>();
        try (ProxyClient client = ProxyClient.builder().proxy(s.proxies().get(0)).timeouts(s.timeouts())
                .tls(s.tls().withAlpn(TlsSettings.HTTP11_ONLY))
                .limits(PoolLimits.builder().maxPerKey(most).maxPerExit(most).maxTotal(Math.max(1024, most))
                        .keepAlive(KEEP_ALIVE).acquireTimeout(limit).build()).build()) {
            for (int concurrency : s.levels()) {
                LatencySoFar successes = new LatencySoFar();
                List<RequestRecord> records = FixedConcurrency.run(client, concurrency, Integer.MAX_VALUE,
                        s.stepFor(), limit, request, r -> pauseAfter(r, successes));
                RampStep step = RampStep.of(concurrency, records, s.thresholds());
                steps.add(step);
                if (step.past()) {
                    break;
                }
            }
        }
        return new RampResult(s.proxies().stream().map(ProxySpec::toString).toList(), s.url().toString(),
                s.labLimit(), s.stepFor().toMillis() / 1000.0, s.thresholds().maxErrors(), s.thresholds().maxP99Ms(),
                List.copyOf(steps), RampVerdict.of(steps, s.thresholds()));
    }

    /** None after a success; after a failure, the median success of the step so far, within bounds. */
    private static Duration pauseAfter(RequestRecord r, LatencySoFar successes) {
        if (r.ok()) {
            successes.record(r);
            return Duration.ZERO;
        }
        LatencySoFar.Percentiles so = successes.read();
        if (so.count() == 0) {
            return PAUSE_WITHOUT_SUCCESS;
        }
        Duration median = Duration.ofNanos(Math.round(so.p50Millis() * 1e6));
        return median.compareTo(MIN_PAUSE) < 0 ? MIN_PAUSE : median.compareTo(MAX_PAUSE) > 0 ? MAX_PAUSE : median;
    }
}
