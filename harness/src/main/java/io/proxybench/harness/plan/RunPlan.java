package io.proxybench.harness.plan;

import io.proxybench.analysis.Expect;
import io.proxybench.analysis.diagnosis.EarlyFailures;
import io.proxybench.analysis.diagnosis.SetupContext;
import io.proxybench.analysis.threshold.Thresholds;
import io.proxybench.client.PoolLimits;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.RedirectPolicy;
import io.proxybench.client.Timeouts;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.harness.Durations;
import io.proxybench.harness.engine.Records;
import io.proxybench.harness.engine.RunResult;
import io.proxybench.harness.engine.Runner;
import io.proxybench.harness.schedule.ArrivalSchedule;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What a run does, as a value: its schedule (or closed-loop workers), the requests it rotates over, the client it
 * sends them with, and how it treats them (limits, retries, warm-up, checks). A {@link Runner} executes it into a
 * {@link RunResult}. Build one with {@link #builder}; every setter names what it sets, and {@link Builder#build}
 * checks the whole plan, naming the setting at fault.
 *
 * @param schedule the arrivals this process fires (a shard's segment of a larger schedule); null for a closed loop
 * @param closedLoop the closed-loop comparison's workers and length; null for the open loop
 * @param targets the requests, request {@code n} sending target {@code n % size}, or a draw when
 *     {@code randomTargetsSeed} is set
 * @param randomTargetsSeed null to take targets in turn; else request {@code n} sends a target drawn from this seed
 *     and {@code n} alone (so every shard, and every rerun with the seed, draws the same target for {@code n})
 * @param proxies proxies that request {@code n} rotates over ({@code n % size}); empty to use the client's proxy
 * @param sessionKeys session keys request {@code n} rotates over ({@code n % size}); empty without sessions
 * @param client the client's settings; the runner builds its client from them, keeping only as much of each body as
 *     the run's checks need
 * @param timeouts the client's per-phase timeouts, which bound the drain
 * @param maxInFlight requests in flight at most, later ones waiting in a counted backlog; 0 for no limit
 * @param retries sends after a failed one, each on a new connection; 0 for none
 * @param warmUpSessions whether one request per session goes out before the run, outside its statistics
 * @param warmUpFor how long the run's own requests go out at its peak rate before it, all discarded; zero for none
 * @param warmUpRate requests per second of that warm-up (the schedule's peak); unused by a closed loop, whose warm-up
 *     runs its workers
 * @param warmUpByDefault whether that warm-up is {@link #defaultWarmUp the default for the rate}, not one asked for
 * @param expect what a 2xx body must hold to be data; null to take every 2xx as data
 * @param keepBody whether records carry their bodies
 * @param maxBodyBytes bytes of a body kept for {@code expect} or {@code keepBody}; the rest is counted, not kept
 * @param segment the shard's execution segment, written into every record; null for a whole run
 * @param startAt when the schedule starts (shards of one run share it; the warm-up ends just before it); null to
 *     start at once
 * @param planned the schedule's length (or the closed loop's), for the time left on a progress line
 * @param thresholds conditions that fail the run ({@code --fail-if}), checked at its end
 * @param abortOnFail whether a failed threshold also stops the run early: checked every second once
 *     {@link #ABORT_MIN_RECORDS} records are in
 * @param setup where the requests go and where the proxy's credentials came from, for the diagnosis of a run whose
 *     first requests all fail in setup ({@link EarlyFailures})
 * @param keepGoing whether such a run goes on to its end instead of stopping with the diagnosis
 */
public record RunPlan(ArrivalSchedule schedule, ClosedLoop closedLoop, List<ProxyRequest> targets,
        Long randomTargetsSeed, List<ProxySpec> proxies, List<String> sessionKeys, ProxyClient.Builder client, Timeouts timeouts,
        int maxInFlight, int retries, boolean warmUpSessions, Duration warmUpFor, double warmUpRate,
        boolean warmUpByDefault, Expect expect,
        boolean keepBody, int maxBodyBytes, String segment, Instant startAt, Duration planned,
        Thresholds thresholds, boolean abortOnFail, SetupContext setup, boolean keepGoing) {

    /** The exit code of a run stopped because its first requests all failed in setup ({@link EarlyFailures}). */
    public static final int SETUP_FAILED_EXIT_CODE = 3;

    /** Bytes of a body kept when no check needs the whole body: enough for a trace endpoint's fields. */
    public static final int TRACE_BODY_BYTES = 16 << 10;

    /**
     * How long an open loop warms up unless told otherwise, at its peak rate: one second per 200 requests per
     * second, from half a second to five (five from 1,000 req/s up). The JIT compiles a method for good after some
     * thousands of calls and seconds of compiling, so a faster schedule, whose cold start costs more start lag, needs
     * those thousands before it: run cold at 2,000 req/s, the first seconds had a total p99 ten times the warm run's;
     * at 1,000 req/s through the lab, start lag p99 was 4.5 ms after 1 s of warm-up and 0.5 ms after 5 s.
     */
    public static Duration defaultWarmUp(double peakRatePerSecond) {
        double seconds = Math.max(0.5, Math.min(5, peakRatePerSecond / 200));
        return Duration.ofMillis(Math.round(seconds * 1000));
    }

    /** Records in before a failed threshold may stop a run early: a handful of requests says little. */
    public static final int ABORT_MIN_RECORDS = 100;

    /** A start time passed longer ago than this is refused: the shard would crowd its share into less time. */
    public static final Duration LATE_LIMIT = Duration.ofSeconds(1);

    /**
     * How long before {@code startAt} a warm-up ends: time for its drain, and short enough that the tunnels it
     * opened are fresh when the schedule starts.
     */
    public static final Duration WARM_UP_MARGIN = Duration.ofSeconds(5);

    /** Bytes of a body kept by default when a check or {@code keepBody} needs it. */
    public static final int DEFAULT_MAX_BODY_BYTES = 16 << 20;

    /**
     * The closed-loop comparison: workers that each wait for a reply before sending again.
     *
     * @param workers at least 1
     * @param duration how long workers start new requests
     */
    public record ClosedLoop(int workers, Duration duration) {}

    public RunPlan {
        targets = List.copyOf(targets);
        proxies = List.copyOf(proxies);
        sessionKeys = List.copyOf(sessionKeys);
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * A client as a run uses it: pools large enough never to be the limit (4,096 connections per key and per exit,
     * 65,536 in all), idle connections kept {@code keepAlive} (zero closes each after its request), and a wait for a
     * slot of at most {@code timeouts}' response-head timeout; redirects are not followed (a run measures the
     * responses it asked for).
     */
    public static ProxyClient.Builder client(Duration keepAlive, Timeouts timeouts) {
        return ProxyClient.builder().redirects(RedirectPolicy.none()).limits(PoolLimits.builder().maxPerKey(4096).maxPerExit(4096).maxTotal(65536)
                .keepAlive(keepAlive).acquireTimeout(timeouts.responseHead()).build());
    }

    /** Request {@code n} of the run: its target, and its proxy and session key when the plan rotates them. */
    public ProxyRequest request(long n) {
        ProxyRequest r = targets.get(randomTargetsSeed == null ? (int) (n % targets.size())
                : (int) Math.floorMod(mix(n + randomTargetsSeed * 0x9E3779B97F4A7C15L), (long) targets.size()));
        if (!proxies.isEmpty()) {
            r = r.withProxy(proxies.get((int) (n % proxies.size())));
        }
        return sessionKeys.isEmpty() ? r : r.withSessionKey(sessionKeys.get((int) (n % sessionKeys.size())));
    }

    /** SplitMix64's finaliser: consecutive inputs give unrelated outputs. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The schedule in words, or the closed loop's, as the summary's first line starts. */
    public String describe() {
        return closedLoop == null ? schedule.describe()
                : "closed loop, " + closedLoop.workers() + " workers for " + Durations.format(closedLoop.duration());
    }

    /** How long requests may wait for replies after the last start: a pool wait, then every send to its timeout. */
    public long drainNanos() {
        return timeouts.responseHead().toNanos() + timeouts.longestCall().toNanos() * (1 + retries);
    }

    /**
     * What a diagnosis names of requests through {@code proxy} to {@code target}.
     *
     * @param proxy the proxy, or null when the requests go direct
     * @param credentialsFrom where the proxy and its credentials were given, e.g. {@code --proxy}
     */
    public static SetupContext setupContext(ProxySpec proxy, String credentialsFrom, URI target) {
        return new SetupContext(proxy == null ? null : proxy.scheme().text() + "://" + proxy.endpoint(),
                proxy != null && proxy.credentials() != null, credentialsFrom, origin(target));
    }

    /** The origin of {@code uri}, e.g. {@code https://127.0.0.1:8443}: what a diagnosis names as the target. */
    public static String origin(URI uri) {
        return uri.getScheme() + "://" + uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort());
    }

    /** Builds a plan setting by setting; see {@link RunPlan} for what each means. */
    public static final class Builder {
        private ArrivalSchedule schedule;
        private ClosedLoop closedLoop;
        private List<ProxyRequest> targets = List.of();
        private Long randomTargetsSeed;
        private List<ProxySpec> proxies = List.of();
        private List<String> sessionKeys = List.of();
        private ProxyClient.Builder client = ProxyClient.builder();
        private Timeouts timeouts = Timeouts.defaults();
        private int maxInFlight;
        private int retries;
        private boolean warmUpSessions = true;
        private Duration warmUpFor = Duration.ZERO;
        private double warmUpRate;
        private boolean warmUpByDefault;
        private Expect expect;
        private boolean keepBody;
        private int maxBodyBytes = DEFAULT_MAX_BODY_BYTES;
        private String segment;
        private Instant startAt;
        private Duration planned;
        private Thresholds thresholds = Thresholds.NONE;
        private boolean abortOnFail;
        private SetupContext setup;
        private boolean keepGoing;

        private Builder() {}

        /** The open loop's arrivals, and its length for the progress line. */
        public Builder schedule(ArrivalSchedule schedule, Duration planned) {
            this.schedule = schedule;
            this.planned = planned;
            return this;
        }

        /** The closed-loop comparison instead of a schedule. */
        public Builder closedLoop(int workers, Duration duration) {
            this.closedLoop = new ClosedLoop(workers, duration);
            this.planned = duration;
            return this;
        }

        public Builder targets(List<ProxyRequest> targets) {
            this.targets = targets;
            return this;
        }

        /** Draw each request's target at random from {@code seed}, instead of taking them in turn. */
        public Builder randomTargets(long seed) {
            this.randomTargetsSeed = seed;
            return this;
        }

        public Builder target(ProxyRequest target) {
            return targets(List.of(target));
        }

        public Builder proxies(List<ProxySpec> proxies) {
            this.proxies = proxies;
            return this;
        }

        public Builder sessionKeys(List<String> keys) {
            this.sessionKeys = keys;
            return this;
        }

        /** The client's settings; its timeouts are set from {@link #timeouts}. */
        public Builder client(ProxyClient.Builder client) {
            this.client = client;
            return this;
        }

        public Builder timeouts(Timeouts timeouts) {
            this.timeouts = timeouts;
            return this;
        }

        public Builder maxInFlight(int requests) {
            this.maxInFlight = requests;
            return this;
        }

        public Builder retries(int retries) {
            this.retries = retries;
            return this;
        }

        public Builder warmUpSessions(boolean warmUp) {
            this.warmUpSessions = warmUp;
            return this;
        }

        /** A warm-up of {@code length} at {@code ratePerSecond} before the run, discarded; zero for none. */
        public Builder warmUpFor(Duration length, double ratePerSecond) {
            this.warmUpFor = length;
            this.warmUpRate = ratePerSecond;
            this.warmUpByDefault = false;
            return this;
        }

        /** The {@link #defaultWarmUp default warm-up} for a schedule whose peak is {@code peakRatePerSecond}. */
        public Builder warmUpByDefault(double peakRatePerSecond) {
            warmUpFor(defaultWarmUp(peakRatePerSecond), peakRatePerSecond);
            this.warmUpByDefault = true;
            return this;
        }

        public Builder expect(Expect expect) {
            this.expect = expect;
            return this;
        }

        public Builder keepBody(boolean keep) {
            this.keepBody = keep;
            return this;
        }

        public Builder maxBodyBytes(int bytes) {
            this.maxBodyBytes = bytes;
            return this;
        }

        public Builder segment(String segment) {
            this.segment = segment;
            return this;
        }

        /** Conditions that fail the run; {@code abortOnFail} stops it as soon as one fails. */
        public Builder thresholds(Thresholds thresholds, boolean abortOnFail) {
            this.thresholds = thresholds;
            this.abortOnFail = abortOnFail;
            return this;
        }

        /** Where the requests go and where the proxy's credentials came from, for a diagnosis; see {@link RunPlan}. */
        public Builder setup(SetupContext setup) {
            this.setup = setup;
            return this;
        }

        /** Whether a run whose first requests all fail in setup goes on to its end (true) or stops with a diagnosis. */
        public Builder keepGoing(boolean keepGoing) {
            this.keepGoing = keepGoing;
            return this;
        }

        public Builder startAt(Instant startAt) {
            this.startAt = startAt;
            return this;
        }

        /**
         * The plan, checked.
         *
         * @throws IllegalArgumentException naming the setting at fault
         */
        public RunPlan build() {
            if ((schedule == null) == (closedLoop == null)) {
                throw new IllegalArgumentException("a run plan needs either a schedule or a closed loop, not "
                        + (schedule == null ? "neither" : "both"));
            }
            if (closedLoop != null && (closedLoop.workers() < 1 || closedLoop.duration().isZero()
                    || closedLoop.duration().isNegative())) {
                throw new IllegalArgumentException("a closed loop needs at least 1 worker and a duration above 0");
            }
            if (targets.isEmpty()) {
                throw new IllegalArgumentException("a run plan needs at least one target request");
            }
            if (maxInFlight < 0 || retries < 0) {
                throw new IllegalArgumentException("max in flight and retries must not be negative");
            }
            if (warmUpFor.isNegative() || !warmUpFor.isZero() && closedLoop == null && !(warmUpRate > 0)) {
                throw new IllegalArgumentException("a warm-up needs a length of 0 or more and, before a schedule,"
                        + " a rate above 0");
            }
            if (maxBodyBytes < 0) {
                throw new IllegalArgumentException("max body bytes must not be negative, got " + maxBodyBytes);
            }
            Objects.requireNonNull(client, "client");
            Objects.requireNonNull(timeouts, "timeouts");
            return new RunPlan(schedule, closedLoop, targets, randomTargetsSeed, proxies, sessionKeys, client,
                    timeouts, maxInFlight, retries, warmUpSessions, warmUpFor, warmUpRate, warmUpByDefault, expect, keepBody,
                    maxBodyBytes, segment, startAt, planned == null ? Duration.ZERO : planned, thresholds,
                    abortOnFail, setup != null ? setup : defaultSetup(), keepGoing);
        }

        /** The setup of a plan built without one: the proxies' list, or direct, and the first target. */
        private SetupContext defaultSetup() {
            return setupContext(proxies.isEmpty() ? null : proxies.get(0), "the plan's proxies",
                    targets.get(0).uri());
        }
    }
}
