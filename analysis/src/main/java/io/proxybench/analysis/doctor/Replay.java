package io.proxybench.analysis.doctor;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What {@link NewConnections} adds up over a run's records: counts, and samples kept as histograms. Its memory does
 * not grow with the records: sets are of sessions, maps of labels. Times are in seconds, samples of gaps in
 * microseconds. Every figure but {@link #records}, {@link #described} and {@link #cutLines} is of the followed
 * sessions' answered records only.
 */
final class Replay {
    /** Records read, every one. */
    int records;
    /**
     * Records with a connection ({@code conn} and {@code reused} present) of a followed session, and failed records
     * that say whether theirs was new ({@code reused} without {@code conn}).
     */
    int answered;
    /** Records with a connection of sessions beyond the ones followed, left out of every other figure. */
    int leftOut;
    /** Whether any record has the {@code scheme} or {@code closed} field. */
    boolean described;
    /** Each source's cut last line, in words. */
    final List<String> cutLines = new ArrayList<>();

    /** Distinct sessions in each source, added up. */
    long sessions;
    /** Requests of each (source, session) that named a session. */
    final Sample requestsPerSession = new Sample();
    /** Waits for a pool slot of at least {@link Doctor#QUEUED_SECONDS}, of requests not over HTTP/2, microseconds. */
    final Sample waits = new Sample();
    /** The {@code request} phase of the requests that have one, microseconds. */
    final Sample requestPhases = new Sample();

    /** New connections, every kind. */
    int created;
    /** New connections by why they were opened. */
    final Map<NewConnections.Kind, Integer> byKind = new EnumMap<>(NewConnections.Kind.class);
    /** For each {@link NewConnections.Kind#IDLE_LOST}, how long the idle connection had been idle, microseconds. */
    final Sample idleLost = new Sample();
    /** For each {@link NewConnections.Kind#CLOSED}, the {@code closed} label of the connection it replaced. */
    final Map<String, Integer> closedBy = new TreeMap<>();
    /** Sessions whose first connection through a scheme came after their first through another. */
    final Set<String> mixedSessions = new TreeSet<>();
    /** The proxy schemes {@link #mixedSessions} were used through. */
    SortedSet<String> mixedSchemes = new TreeSet<>();

    /** The longest a connection was idle before it was reused, seconds; -1 when none was reused. */
    double maxReusedGap = -1;
    /** Per key, for each request after its first, how long nothing of the key was in flight before it, when not 0. */
    final Sample idleGaps = new Sample();
    /** Connection ids created more than once within one source: several clients wrote it. */
    int reopenedIds;
    /** Connections a client used for a key another client had first, opened before its records begin (warm-up). */
    int sharedPreOpened;
    /** The most requests any (source, scheme, session) had holding connections at one time. */
    int peakPerKey;
    /** New connections whose ids are beyond {@link ConnIds#LIMIT}: not checked against the ids before them. */
    int untrackedIds;

    void count(NewConnections.Kind kind) {
        created++;
        byKind.merge(kind, 1, Integer::sum);
    }

    int created(NewConnections.Kind kind) {
        return byKind.getOrDefault(kind, 0);
    }

    int closed(String reason) {
        return closedBy.getOrDefault(reason, 0);
    }
}
