package io.proxybench.experiments.sizepool;

import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.harness.Trace;
import io.proxybench.harness.engine.OpenLoopRunner;
import io.proxybench.harness.engine.Records;
import io.proxybench.harness.plan.SendPolicy;
import io.proxybench.harness.schedule.ArrivalSchedule;
import io.proxybench.records.RequestRecord;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

/**
 * Seed 002's pool sizing: a request stream spread over pools of several sizes (each session one exit IP), a per-IP
 * token bucket deciding what the target rejects. The table is a simulation of the stream (generated, or a run's
 * records replayed); the live check sends the same kind of stream through sticky sessions to a rate-limited URL and
 * counts the 429s next to the simulation of exactly that schedule and assignment.
 */
public final class SizePoolExperiment {

    /** How long one request of the live check may take, through the lab or a real proxy. */
    public static final Duration LIVE_TIMEOUT = Duration.ofSeconds(30);

    /**
     * How far, in percentage points, a live row may be from its simulation and still agree. The simulation takes
     * the times the client sent at; the target sees them a tunnel's latency later, which moves a request across a
     * token's boundary now and then. Measured on 2 cores: the rows were within 0.3 points.
     */
    public static final double LIVE_MARGIN_PCT_POINTS = 3;

    /** The search for the needed pool size stops at this many times the at-limit size. */
    static final int SEARCH_FACTOR = 20;

    /**
     * What to simulate.
     *
     * @param arrivals the stream the table spreads over each pool size
     * @param poolSizes the table's pool sizes, sessions
     * @param buckets the per-IP limits the table simulates
     * @param seed draws of a random assignment
     * @param targetRejectedPct the rejections a needed pool size may leave, percent
     * @param bucketFactory the token bucket the simulation uses ({@link SizePoolOnLab#BUCKET}: the lab's)
     * @param live the live check, or null for none
     */
    public record Setup(Arrivals arrivals, List<Integer> poolSizes, List<BucketLimit> buckets, Assignment assignment,
            long seed, double targetRejectedPct, PerIpBucket.Factory bucketFactory, Live live) {
        public Setup {
            poolSizes = List.copyOf(poolSizes);
            buckets = List.copyOf(buckets);
            if (poolSizes.isEmpty() || buckets.isEmpty()) {
                throw new IllegalArgumentException("give at least one pool size and one bucket");
            }
            if (poolSizes.stream().anyMatch(p -> p < 1)) {
                throw new IllegalArgumentException("pool sizes must be at least 1 session, got " + poolSizes);
            }
            if (!(targetRejectedPct >= 0 && targetRejectedPct < 100)) {
                throw new IllegalArgumentException("the target rejection must be 0 to under 100 percent, got "
                        + targetRejectedPct);
            }
        }
    }

    /**
     * The live check: a constant-rate stream through sticky sessions to a rate-limited URL, once per pool size.
     *
     * @param proxy an HTTP or SOCKS proxy with the account's credentials (sessions are written into them)
     * @param url answers 429 once an exit IP's bucket is empty (the lab's {@code /limited})
     * @param traceUrl on the same origin, answers a trace ({@code ip=} line) without touching the bucket: one request
     *     per session before the stream opens its connection and counts its exits; null to send none
     * @param limit the bucket the target applies, for the simulation next to it
     * @param ratePerSec the stream's rate
     * @param each how long the stream runs per pool size
     * @param timeout longest wait for any one reply
     */
    public record Live(ProxySpec proxy, SessionTemplate template, URI url, URI traceUrl, TlsSettings tls,
            BucketLimit limit, double ratePerSec, Duration each, Duration timeout) {
        public Live {
            if (!(ratePerSec > 0) || each.isNegative() || each.isZero()) {
                throw new IllegalArgumentException("the live check needs a rate above 0 and a positive length");
            }
        }
    }

    private SizePoolExperiment() {}

    public static SizePoolResult run(Setup s) throws Exception {
        Arrivals a = s.arrivals();
        List<SizePoolResult.Sizing> sizing = new ArrayList<>();
        for (BucketLimit b : s.buckets()) {
            sizing.add(sizing(s, b));
        }
        List<SizePoolResult.Row> rows = new ArrayList<>();
        for (int p : s.poolSizes()) {
            int[] sessions = s.assignment().sessions(a.count(), p, s.seed());
            for (BucketLimit b : s.buckets()) {
                int rejected = PoolSimulation.rejected(a.nanos(), sessions, p, b, s.bucketFactory());
                rows.add(new SizePoolResult.Row(p, b.burst(), b.ratePerSec(), a.ratePerSec() / p, rejected,
                        pct(rejected, a.count())));
            }
        }
        SizePoolResult.LiveCheck live = s.live() == null ? null : live(s);
        return new SizePoolResult(a.source(), a.count(), a.ratePerSec(), a.seconds(), s.assignment().label(), sizing,
                rows, live);
    }

    private static SizePoolResult.Sizing sizing(Setup s, BucketLimit b) {
        Arrivals a = s.arrivals();
        int atLimit = (int) Math.ceil(a.ratePerSec() / b.ratePerSec() - 1e-9);
        int rule = b.ruleOfThumbSessions(a.ratePerSec());
        int ruleRejected = PoolSimulation.rejected(a.nanos(), s.assignment().sessions(a.count(), rule, s.seed()), rule,
                b, s.bucketFactory());
        int upTo = Math.max(1, atLimit) * SEARCH_FACTOR;
        int needed = PoolSimulation.smallestPool(a.nanos(), s.assignment(), s.seed(), b, s.bucketFactory(),
                s.targetRejectedPct() / 100, upTo);
        return new SizePoolResult.Sizing(b.burst(), b.ratePerSec(), atLimit, rule, pct(ruleRejected, a.count()),
                needed < 0 ? null : needed, s.targetRejectedPct(), upTo);
    }

    /** One client for every pool size; each size gets sessions of its own, so it meets no emptied bucket. */
    private static SizePoolResult.LiveCheck live(Setup s) throws Exception {
        Live l = s.live();
        String run = runId();
        List<SizePoolResult.LiveRow> rows = new ArrayList<>();
        try (ProxyClient client = ProxyClient.builder().proxy(l.proxy())
                .sessions(l.template(), SessionRouter.stickyPerKey()).tls(l.tls()).build()) {
            for (int p : s.poolSizes()) {
                int size = p;
                List<String> keys = IntStream.range(0, p).mapToObj(k -> run + "p" + size + "s" + k).toList();
                Integer exits = l.traceUrl() == null ? null : exits(client, keys, l.traceUrl(), l.timeout());
                rows.add(liveRow(s, client, keys, exits));
            }
        }
        boolean agrees = rows.stream().allMatch(r -> Math.abs(r.differencePctPoints()) <= LIVE_MARGIN_PCT_POINTS);
        return new SizePoolResult.LiveCheck(l.url().toString(), l.limit().burst(), l.limit().ratePerSec(),
                l.ratePerSec(), l.each().toNanos() / 1e9, LIVE_MARGIN_PCT_POINTS, agrees, rows);
    }

    /**
     * The stream through {@code keys}' sessions, counted, next to its simulation. The simulation takes each answered
     * request at the time it got its connection ({@code sched + start_lag + queue}), not at its schedule: a busy
     * client that falls behind bunches requests, and the target's buckets see the bunches.
     */
    private static SizePoolResult.LiveRow liveRow(Setup s, ProxyClient client, List<String> keys, Integer exits) {
        Live l = s.live();
        Arrivals schedule = Arrivals.constant(l.ratePerSec(), l.each());
        int[] sessions = s.assignment().sessions(schedule.count(), keys.size(), s.seed());
        ProxyRequest base = ProxyRequest.get(l.url().toString());
        List<ProxyRequest> requests = IntStream.range(0, sessions.length)
                .mapToObj(i -> base.withSessionKey(keys.get(sessions[i]))).toList();
        List<RequestRecord> records = Collections.synchronizedList(new ArrayList<>());
        OpenLoopRunner.on(client, ArrivalSchedule.constant(l.ratePerSec(), l.each()),
                n -> requests.get((int) n), new SendPolicy(0, 0, l.timeout().toNanos()), Records.plain(),
                records::add).run();
        List<RequestRecord> answered = records.stream().filter(r -> r.ok() || rejected(r))
                .sorted(Comparator.comparingDouble(SizePoolExperiment::gotConnection)).toList();
        long[] arrivals = answered.stream().mapToLong(r -> Math.round(gotConnection(r) * 1e9)).toArray();
        // Request i of a constant-rate schedule is scheduled at i / rate.
        int[] answeredSessions = answered.stream()
                .mapToInt(r -> sessions[(int) Math.round(r.sched() * l.ratePerSec())]).toArray();
        int simulated = PoolSimulation.rejected(arrivals, answeredSessions, keys.size(), l.limit(),
                s.bucketFactory());
        int rejected = (int) answered.stream().filter(SizePoolExperiment::rejected).count();
        return new SizePoolResult.LiveRow(keys.size(), schedule.count(), answered.size() - rejected, rejected,
                schedule.count() - answered.size(), exits, pct(rejected, answered.size()),
                pct(simulated, answered.size()));
    }

    private static boolean rejected(RequestRecord r) {
        return r.status() != null && r.status() == 429;
    }

    /** When the request got its connection, seconds from the stream's start. */
    private static double gotConnection(RequestRecord r) {
        return r.sched() + r.startLag() + (r.queue() == null ? 0 : r.queue());
    }

    /** Sends one trace request per session (opening its connection) and counts the distinct exit IPs reported. */
    private static Integer exits(ProxyClient client, List<String> keys, URI traceUrl, Duration timeout)
            throws Exception {
        ProxyRequest trace = ProxyRequest.get(traceUrl.toString());
        Set<String> ips = new HashSet<>();
        CompletableFuture.allOf(keys.stream().map(k -> client.send(trace.withSessionKey(k))
                .thenAccept(r -> ip(r).ifPresent(ip -> {
                    synchronized (ips) {
                        ips.add(ip);
                    }
                }))
                .exceptionally(e -> null)).toArray(CompletableFuture[]::new))
                .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        return ips.size();
    }

    private static Optional<String> ip(ProxyResponse r) {
        return Optional.ofNullable(Trace.of(r.body()).value("ip"));
    }

    /** A few random characters per run, so that its sessions (and their exits' buckets) are new to the target. */
    private static String runId() {
        return Long.toString(Math.floorMod(new SecureRandom().nextLong(), 36L * 36 * 36 * 36 * 36), 36);
    }

    private static double pct(int part, int whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }
}
