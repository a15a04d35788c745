package io.proxybench.analysis.stats;

import io.proxybench.records.RequestRecord;
import java.util.HashMap;
import java.util.Map;

/**
 * Whether each sticky session kept one exit IP: per session, the exit of its first success that reported one, how
 * many such successes it had, and whether any left through another exit. Sized by sessions and bounded: the first
 * {@link #MAX_SESSIONS} distinct sessions are tracked, later ones only counted ({@link #untracked()}).
 */
final class SessionExits {
    /** Distinct sessions tracked at most. */
    static final int MAX_SESSIONS = 100_000;

    /** One session's successes that reported an exit IP. */
    static final class Session {
        String firstIp;
        long okWithIp;
        boolean changed;

        private void add(String ip, long count) {
            if (firstIp == null) {
                firstIp = ip;
            } else if (!firstIp.equals(ip)) {
                changed = true;
            }
            okWithIp += count;
        }
    }

    private final Map<String, Session> sessions = new HashMap<>();
    private long untracked;

    void add(RequestRecord r) {
        if (r.ok() && r.session() != null && r.ip() != null) {
            Session s = session(r.session());
            if (s == null) {
                untracked++;
            } else {
                s.add(r.ip(), 1);
            }
        }
    }

    /** Adds the sessions of another part of the same run: a session id in both is one session. */
    void add(SessionExits other) {
        untracked += other.untracked;
        other.sessions.forEach((id, theirs) -> {
            Session mine = session(id);
            if (mine == null) {
                untracked += theirs.okWithIp;
                return;
            }
            mine.add(theirs.firstIp, theirs.okWithIp);
            mine.changed |= theirs.changed;
        });
    }

    /** Sessions with at least two successes that reported an exit: the ones stickiness can be judged on. */
    long judged() {
        return sessions.values().stream().filter(s -> s.okWithIp >= 2).count();
    }

    /** Judged sessions whose successes all left through one exit IP. */
    long kept() {
        return sessions.values().stream().filter(s -> s.okWithIp >= 2 && !s.changed).count();
    }

    /** Successes of sessions past the first {@link #MAX_SESSIONS}: in no session figure. */
    long untracked() {
        return untracked;
    }

    private Session session(String id) {
        Session s = sessions.get(id);
        if (s == null && sessions.size() < MAX_SESSIONS) {
            s = new Session();
            sessions.put(id, s);
        }
        return s;
    }
}
