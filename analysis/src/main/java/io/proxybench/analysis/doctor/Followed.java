package io.proxybench.analysis.doctor;

import io.proxybench.records.RequestRecord;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The sessions the doctor follows, over every source: the first {@code limit} it meets, in the order the sources are
 * given and each file's order; what it keeps is a little per session, so this bounds its memory whatever the
 * records. Each pool key (scheme, session) followed has its owner: the first source that used it, whose connections
 * for it are the needed ones.
 */
final class Followed {

    /** The owner of each scheme a session was used through: one, mostly. */
    private static final class Owners {
        final String scheme;
        final int source;
        /** Owners of the session's other schemes; null while it has none. */
        Map<String, Integer> others;

        Owners(String scheme, int source) {
            this.scheme = scheme;
            this.source = source;
        }

        void add(String scheme, int source) {
            if (!scheme.equals(this.scheme)) {
                if (others == null) {
                    others = new HashMap<>(2);
                }
                others.putIfAbsent(scheme, source);
            }
        }

        int owner(String scheme) {
            return scheme.equals(this.scheme) ? source : others.get(scheme);
        }
    }

    private final int limit;
    private final Map<String, Owners> sessions = new HashMap<>();

    Followed(int limit) {
        this.limit = limit;
    }

    /**
     * In a source's first pass: whether {@code r}'s session is followed, following it when there is room; the first
     * source to use a followed key becomes its owner.
     */
    boolean follow(RequestRecord r, int source) {
        String session = NewConnections.sessionOf(r);
        Owners owners = sessions.get(session);
        if (owners == null) {
            if (sessions.size() >= limit) {
                return false;
            }
            sessions.put(session, new Owners(NewConnections.schemeOf(r), source));
        } else {
            owners.add(NewConnections.schemeOf(r), source);
        }
        return true;
    }

    /** Whether {@code r}'s session is followed (once its source's first pass is done). */
    boolean follows(RequestRecord r) {
        return sessions.containsKey(NewConnections.sessionOf(r));
    }

    /** Whether another source used {@code key}, followed, first: its connections for the key duplicate that one's. */
    boolean shared(PoolKey key, int source) {
        return sessions.get(key.session()).owner(key.scheme()) != source;
    }

    /** The proxy schemes {@code of} these followed sessions were used through, in any source. */
    SortedSet<String> schemes(Collection<String> of) {
        SortedSet<String> schemes = new TreeSet<>();
        for (String session : of) {
            Owners owners = sessions.get(session);
            schemes.add(owners.scheme);
            if (owners.others != null) {
                schemes.addAll(owners.others.keySet());
            }
        }
        return schemes;
    }
}
