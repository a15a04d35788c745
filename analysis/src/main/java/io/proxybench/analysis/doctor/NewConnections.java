package io.proxybench.analysis.doctor;

import io.proxybench.records.FilePart;
import io.proxybench.records.LineSort;
import io.proxybench.records.RecordStream;
import io.proxybench.records.RequestRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.Function;

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
 * new connection: after that it is known to be gone. A key remembers when its last {@value #GONE_KEPT} connections
 * gone were last used, so that one reused after all (the pool's timing is not quite the records') still counts its
 * idle gap; one forgotten longer counts as reused, with no gap.
 *
 * <p>Each source is read twice, streaming: a first pass learns what the replay needs of whole sessions
 * ({@link SessionFacts}) and of keys across sources ({@link Followed}); a second pass replays the answered records in
 * start order, sorted by a {@link LineSort} in a fixed memory, keeping per key only its connections not yet known
 * gone and its requests in flight, and only until its session has started its last request. So memory grows with the
 * sessions followed (a few fields each; at most the limit given, the rest left out and counted), with the keys in
 * use at once and their connections, and by 4 bytes a connection id ({@link ConnIds}, bounded too); not with the
 * records.
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
         * id the key had used before: another client, numbering its connections from 1 too, wrote it.
         */
        CLIENT_POOLS,
        /** A connection of the key had been left open and idle, yet a new one was opened: it was gone. */
        IDLE_LOST,
        /** The key's connections had closed after their last request ({@link Replay#closedBy}). */
        CLOSED,
        /**
         * A connection opened by a request that then failed, most often in its setup (a refused CONNECT, SOCKS5
         * authentication, TLS) after its TCP handshake: a record with {@code reused} false and no {@code conn}.
         * Counted, not replayed: no connection id follows it.
         */
        FAILED
    }

    /** Connections gone that a key remembers the last use of, the most recent ones. */
    static final int GONE_KEPT = 16;

    /** The replay's order: by start, then by connection id (the order a client opened them in). */
    private static final Function<RequestRecord, LineSort.Key> START_ORDER =
            r -> new LineSort.Key(start(r), r.conn(), 0);

    private final Followed followed;
    private final long sortBudgetBytes;
    private final Path sortDir;
    private final Replay replay = new Replay();

    private NewConnections(int maxSessions, long sortBudgetBytes, Path sortDir) {
        this.followed = new Followed(maxSessions);
        this.sortBudgetBytes = sortBudgetBytes;
        this.sortDir = sortDir;
    }

    /**
     * Replays {@code sources}, in the order given (a key's owner is the first source that used it).
     *
     * @param maxSessions the most sessions followed; records of later ones are counted in {@link Replay#leftOut}
     * @param sortBudgetBytes the bytes of lines each thread of the start-order sort holds in memory
     * @param sortDir where that sort spills what does not fit
     */
    static Replay replay(List<Source> sources, int maxSessions, long sortBudgetBytes, Path sortDir)
            throws IOException {
        NewConnections run = new NewConnections(maxSessions, sortBudgetBytes, sortDir);
        for (int i = 0; i < sources.size(); i++) {
            SessionFacts facts = run.firstPass(i, sources.get(i));
            run.replaySource(i, sources.get(i), facts);
        }
        run.replay.mixedSchemes = run.followed.schemes(run.replay.mixedSessions);
        return run.replay;
    }

    /** Counts every record its parts select, and learns each followed session's facts. */
    private SessionFacts firstPass(int index, Source source) throws IOException {
        SessionFacts facts = new SessionFacts();
        for (FilePart part : source.parts()) {
            firstPass(index, part, facts);
        }
        replay.sessions += facts.size();
        facts.requestCounts(replay.requestsPerSession::add);
        return facts;
    }

    /** The first pass over one part of a source's records. */
    private void firstPass(int index, FilePart part, SessionFacts facts) throws IOException {
        try (RecordStream in = RecordStream.open(part.file())) {
            for (RequestRecord read; (read = in.next()) != null; ) {
                RequestRecord r = part.select().apply(read);
                if (r == null) {
                    continue;
                }
                replay.records++;
                replay.described |= r.scheme() != null || r.closed() != null;
                if (r.conn() == null && r.reused() != null) {
                    // A failed request: it says whether it had a new connection, but names none to follow.
                    replay.answered++;
                    if (!r.reused()) {
                        replay.count(Kind.FAILED);
                    }
                    continue;
                }
                if (!answered(r)) {
                    continue;
                }
                if (!followed.follow(r, index)) {
                    replay.leftOut++;
                    continue;
                }
                replay.answered++;
                facts.add(r);
                // An h2 request also waits while its session's one connection opens, for that connection's streams:
                // not a cap on connections.
                if (!"h2".equals(r.http()) && r.queue() != null && r.queue() >= Doctor.QUEUED_SECONDS) {
                    replay.waits.addSeconds(r.queue());
                }
                if (r.request() != null) {
                    replay.requestPhases.addSeconds(r.request());
                }
            }
            in.cutLine().ifPresent(cut -> replay.cutLines.add(cut.describe()));
        }
    }

    /** One source's followed answered records in start order, each key against its connections. */
    private void replaySource(int index, Source source, SessionFacts facts) throws IOException {
        SourceReplay state = new SourceReplay(index, facts);
        try (LineSort records = LineSort.openParts(source.parts(), r -> answered(r) && followed.follows(r),
                START_ORDER, sortDir, sortBudgetBytes, (file, r) -> { })) {
            records.forEach(state::step);
        }
    }

    /** A connection of the key being replayed, not yet known gone. */
    private static final class Conn {
        double lastDone = Double.NEGATIVE_INFINITY;
        Double closedAt;
        String closeReason;
    }

    /** One pool key of the source being replayed, while its session has requests to come. */
    private static final class KeyState {
        /** The key's number in its source, from 1. */
        final int number;
        /** Another source used the key first. */
        final boolean shared;
        /** Connections not yet known gone, by id, in the order they were first seen. */
        final Map<Long, Conn> conns = new LinkedHashMap<>(2);
        /** When the key's requests so far were all done; -infinity before its first. */
        double lastDone = Double.NEGATIVE_INFINITY;
        /** When each request holding a connection is done. */
        final PriorityQueue<Double> inFlight = new PriorityQueue<>(2);
        /** The last done of the {@value #GONE_KEPT} connections most recently known gone, by id; null for none. */
        Map<Long, Double> gone;

        KeyState(int number, boolean shared) {
            this.number = number;
            this.shared = shared;
        }

        /** Forgets connection {@code id}, known gone, remembering when it was last used. */
        void gone(long id) {
            if (gone == null) {
                gone = new LinkedHashMap<>() {
                    @Override
                    protected boolean removeEldestEntry(Map.Entry<Long, Double> eldest) {
                        return size() > GONE_KEPT;
                    }
                };
            }
            gone.put(id, conns.remove(id).lastDone);
        }

        /** When connection {@code id}, known gone, was last used; null when the key does not remember it. */
        Double goneLastDone(long id) {
            return gone == null ? null : gone.get(id);
        }
    }

    /** A key replayed, and when its session started its last request (seconds): after that, the key is dropped. */
    private record Ending(double lastStart, PoolKey key) {}

    /**
     * The replay of one source: its keys whose sessions have requests to come, and the connection ids it opened and
     * used so far.
     */
    private final class SourceReplay {
        private final int index;
        private final SessionFacts facts;
        private final double firstRetirement;
        private final Map<PoolKey, KeyState> keys = new HashMap<>();
        /** The keys replayed, the first to end first. */
        private final PriorityQueue<Ending> endings =
                new PriorityQueue<>(Comparator.comparingDouble(Ending::lastStart));
        private final ConnIds ids = new ConnIds();
        private int keysSeen;

        SourceReplay(int index, SessionFacts facts) {
            this.index = index;
            this.facts = facts;
            this.firstRetirement = facts.firstRetirement();
        }

        /** One request, the next to start. */
        void step(RequestRecord r) {
            double t = start(r);
            // In start order, a session whose last request started before t has no request to come.
            while (!endings.isEmpty() && endings.peek().lastStart() < t) {
                keys.remove(endings.poll().key());
            }
            PoolKey pool = PoolKey.of(r);
            KeyState key = keys.get(pool);
            if (key == null) {
                key = new KeyState(++keysSeen, followed.shared(pool, index));
                keys.put(pool, key);
                endings.add(new Ending(facts.lastStart(r), pool));
            }
            boolean firstOfKey = key.lastDone == Double.NEGATIVE_INFINITY;
            if (!firstOfKey && t > key.lastDone) {
                replay.idleGaps.addSeconds(t - key.lastDone);
            }
            // Ends before starts at the same time: a connection released is free for the next request.
            while (!key.inFlight.isEmpty() && key.inFlight.peek() <= t) {
                key.inFlight.poll();
            }
            key.inFlight.add(r.done());
            replay.peakPerKey = Math.max(replay.peakPerKey, key.inFlight.size());

            long id = r.conn();
            boolean keyUsedId = ids.lastKey(id) == key.number;
            Conn conn = key.conns.get(id);
            if (!r.reused()) {
                if (!ConnIds.tracked(id)) {
                    replay.untrackedIds++;
                }
                if (ids.open(id)) {
                    replay.reopenedIds++;
                }
                Kind kind = keyUsedId ? Kind.CLIENT_POOLS
                        : firstOfKey ? first(r, t, key)
                        : later(t, key);
                replay.count(key.shared && kind == Kind.CONCURRENCY ? Kind.CLIENT_POOLS : kind);
                conn = new Conn();
                key.conns.put(id, conn);
            } else if (conn != null) {
                replay.maxReusedGap = Math.max(replay.maxReusedGap, Math.max(0, t - conn.lastDone));
            } else if (key.goneLastDone(id) != null) {
                replay.maxReusedGap = Math.max(replay.maxReusedGap, Math.max(0, t - key.goneLastDone(id)));
                key.gone.merge(id, r.done(), Math::max);
            } else if (!keyUsedId && ConnIds.tracked(id)) {
                conn = new Conn(); // opened before the records begin, e.g. by a warm-up
                key.conns.put(id, conn);
                replay.sharedPreOpened += key.shared ? 1 : 0;
            }
            ids.use(id, key.number);
            if (conn != null) {
                conn.lastDone = Math.max(conn.lastDone, r.done());
                if (r.closed() != null) {
                    conn.closedAt = r.done();
                    conn.closeReason = r.closed();
                }
            }
            key.lastDone = Math.max(key.lastDone, r.done());
        }

        /** The first connection of a key in this source. */
        private Kind first(RequestRecord r, double t, KeyState key) {
            if (facts.otherSchemeBefore(r, t)) {
                replay.mixedSessions.add(sessionOf(r));
                return Kind.MIXED_SCHEMES;
            }
            return key.shared ? Kind.CLIENT_POOLS
                    : t > firstRetirement ? Kind.SESSION_CHURN
                    : Kind.SESSION_START;
        }

        /**
         * A new connection of a key that had connections before: the most recently used idle one was gone, else the
         * most recently closed one; else all were busy.
         */
        private Kind later(double t, KeyState key) {
            Map.Entry<Long, Conn> idle = null;
            Map.Entry<Long, Conn> closed = null;
            for (Map.Entry<Long, Conn> e : key.conns.entrySet()) {
                Conn c = e.getValue();
                if (c.lastDone > t) {
                    continue; // busy
                }
                if (c.closedAt == null) {
                    idle = idle == null || c.lastDone > idle.getValue().lastDone ? e : idle;
                } else {
                    closed = closed == null || c.closedAt > closed.getValue().closedAt ? e : closed;
                }
            }
            if (idle != null) {
                replay.idleLost.addSeconds(t - idle.getValue().lastDone);
                key.gone(idle.getKey());
                return Kind.IDLE_LOST;
            }
            if (closed != null) {
                replay.closedBy.merge(closed.getValue().closeReason, 1, Integer::sum);
                key.gone(closed.getKey());
                return Kind.CLOSED;
            }
            return Kind.CONCURRENCY;
        }
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
