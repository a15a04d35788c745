package io.proxybench.analysis.doctor;

import io.proxybench.records.RequestRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Why each new connection of a run was opened, worked out from its records alone by replaying every pool key's
 * connections: which were busy, idle, or closed after their last request when the new one was opened.
 *
 * <p>A pool key here is (client, proxy scheme, session): the client's pool never shares a connection across them.
 * The records do not name the origin, so a run is taken to have requested one origin (as {@code proxybench run}
 * with one {@code --url} does). A request holds its connection from {@code sched + start_lag + queue} until
 * {@code done}, all in seconds on the client's clock; the client releases a connection before it records the reply,
 * so a request that started after another's {@code done} found that connection free.
 *
 * <p>Each idle connection that was not reused, and each connection closed after its request, explains at most one
 * new connection: after that it is known to be gone.
 */
final class NewConnections {

    /** Why one new connection was opened. */
    enum Kind {
        /** The first connection of a session that lived through the run: needed. */
        SESSION_START,
        /** Every connection of the key was busy: needed for the concurrency. */
        CONCURRENCY,
        /** The first connection of a session that started after another session had served its last request. */
        SESSION_CHURN,
        /** The first connection of a session the same client already used through another proxy scheme. */
        MIXED_SCHEMES,
        /**
         * The first connection of a session another client (another source) had opened first, or a connection whose
         * id the key had opened before: another client, numbering its connections from 1 too, wrote it.
         */
        CLIENT_POOLS,
        /** A connection of the key had been left open and idle, yet a new one was opened: it was gone. */
        IDLE_LOST,
        /** The key's connections had closed after their last request ({@link Classified#closeReason}). */
        CLOSED
    }

    /**
     * One new connection.
     *
     * @param gapSeconds for {@link Kind#IDLE_LOST}, how long the most recently used idle connection had been idle;
     *     for {@link Kind#CLOSED}, since that connection closed; else 0
     * @param closeReason for {@link Kind#CLOSED}, the {@code closed} label of the connection it replaced
     */
    record Classified(RequestRecord record, String source, Kind kind, double gapSeconds, String closeReason) {}

    /**
     * The replay's result.
     *
     * @param answered records with a connection ({@code conn} and {@code reused} present)
     * @param created the classified new connections, in no particular order
     * @param reusedIdleGaps for each reused request, how long its connection had been idle before it, seconds
     * @param idleGaps for each request after its key's first, how long the key had had nothing in flight before it
     *     (0 when something was in flight), seconds: the per-exit request gap a keep-alive must cover
     * @param sessionsPerSource distinct sessions in each source, by source name
     * @param requestsPerSession requests of each (source, session) with a session, in no particular order
     * @param reopenedIds connection ids created more than once within one source: several clients wrote it
     * @param sharedPreOpened connections a client used for a key another client had first, opened before its records
     *     begin (e.g. by a warm-up): its pool's share of the duplication that no creation record shows
     */
    record Replay(int answered, List<Classified> created, List<Double> reusedIdleGaps, List<Double> idleGaps,
            Map<String, Integer> sessionsPerSource, List<Integer> requestsPerSession, int reopenedIds,
            int sharedPreOpened) {}

    private NewConnections() {}

    static Replay replay(List<Source> sources) {
        List<Classified> created = new ArrayList<>();
        List<Double> reusedGaps = new ArrayList<>();
        List<Double> idleGaps = new ArrayList<>();
        Map<String, Integer> sessions = new LinkedHashMap<>();
        List<Integer> perSession = new ArrayList<>();
        Map<Key, Integer> owners = owners(sources);
        int answered = 0;
        int reopened = 0;
        int sharedPreOpened = 0;
        for (int i = 0; i < sources.size(); i++) {
            Source source = sources.get(i);
            List<RequestRecord> records = source.records().stream().filter(NewConnections::answered)
                    .sorted(Comparator.comparingDouble(NewConnections::start)).toList();
            answered += records.size();
            reopened += reopenedIds(records);
            Map<Key, List<RequestRecord>> byKey = new LinkedHashMap<>();
            Map<String, Double> lastDoneOfSession = new HashMap<>();
            Map<String, Map<String, Double>> schemesOfSession = new HashMap<>();
            Map<String, Integer> requestsOf = new HashMap<>();
            for (RequestRecord r : records) {
                byKey.computeIfAbsent(Key.of(r), k -> new ArrayList<>()).add(r);
                lastDoneOfSession.merge(sessionOf(r), r.done(), Math::max);
                schemesOfSession.computeIfAbsent(sessionOf(r), k -> new HashMap<>())
                        .merge(schemeOf(r), start(r), Math::min);
                if (r.session() != null) {
                    requestsOf.merge(r.session(), 1, Integer::sum);
                }
            }
            sessions.put(source.name(), lastDoneOfSession.size());
            perSession.addAll(requestsOf.values());
            double firstRetirement = lastDoneOfSession.values().stream().mapToDouble(Double::doubleValue).min()
                    .orElse(Double.MAX_VALUE);
            SessionFacts facts = new SessionFacts(i, firstRetirement, schemesOfSession, owners);
            for (Map.Entry<Key, List<RequestRecord>> key : byKey.entrySet()) {
                boolean shared = owners.get(key.getKey()) != i;
                sharedPreOpened += replayKey(source.name(), key.getValue(), shared, facts, created, reusedGaps,
                        idleGaps);
            }
        }
        return new Replay(answered, created, reusedGaps, idleGaps, sessions, perSession, reopened, sharedPreOpened);
    }

    /**
     * What tells a session's first connection apart.
     *
     * @param source the index of the source being replayed
     * @param firstRetirement the earliest time any of the source's sessions finished its last request
     * @param schemesOfSession each session's first start through each proxy scheme, in this source
     * @param owners for each key, the first source (in the order given) that used it
     */
    private record SessionFacts(int source, double firstRetirement, Map<String, Map<String, Double>> schemesOfSession,
            Map<Key, Integer> owners) {}

    /**
     * One key's requests in start order, replayed against its connections. In a key another client had first
     * ({@code shared}), connections opened for concurrency are that duplication too: one pool would have had them.
     *
     * @return connections of a shared key that were opened before the records begin
     */
    private static int replayKey(String source, List<RequestRecord> requests, boolean shared, SessionFacts facts,
            List<Classified> created, List<Double> reusedGaps, List<Double> idleGaps) {
        int preOpened = 0;
        Map<Long, Conn> conns = new LinkedHashMap<>();
        double keyLastDone = Double.NEGATIVE_INFINITY;
        for (RequestRecord r : requests) {
            double t = start(r);
            if (keyLastDone != Double.NEGATIVE_INFINITY) {
                idleGaps.add(Math.max(0, t - keyLastDone));
            }
            Conn conn = conns.get(r.conn());
            if (!r.reused()) {
                Classified c = conns.containsKey(r.conn()) ? new Classified(r, source, Kind.CLIENT_POOLS, 0, null)
                        : conns.isEmpty() ? first(source, r, facts) : later(source, r, t, conns.values());
                created.add(shared && c.kind() == Kind.CONCURRENCY
                        ? new Classified(r, source, Kind.CLIENT_POOLS, 0, null) : c);
                conn = new Conn();
                conns.put(r.conn(), conn);
            } else if (conn == null) {
                conn = new Conn(); // opened before the records begin, e.g. by a warm-up
                conns.put(r.conn(), conn);
                preOpened += shared ? 1 : 0;
            } else {
                reusedGaps.add(Math.max(0, t - conn.lastDone));
            }
            conn.lastDone = Math.max(conn.lastDone, r.done());
            if (r.closed() != null) {
                conn.closedAt = r.done();
                conn.closeReason = r.closed();
            }
            keyLastDone = Math.max(keyLastDone, r.done());
        }
        return preOpened;
    }

    /** The first connection of a key in one source. */
    private static Classified first(String source, RequestRecord r, SessionFacts facts) {
        double t = start(r);
        Map<String, Double> schemes = facts.schemesOfSession().get(sessionOf(r));
        boolean otherSchemeFirst = schemes.entrySet().stream()
                .anyMatch(e -> !e.getKey().equals(schemeOf(r)) && e.getValue() < t);
        Kind kind = otherSchemeFirst ? Kind.MIXED_SCHEMES
                : facts.owners().get(Key.of(r)) != facts.source() ? Kind.CLIENT_POOLS
                : t > facts.firstRetirement() ? Kind.SESSION_CHURN
                : Kind.SESSION_START;
        return new Classified(r, source, kind, 0, null);
    }

    /** For each key, the index of the first source that used it: its connections there are the needed ones. */
    private static Map<Key, Integer> owners(List<Source> sources) {
        Map<Key, Integer> owners = new HashMap<>();
        for (int i = 0; i < sources.size(); i++) {
            for (RequestRecord r : sources.get(i).records()) {
                if (answered(r)) {
                    owners.putIfAbsent(Key.of(r), i);
                }
            }
        }
        return owners;
    }

    /** A new connection of a key that had connections before. */
    private static Classified later(String source, RequestRecord r, double t, Iterable<Conn> conns) {
        Conn idle = null;
        Conn closed = null;
        for (Conn c : conns) {
            if (c.gone || c.lastDone > t) {
                continue; // explained an earlier new connection, or busy
            }
            if (c.closedAt == null) {
                idle = idle == null || c.lastDone > idle.lastDone ? c : idle;
            } else {
                closed = closed == null || c.closedAt > closed.closedAt ? c : closed;
            }
        }
        if (idle != null) {
            idle.gone = true;
            return new Classified(r, source, Kind.IDLE_LOST, t - idle.lastDone, null);
        }
        if (closed != null) {
            closed.gone = true;
            return new Classified(r, source, Kind.CLOSED, t - closed.closedAt, closed.closeReason);
        }
        return new Classified(r, source, Kind.CONCURRENCY, 0, null);
    }

    /** A connection of the key being replayed. */
    private static final class Conn {
        double lastDone = Double.NEGATIVE_INFINITY;
        Double closedAt;
        String closeReason;
        /** Known to be closed: it explained a new connection already. */
        boolean gone;
    }

    /** A pool key of one client: the records carry the proxy scheme and the session, not the origin. */
    private record Key(String scheme, String session) {
        static Key of(RequestRecord r) {
            return new Key(schemeOf(r), sessionOf(r));
        }
    }

    private static int reopenedIds(List<RequestRecord> records) {
        Set<Long> seen = new HashSet<>();
        int reopened = 0;
        for (RequestRecord r : records) {
            if (!r.reused() && !seen.add(r.conn())) {
                reopened++;
            }
        }
        return reopened;
    }

    static boolean answered(RequestRecord r) {
        return r.conn() != null && r.reused() != null;
    }

    /** When the request held its connection: scheduled start, plus start lag, plus any wait for a pool slot. */
    static double start(RequestRecord r) {
        return r.sched() + r.startLag() + (r.queue() == null ? 0 : r.queue());
    }

    static String sessionOf(RequestRecord r) {
        return r.session() == null ? "" : r.session();
    }

    static String schemeOf(RequestRecord r) {
        return r.scheme() == null ? "direct" : r.scheme();
    }
}
