package io.proxybench.analysis.stats;

import io.proxybench.records.Outcome;
import io.proxybench.records.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Everything {@code run}, {@code analyze}, {@code compare}, the thresholds and the reports say about a run, filled
 * in one pass over its records, live or streaming from a file, and mergeable: {@link #add(RunStatistics)} of the
 * shards' statistics equals the statistics of their merged records. This class holds the accumulators; the figures
 * are read through its views, each defined once there by the method that returns it: {@link #outcomes()},
 * {@link #wire()}, {@link #latency()}, {@link #timeline()} and {@link #exits()}. A view reads the statistics as they
 * are when it is asked, not a copy. Memory grows with the run's exits, sessions, connections (a bit each) and
 * seconds (some 70 bytes each), never with its records.
 *
 * <p>Each record added must carry its outcome (the run classifies as it records; readers classify with
 * {@link RecordClassifier} first). A success is a record with status 200, as in the seed's scripts. Not thread-safe:
 * a live run adds under one lock, and reads its views under it too.
 */
public final class RunStatistics {

    /** The first seconds of a schedule, when a fresh JVM is still compiling its send path: start lag apart. */
    public static final double COLD_SECONDS = 2;

    private static final int OUTCOMES = Outcome.values().length;

    // The accumulators, package-private for the views of this package to read; only the add methods write them.

    long records;
    long ok;
    /** Records per outcome, by the outcome's ordinal. */
    final long[] outcomes = new long[OUTCOMES];
    final KeyCounts<String> errors = new KeyCounts<>();
    final Reasons reasons = new Reasons();
    /** Records per status the target answered, 200 included. */
    final KeyCounts<Integer> statuses = new KeyCounts<>();

    long retried;
    long retries;
    long okFirstTry;
    long okSecondTry;
    long okLaterTry;
    final KeyCounts<String> firstErrors = new KeyCounts<>();

    long bytesOut;
    long bytesIn;
    long handshakeBytes;
    /** Records (redirects' included) that carry a byte count. */
    long withBytes;
    boolean bytesLowerBound;

    long newConnections;
    long reusedConnections;
    /** Redirects followed: records of hops, not of requests. */
    long redirects;

    final Latencies latencies = new Latencies();
    /** Start lags of the records scheduled before {@link #COLD_SECONDS}, microseconds. */
    final Histogram coldLagMicros = Micros.histogram();
    /** Start lags of the records scheduled from {@link #COLD_SECONDS} on, microseconds. */
    final Histogram warmLagMicros = Micros.histogram();
    /** Seconds. */
    double maxStartLag;
    /** Body lengths of the successes that carry one, bytes. */
    final Histogram okBodyBytes = Micros.histogram();

    final PerSecond perSecond = new PerSecond();
    /** Scheduled starts, seconds after the run's start; meaningless without records. */
    double firstSched = Double.POSITIVE_INFINITY;
    double lastSched = Double.NEGATIVE_INFINITY;

    final ExitTable exitTable = new ExitTable();
    final KeyCounts<String> okPerCountry = new KeyCounts<>();
    final SessionExits sessions = new SessionExits();
    final TunnelSharing tunnels = new TunnelSharing();

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
        exitTable.add(r);
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
        exitTable.add(o.exitTable);
        okPerCountry.add(o.okPerCountry);
        sessions.add(o.sessions);
        tunnels.add(o.tunnels);
    }

    /** Records added: every scheduled request has one. */
    public long records() {
        return records;
    }

    /** Successes: records with status 200. */
    public long ok() {
        return ok;
    }

    /** What became of the requests: outcomes, errors and their reasons, statuses, tries. */
    public OutcomeView outcomes() {
        return new OutcomeView(this);
    }

    /** Wire bytes and connections: bytes per success, handshakes, reuse, redirects, HTTP/2 to the proxy. */
    public WireView wire() {
        return new WireView(this);
    }

    /** Latency per phase over the successes. */
    public LatencyView latency() {
        return new LatencyView(this);
    }

    /** The run over time: per-second series, steady window, block windows, the schedule and its start lag. */
    public TimelineView timeline() {
        return new TimelineView(this);
    }

    /** Where the successes left: exit IPs, subnets, countries, blocks per exit, sticky sessions. */
    public ExitView exits() {
        return new ExitView(this);
    }

    /** What the figures leave out, in words: empty when nothing. */
    public List<String> bounds() {
        List<String> notes = new ArrayList<>();
        if (exitTable.untracked() > 0) {
            notes.add(exitTable.untracked() + " records went through exits past the first " + ExitTable.MAX_EXITS
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
}
