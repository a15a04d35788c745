package io.proxybench.analysis.doctor;

import io.proxybench.records.RequestRecord;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntConsumer;

/**
 * What one source's first pass learns of each of its followed sessions, for the replay in start order: when it
 * started and finished its last request, and when it first started a request through each proxy scheme. A few
 * fields per session, whatever its requests.
 */
final class SessionFacts {

    private static final class Session {
        double lastDone = Double.NEGATIVE_INFINITY;
        double lastStart = Double.NEGATIVE_INFINITY;
        /** Requests that named the session ({@code session} present). */
        int requests;
        /** The scheme of the session's first record read, and its first start through it, seconds. */
        final String scheme;
        double firstStart = Double.POSITIVE_INFINITY;
        /** The first start through each other scheme; null while there is none. */
        Map<String, Double> others;

        Session(String scheme) {
            this.scheme = scheme;
        }
    }

    private final Map<String, Session> sessions = new HashMap<>();

    /** Counts an answered request of a followed session. */
    void add(RequestRecord r) {
        String scheme = NewConnections.schemeOf(r);
        Session s = sessions.computeIfAbsent(NewConnections.sessionOf(r), k -> new Session(scheme));
        s.lastDone = Math.max(s.lastDone, r.done());
        double start = NewConnections.start(r);
        s.lastStart = Math.max(s.lastStart, start);
        if (scheme.equals(s.scheme)) {
            s.firstStart = Math.min(s.firstStart, start);
        } else {
            if (s.others == null) {
                s.others = new HashMap<>(2);
            }
            s.others.merge(scheme, start, Math::min);
        }
        if (r.session() != null) {
            s.requests++;
        }
    }

    /** Distinct sessions, requests without one counted as one. */
    int size() {
        return sessions.size();
    }

    /** The earliest time any session finished its last request, seconds; {@link Double#MAX_VALUE} for none. */
    double firstRetirement() {
        return sessions.values().stream().mapToDouble(s -> s.lastDone).min().orElse(Double.MAX_VALUE);
    }

    /** When {@code r}'s session started its last request, seconds. */
    double lastStart(RequestRecord r) {
        return sessions.get(NewConnections.sessionOf(r)).lastStart;
    }

    /** Whether {@code r}'s session had started a request through another scheme before {@code t}, seconds. */
    boolean otherSchemeBefore(RequestRecord r, double t) {
        String scheme = NewConnections.schemeOf(r);
        Session s = sessions.get(NewConnections.sessionOf(r));
        if (!scheme.equals(s.scheme) && s.firstStart < t) {
            return true;
        }
        return s.others != null && s.others.entrySet().stream()
                .anyMatch(e -> !e.getKey().equals(scheme) && e.getValue() < t);
    }

    /** Hands each session's count of requests naming it to {@code each}, for the sessions named at all. */
    void requestCounts(IntConsumer each) {
        sessions.values().stream().filter(s -> s.requests > 0).forEach(s -> each.accept(s.requests));
    }
}
