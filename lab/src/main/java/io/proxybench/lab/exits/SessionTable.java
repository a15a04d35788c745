package io.proxybench.lab.exits;

import io.proxybench.client.proxy.SessionKind;
import io.proxybench.client.proxy.SessionParams;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Which exit each sticky session holds, and until when. Time is passed in (nanoseconds on any monotonic clock),
 * so tests drive lifetimes without sleeping.
 *
 * <p>A session is identified by its account, id, kind and country: two accounts may use the same id without
 * sharing an exit, and {@code lockedsession-abc} is not {@code session-abc}.
 * {@code session} keeps its exit for its lifetime (or the table's default) and moves early when the exit goes
 * offline; {@code hardsession} keeps it while it is online; {@code lockedsession} never moves and fails while its
 * exit is offline. Concurrent first requests of one session all get the same exit.
 *
 * <p>An exit sets up once per binding: a session's choices carry the time it was bound, so only the tunnels within
 * the exit's setup time of that moment wait for (the rest of) it; a rotating choice always starts a fresh setup.
 */
public final class SessionTable {

    private static final int SWEEP_EVERY = 4096;

    private final ExitPool pool;
    private final long defaultLifetimeNanos;
    private final Map<Key, Binding> bindings = new ConcurrentHashMap<>();
    private final AtomicLong lookups = new AtomicLong();

    public SessionTable(ExitPool pool, Duration defaultLifetime) {
        this.pool = pool;
        this.defaultLifetimeNanos = defaultLifetime.toNanos();
    }

    /**
     * The exit for one tunnel (or one forward request) of {@code session}: the next in rotation, setting up from
     * {@code nowNanos}, when it is not sticky; the session's own exit, setting up since it was bound, otherwise.
     *
     * @throws NoExitException when no exit can serve it (empty country, everything offline, locked exit gone)
     */
    public ExitChoice exitFor(String account, SessionParams session, long nowNanos) {
        if (!session.sticky()) {
            return new ExitChoice(pool.next(session.country()), nowNanos);
        }
        if (lookups.incrementAndGet() % SWEEP_EVERY == 0) {
            bindings.values().removeIf(b -> b.expiresAtNanos - nowNanos <= 0);
        }
        Key key = new Key(account, session.id(), session.kind(), session.country());
        Binding b = bindings.compute(key, (k, old) -> rebind(old, session, nowNanos));
        return new ExitChoice(b.exit, b.boundAtNanos);
    }

    private Binding rebind(Binding old, SessionParams session, long nowNanos) {
        if (old != null && old.expiresAtNanos - nowNanos > 0) {
            if (pool.online(old.exit)) {
                return old;
            }
            if (session.kind() == SessionKind.LOCKED) {
                throw new NoExitException("lockedsession " + session.id() + ": its exit " + old.exit.ip()
                        + " is offline and a locked session never moves");
            }
        }
        Exit exit = pool.next(session.country());
        long lifetime = session.kind() != SessionKind.SESSION ? Long.MAX_VALUE / 2
                : session.lifetime() != null ? session.lifetime().toNanos() : defaultLifetimeNanos;
        return new Binding(exit, nowNanos, nowNanos + lifetime);
    }

    /** Sessions currently held (expired ones linger until the next sweep). */
    public int size() {
        return bindings.size();
    }

    /** A session: the same id under another kind or country is another session, with its own exit. */
    private record Key(String account, String id, SessionKind kind, String country) {}

    private record Binding(Exit exit, long boundAtNanos, long expiresAtNanos) {}
}
