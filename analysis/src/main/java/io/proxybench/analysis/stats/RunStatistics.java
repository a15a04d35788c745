package io.proxybench.analysis.stats;

import io.proxybench.analysis.BlockClassifier;
import io.proxybench.analysis.BlockCount;
import io.proxybench.analysis.FailureReason;
import io.proxybench.analysis.FirstTries;
import io.proxybench.analysis.GatewayUse;
import io.proxybench.analysis.Percentiles;
import io.proxybench.analysis.SteadyWindow;
import io.proxybench.analysis.Tally;
import io.proxybench.analysis.asn.Ipv4;
import io.proxybench.records.Outcome;
import io.proxybench.records.Phase;
import io.proxybench.records.RequestRecord;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Everything {@code run}, {@code analyze}, {@code compare}, the thresholds and the reports say about a run, filled
 * in one pass over its records, live or streaming from a file, and mergeable: {@link #add(RunStatistics)} of the
 * shards' statistics equals the statistics of their merged records. Every figure is defined once, here, by the
 * method that returns it. Memory grows with the run's exits, sessions, connections (a bit each) and seconds (some
 * 70 bytes each), never with its records.
 *
 * <p>Each record added must carry its outcome (the run classifies as it records; readers classify with
 * {@link RecordClassifier} first). A success is a record with status 200, as in the seed's scripts. Not thread-safe:
 * a live run adds under one lock.
 */
public final class RunStatistics {

    /** The first seconds of a schedule, when a fresh JVM is still compiling its send path: start lag apart. */
    public static final double COLD_SECONDS = 2;

    private static final int OUTCOMES = Outcome.values().length;

    private long records;
    private long ok;
    private final long[] outcomes = new long[OUTCOMES];
    private final KeyCounts<String> errors = new KeyCounts<>();
    private final Reasons reasons = new Reasons();
    /** Records per status the target answered, 200 included. */
    private final KeyCounts<Integer> statuses = new KeyCounts<>();

    private long retried;
    private long retries;
    private long okFirstTry;
    private long okSecondTry;
    private long okLaterTry;
    private final KeyCounts<String> firstErrors = new KeyCounts<>();

    private long bytesOut;
    private long bytesIn;
    private long handshakeBytes;
    private long withBytes;
    private boolean bytesLowerBound;

    private long newConnections;
    private long reusedConnections;
    /** Redirects followed: records of hops, not of requests. */
    private long redirects;

    private final Latencies latencies = new Latencies();
    private final Histogram coldLagMicros = Micros.histogram();
    private final Histogram warmLagMicros = Micros.histogram();
    private double maxStartLag;
    private final Histogram okBodyBytes = Micros.histogram();

    private final PerSecond perSecond = new PerSecond();
    private double firstSched = Double.POSITIVE_INFINITY;
    private double lastSched = Double.NEGATIVE_INFINITY;

    private final ExitTable exits = new ExitTable();
    private final KeyCounts<String> okPerCountry = new KeyCounts<>();
    private final SessionExits sessions = new SessionExits();
    private final TunnelSharing tunnels = new TunnelSharing();

    /** The statistics of records that carry their outcomes, e.g. a small experiment's. */
    public static RunStatistics of(Iterable<RequestRecord> records) {
        RunStatistics stats = new RunStatistics();
        records.forEach(stats::add);
        return stats;
    }

    /**
     * Adds one record.
     *
     * @throws IllegalArgumentException when the record has no outcome: classify it first
     */
    public void add(RequestRecord r) {
        if (r.redirect()) {
            addRedirect(r);
            return;
        }
        Outcome outcome = r.outcome();
        if (outcome == null) {
            throw new IllegalArgumentException("the record scheduled at " + r.sched() + " s has no outcome;"
                    + " classify records (RecordClassifier) before adding them");
        }
        records++;
        outcomes[outcome.ordinal()]++;
        if (r.error() != null) {
            errors.add(r.error(), 1);
            if (r.reason() != null) {
                reasons.add(r.error(), r.reason(), 1);
            }
        }
        if (r.status() != null) {
            statuses.add(r.status(), 1);
        }
        int attempt = r.attempt() == null ? 1 : r.attempt();
        if (attempt > 1) {
            retried++;
            retries += attempt - 1;
            if (r.firstError() != null) {
                firstErrors.add(r.firstError(), 1);
            }
        }
        addWire(r);
        (r.sched() < COLD_SECONDS ? coldLagMicros : warmLagMicros).recordValue(Micros.of(r.startLag()));
        maxStartLag = Math.max(maxStartLag, r.startLag());
        firstSched = Math.min(firstSched, r.sched());
        lastSched = Math.max(lastSched, r.sched());
        perSecond.add(r);
        exits.add(r);
        sessions.add(r);
        tunnels.add(r);
        if (r.ok()) {
            ok++;
            okFirstTry += attempt <= 1 ? 1 : 0;
            okSecondTry += attempt == 2 ? 1 : 0;
            okLaterTry += attempt > 2 ? 1 : 0;
            latencies.add(r);
            if (r.bodyLen() != null) {
                okBodyBytes.recordValue(Math.max(0, r.bodyLen()));
            }
            if (r.loc() != null) {
                okPerCountry.add(r.loc(), 1);
            }
        }
    }

    /**
     * A redirect a request followed ({@link RequestRecord#redirect()}): its wire bytes and connection count, as the
     * bytes and handshakes they were, toward the request's; nothing else, the request's own record telling its
     * outcome and latency.
     */
    private void addRedirect(RequestRecord r) {
        redirects++;
        addWire(r);
    }

    /** The record's wire bytes, and its connection as opened or reused. */
    private void addWire(RequestRecord r) {
        if (r.bytesOut() != null || r.bytesIn() != null) {
            withBytes++;
        }
        bytesOut += r.bytesOut() == null ? 0 : r.bytesOut();
        bytesIn += r.bytesIn() == null ? 0 : r.bytesIn();
        handshakeBytes += r.handshakeBytes() == null ? 0 : r.handshakeBytes();
        bytesLowerBound |= sharesConnection(r);
        if (r.reused() != null) {
            if (r.reused()) {
                reusedConnections++;
            } else {
                newConnections++;
            }
        }
    }

    /** Adds another part of the same run (a shard, or a window pooled into a total). */
    public void add(RunStatistics o) {
        records += o.records;
        ok += o.ok;
        for (int i = 0; i < OUTCOMES; i++) {
            outcomes[i] += o.outcomes[i];
        }
        errors.add(o.errors);
        reasons.add(o.reasons);
        statuses.add(o.statuses);
        retried += o.retried;
        retries += o.retries;
        okFirstTry += o.okFirstTry;
        okSecondTry += o.okSecondTry;
        okLaterTry += o.okLaterTry;
        firstErrors.add(o.firstErrors);
        bytesOut += o.bytesOut;
        bytesIn += o.bytesIn;
        handshakeBytes += o.handshakeBytes;
        withBytes += o.withBytes;
        bytesLowerBound |= o.bytesLowerBound;
        newConnections += o.newConnections;
        reusedConnections += o.reusedConnections;
        redirects += o.redirects;
        latencies.add(o.latencies);
        coldLagMicros.add(o.coldLagMicros);
        warmLagMicros.add(o.warmLagMicros);
        maxStartLag = Math.max(maxStartLag, o.maxStartLag);
        okBodyBytes.add(o.okBodyBytes);
        perSecond.add(o.perSecond);
        firstSched = Math.min(firstSched, o.firstSched);
        lastSched = Math.max(lastSched, o.lastSched);
        exits.add(o.exits);
        okPerCountry.add(o.okPerCountry);
        sessions.add(o.sessions);
        tunnels.add(o.tunnels);
    }

    // ---- counts

    /** Records added: every scheduled request has one. */
    public long records() {
        return records;
    }

    /** Successes: records with status 200. */
    public long ok() {
        return ok;
    }

    /** Successes over all records, 0..1; null without records. */
    public Double successRate() {
        return records == 0 ? null : (double) ok / records;
    }

    /** Records of {@code outcome}. */
    public long outcome(Outcome outcome) {
        return outcomes[outcome.ordinal()];
    }

    /** Records per outcome, all five in order, keyed by their JSON names. */
    public Map<String, Long> outcomes() {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (Outcome o : Outcome.values()) {
            counts.put(o.jsonName(), outcomes[o.ordinal()]);
        }
        return counts;
    }

    /** Records whose outcome is data: what cost is counted per. */
    public long accepted() {
        return outcome(Outcome.DATA);
    }

    /** Records the target answered (all but proxy failures): the block rates' denominator. */
    public long answered() {
        return records - outcome(Outcome.PROXY_FAILURE);
    }

    /** Hard blocks over {@link #answered()}, 0..1; 0 when nothing was answered. */
    public double hardBlockRate() {
        return share(outcome(Outcome.HARD_BLOCK), answered());
    }

    /** Soft blocks over {@link #answered()}, 0..1; 0 when nothing was answered. */
    public double softBlockRate() {
        return share(outcome(Outcome.SOFT_BLOCK), answered());
    }

    /** Records that did not succeed, over all records, 0..1; 0 without records. */
    public double failureRate() {
        return share(records - ok, records);
    }

    /** Records with an error (no status), by error label ({@code <phase>_<Reason>}). */
    public SortedMap<String, Long> errors() {
        return errors.toMap();
    }

    /**
     * The {@code n} most frequent reasons proxies gave for failed records (a refused CONNECT's {@code Proxy-Status}
     * or first body line, a SOCKS5 reply in words), with their error labels, most records first.
     */
    public List<FailureReason> reasons(int n) {
        return reasons.mostFrequent(n);
    }

    /** Records per status the target answered, 200 included. */
    public SortedMap<Integer, Long> statuses() {
        return statuses.toMap();
    }

    /** Records with an error (no status), by the phase of their error ({@code connect} of {@code connect_407}). */
    public SortedMap<String, Long> errorsByPhase() {
        SortedMap<String, Long> byPhase = new TreeMap<>();
        errors.toMap().forEach((label, n) -> byPhase.merge(BlockClassifier.phaseOf(label), n, Long::sum));
        return byPhase;
    }

    /**
     * Records that did not succeed, by the phase of their error ({@code connect} of {@code connect_407}), or
     * {@code status} when the target answered with a status other than 200.
     */
    public SortedMap<String, Long> failuresByPhase() {
        SortedMap<String, Long> byPhase = errorsByPhase();
        long otherStatus = statuses.toMap().entrySet().stream().filter(e -> e.getKey() != 200)
                .mapToLong(Map.Entry::getValue).sum();
        if (otherStatus > 0) {
            byPhase.merge("status", otherStatus, Long::sum);
        }
        return byPhase;
    }

    // ---- tries

    /** First tries apart from retries. */
    public FirstTries firstTries() {
        return new FirstTries(okFirstTry, retried, retries, okSecondTry + okLaterTry, new TreeMap<>(firstErrors.toMap()));
    }

    /** Successes on the first try or on the one retry after it ({@code attempt} at most 2). */
    public long okAfterOneRetry() {
        return okFirstTry + okSecondTry;
    }

    /** Successes on a later try than that. */
    public long okAfterMoreRetries() {
        return okLaterTry;
    }

    // ---- bytes

    /** Wire bytes of every record that carries them, failures and retries included; null when none does. */
    public Long wireBytes() {
        return withBytes == 0 ? null : bytesOut + bytesIn;
    }

    /** Bytes sent, of every record that carries them; 0 when none does. */
    public long bytesOut() {
        return bytesOut;
    }

    /** Bytes received, of every record that carries them; 0 when none does. */
    public long bytesIn() {
        return bytesIn;
    }

    /** Handshake bytes (proxy and TLS) within {@link #wireBytes()}; null when no record carries bytes. */
    public Long handshakeBytes() {
        return withBytes == 0 ? null : handshakeBytes;
    }

    /**
     * Bytes per successful request as seed 002 means it: all wire bytes of the run (failures, blocks and retries
     * included) over the successes; null when no record carries bytes or nothing succeeded.
     */
    public Double bytesPerSuccess() {
        return withBytes == 0 || ok == 0 ? null : (double) (bytesOut + bytesIn) / ok;
    }

    /**
     * Whether the bytes are a lower bound: some requests shared an HTTP/2 connection (to the target, or to the
     * proxy), and such a request is charged its own payload only, not the shared connection's frames, headers, TLS
     * records or handshake.
     */
    public boolean bytesLowerBound() {
        return bytesLowerBound && withBytes > 0;
    }

    // ---- connections

    /**
     * Connections the run's requests opened: the records (requests and the redirects they followed) whose last send
     * opened its connection ({@code reused} false), a setup that failed after its TCP handshake included. A connection the client opened and no record
     * names (one a retry left behind, the warm-up's) is in the client's counters only.
     */
    public long connectionsOpened() {
        return newConnections;
    }

    /**
     * Redirects the run's requests followed ({@code run -L}): each has a record of its own, which counts toward the
     * wire bytes and connections, not toward {@link #records()}.
     */
    public long redirects() {
        return redirects;
    }

    /** Records that ran on a connection already open ({@code reused} true). */
    public long reusedConnections() {
        return reusedConnections;
    }

    /**
     * New connections (tunnels) per 1,000 requests, over the records that say whether theirs was new or reused (a
     * redirect followed is a request on the wire); null when none does.
     */
    public Double handshakesPer1000() {
        long named = newConnections + reusedConnections;
        return named == 0 ? null : 1000.0 * newConnections / named;
    }

    /** Share (0..1) of those records that ran on a reused connection; null when none says. */
    public Double reuseRate() {
        long named = newConnections + reusedConnections;
        return named == 0 ? null : (double) reusedConnections / named;
    }

    /** How tunnels shared HTTP/2 connections to the proxy; empty when no record rode one. */
    public Optional<GatewayUse> gatewayUse() {
        long gateways = tunnels.gatewayConnections();
        return gateways == 0 ? Optional.empty() : Optional.of(new GatewayUse(gateways, tunnels.streamTunnels(),
                (double) tunnels.streamTunnels() / gateways, tunnels.socketTunnels()));
    }

    /** Whether tunnels rode HTTP/2 connections to the proxy; null when no record says how it reached the proxy. */
    public Boolean http2ToProxy() {
        return tunnels.gatewayConnections() > 0 ? Boolean.TRUE : tunnels.named() ? Boolean.FALSE : null;
    }

    // ---- latency

    /**
     * p50, p90 and p99 in milliseconds of {@code phase} over the successes on the given kinds of connection (all
     * when none is given); null when no such success had the phase. HdrHistogram's percentiles: the value at or
     * below which that share of the values lie, within 0.1%.
     */
    public Percentiles latency(Phase phase, Reuse... reuses) {
        return Percentiles.ofMicros(latencies.of(phase, reuses));
    }

    /** {@link #latency} of every phase any success had, in phase order, keyed by the phases' JSON names. */
    public Map<String, Percentiles> phases() {
        Map<String, Percentiles> result = new LinkedHashMap<>();
        for (Phase phase : Phase.values()) {
            Percentiles p = latency(phase);
            if (p != null) {
                result.put(phase.jsonName(), p);
            }
        }
        return result;
    }

    /** The histogram of {@code phase} over successes on the given kinds of connection, microseconds: a copy. */
    public Histogram latencyMicros(Phase phase, Reuse... reuses) {
        return latencies.of(phase, reuses);
    }

    /** The largest start lag (send time minus scheduled time), milliseconds. */
    public double maxStartLagMs() {
        return maxStartLag * 1000;
    }

    /**
     * p99 of start lag in milliseconds over the records scheduled from {@link #COLD_SECONDS} on ({@code warm}), or
     * over all records; NaN when there are none.
     */
    public double startLagP99Ms(boolean warm) {
        Histogram lags = Micros.histogram();
        lags.add(warmLagMicros);
        if (!warm) {
            lags.add(coldLagMicros);
        }
        return lags.getTotalCount() == 0 ? Double.NaN : lags.getValueAtPercentile(99) / 1e3;
    }

    /** Median body length of the successes that carry one, bytes (within 0.1%); null when none does. */
    public Double medianBodyBytes() {
        return okBodyBytes.getTotalCount() == 0 ? null : (double) okBodyBytes.getValueAtPercentile(50);
    }

    // ---- time

    /** The steady-state window (seed 002's rule); empty when the run has none. */
    public Optional<SteadyWindow> steady() {
        return SteadyWindow.of(steadySeconds());
    }

    /**
     * Successes in each second of the steady window, from second 1 on: seed 002's {@code steady.py} counts successes
     * per whole second of {@code done}, drops second 0 (ramp-up) and stops before the second in which the cumulative
     * count reaches 90% of all successes; empty array when there is no such second.
     */
    public long[] steadySeconds() {
        long successes = 0;
        for (int s = 0; s < perSecond.length(); s++) {
            successes += perSecond.ok(s);
        }
        if (successes == 0) {
            return new long[0];
        }
        int end = perSecond.length() - 1;
        long cumulative = 0;
        for (int s = 0; s < perSecond.length(); s++) {
            cumulative += perSecond.ok(s);
            if (perSecond.ok(s) > 0 && cumulative >= 0.9 * successes) {
                end = s;
                break;
            }
        }
        long[] window = new long[Math.max(0, end - 1)];
        for (int s = 1; s < end; s++) {
            window[s - 1] = perSecond.ok(s);
        }
        return window;
    }

    /** Seconds requests spent in flight within the steady window's seconds, summed; 0 without a window. */
    public double steadyInFlightSeconds() {
        double sum = 0;
        int end = 1 + steadySeconds().length;
        for (int s = 1; s < end; s++) {
            sum += perSecond.inFlightSeconds(s);
        }
        return sum;
    }

    /** The earliest scheduled start, seconds after the run's start; NaN without records. */
    public double firstSched() {
        return records == 0 ? Double.NaN : firstSched;
    }

    /** The latest scheduled start, seconds after the run's start; NaN without records. */
    public double lastSched() {
        return records == 0 ? Double.NaN : lastSched;
    }

    /** Requests scheduled per second: records minus one over the first-to-last scheduled span; null when it is 0. */
    public Double scheduledPerSecond() {
        return records < 2 || !(lastSched > firstSched) ? null : (records - 1) / (lastSched - firstSched);
    }

    /** Seconds the per-second series cover: one past the last second in which a record was done. */
    public int seconds() {
        return perSecond.length();
    }

    /** Successes done in {@code second}. */
    public long okInSecond(int second) {
        return perSecond.ok(second);
    }

    /** Records done in {@code second}. */
    public long doneInSecond(int second) {
        return perSecond.done(second);
    }

    /**
     * Block figures per window of {@code windowSeconds} by {@code done}, keyed by the window's start second; windows
     * without a record are absent.
     */
    public SortedMap<Long, BlockCount> blockWindows(long windowSeconds) {
        if (windowSeconds <= 0) {
            throw new IllegalArgumentException("block-rate window must be at least 1 second, got " + windowSeconds);
        }
        SortedMap<Long, BlockCount> windows = new TreeMap<>();
        for (int s = 0; s < perSecond.length(); s++) {
            if (perSecond.done(s) == 0) {
                continue;
            }
            long start = s / windowSeconds * windowSeconds;
            BlockCount count = new BlockCount(perSecond.done(s), perSecond.outcome(s, Outcome.PROXY_FAILURE),
                    perSecond.outcome(s, Outcome.HARD_BLOCK), perSecond.outcome(s, Outcome.SOFT_BLOCK));
            windows.merge(start, count, BlockCount::plus);
        }
        return windows;
    }

    /** Records done before the run's start or a week or more after it, in no per-second figure. */
    public long outsideSeconds() {
        return perSecond.outside();
    }

    // ---- exits

    /** Distinct exit IPs of the successes (of the tracked exits; see {@link #bounds()}). */
    public int uniqueExitIps() {
        return (int) exits.exits().values().stream().filter(e -> e.ok > 0).count();
    }

    /** The distinct exit IPs of the successes, in no order. */
    public Set<String> exitIps() {
        Set<String> ips = new HashSet<>();
        exits.exits().forEach((ip, e) -> {
            if (e.ok > 0) {
                ips.add(ip);
            }
        });
        return ips;
    }

    /** Distinct IPv4 /24 subnets among the successes' exit IPs (IPv6 exits are not counted). */
    public int uniqueSubnets() {
        Set<Long> subnets = new HashSet<>();
        for (String ip : exitIps()) {
            long address = Ipv4.parse(ip);
            if (address != Ipv4.INVALID) {
                subnets.add(address >>> 8);
            }
        }
        return subnets.size();
    }

    /** Successes per exit country ({@code loc}), most common first, ties in code order. */
    public List<Tally> okPerCountry() {
        return Tally.mostCommonFirst(okPerCountry.toMap());
    }

    /** Share (0..1) of the successes with an exit IP that went out through the most-used one; 0 when none has one. */
    public double topExitShare() {
        long withIp = 0;
        long top = 0;
        for (ExitTable.Exit e : exits.exits().values()) {
            withIp += e.ok;
            top = Math.max(top, e.ok);
        }
        return withIp == 0 ? 0 : (double) top / withIp;
    }

    /** Distinct exit IPs of the successes the target placed in {@code country} (ISO code, any case). */
    public int exitIpsIn(String country) {
        return (int) exits.exits().values().stream()
                .filter(e -> e.ok > 0 && e.okLocs.stream().anyMatch(country::equalsIgnoreCase)).count();
    }

    /** Distinct exit IPs of the successes per group: their /24 ({@code a.b.c.0/24}) or their country. */
    public Map<String, Long> exitIpsPer(boolean subnet) {
        Map<String, Long> groups = new HashMap<>();
        exits.exits().forEach((ip, e) -> {
            if (e.ok == 0) {
                return;
            }
            if (subnet) {
                if (Ipv4.parse(ip) != Ipv4.INVALID) {
                    groups.merge(ip.substring(0, ip.lastIndexOf('.')) + ".0/24", 1L, Long::sum);
                }
            } else {
                e.okLocs.forEach(loc -> groups.merge(loc, 1L, Long::sum));
            }
        });
        return groups;
    }

    /** Block figures per exit IP, of every record that reported one; IP text order. */
    public SortedMap<String, BlockCount> blockExits() {
        SortedMap<String, BlockCount> perIp = new TreeMap<>();
        exits.exits().forEach((ip, e) -> perIp.put(ip, new BlockCount(e.requests(),
                e.outcome(Outcome.PROXY_FAILURE), e.outcome(Outcome.HARD_BLOCK), e.outcome(Outcome.SOFT_BLOCK))));
        return perIp;
    }

    // ---- sessions

    /** Sticky sessions with at least two successes that reported an exit IP. */
    public long judgedSessions() {
        return sessions.judged();
    }

    /** Those of them whose successes all left through one exit IP. */
    public long stickySessionsKept() {
        return sessions.kept();
    }

    /** What the figures leave out, in words: empty when nothing. */
    public List<String> bounds() {
        List<String> notes = new ArrayList<>();
        if (exits.untracked() > 0) {
            notes.add(exits.untracked() + " records went through exits past the first " + ExitTable.MAX_EXITS
                    + " distinct exit IPs: exit figures count the first " + ExitTable.MAX_EXITS + " exits only");
        }
        if (sessions.untracked() > 0) {
            notes.add(sessions.untracked() + " successes belong to sessions past the first "
                    + SessionExits.MAX_SESSIONS + ": stickiness is judged on the first " + SessionExits.MAX_SESSIONS
                    + " sessions only");
        }
        if (reasons.untracked() > 0) {
            notes.add(reasons.untracked() + " failed records carried a reason past the first " + Reasons.MAX_REASONS
                    + " distinct ones: the reasons shown count the first " + Reasons.MAX_REASONS + " only");
        }
        if (perSecond.outside() > 0) {
            notes.add(perSecond.outside() + " records were done before the run's start or a week or more after it:"
                    + " they are in no per-second figure (steady window, block windows)");
        }
        return notes;
    }

    private static boolean sharesConnection(RequestRecord r) {
        return "h2".equals(r.http()) || r.gatewayConnectionId() != null && r.gatewayConnectionId() > 0;
    }

    private static double share(long part, long whole) {
        return whole == 0 ? 0 : (double) part / whole;
    }
}
