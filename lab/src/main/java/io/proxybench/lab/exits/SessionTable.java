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
 * <p>A session is identified by its account, id, kind, country and ASN: two accounts may use the same id without
 * sharing an exit, and {@code lockedsession-abc} is not {@code session-abc}.
 * {@code session} keeps its exit for its lifetime (or the table's default) and moves early when the exit goes
 * offline; {@code hardsession} keeps it while it is online; {@code lockedsession} never moves and fails while its
 * exit is offline. Concurrent first requests of one session all get the same exit.
 *
 * <p>With an inactivity limit (Bright Data's and Oxylabs' 60 s), a session of any kind also ends once it has gone that
 * long with no tunnel open and no request: its next request gets a new exit. Activity is what the gateway sees, a
 * tunnel opened or closed or a forwarded request; it cannot see the requests inside a tunnel, so an open tunnel
 * counts as activity throughout.
 *
 * <p>An exit sets up once per binding: a session's choices carry the time it was bound, so only the tunnels within
 * the exit's setup time of that moment wait for (the rest of) it; a rotating choice always starts a fresh setup.
 */
public final class SessionTable {

    private static final int SWEEP_EVERY = 4096;

    private final ExitPool pool;
    private final long defaultLifetimeNanos;
    /** 0 for no inactivity limit. */
    private final long inactivityNanos;
    private final Map<Key, Binding> bindings = new ConcurrentHashMap<>();
    private final AtomicLong lookups = new AtomicLong();

    /**
     * @param defaultLifetime how long a {@code session} that names no lifetime keeps its exit
     * @param inactivity how long with no activity ends a session early, or null for never
     */
    public SessionTable(ExitPool pool, Duration defaultLifetime, Duration inactivity) {
        this.pool = pool;
        this.defaultLifetimeNanos = defaultLifetime.toNanos();
        this.inactivityNanos = inactivity == null ? 0 : inactivity.toNanos();
    }

    /**
     * The exit for one forward request of {@code session}: the next in rotation, setting up from {@code nowNanos},
     * when it is not sticky; the session's own exit, setting up since it was bound, otherwise.
     *
     * @throws NoExitException when no exit can serve it (empty country or ASN, state or city asked for, everything
     *     offline, locked exit gone)
     */
    public ExitChoice exitFor(String account, SessionParams session, long nowNanos) {
        return choose(account, session, nowNanos, 0);
    }

    /**
     * The exit for a tunnel of {@code session}, as {@link #exitFor}; the session counts as active until
     * {@link #tunnelClosed} for the same account and session.
     */
    public ExitChoice tunnelOpened(String account, SessionParams session, long nowNanos) {
        return choose(account, session, nowNanos, 1);
    }

    /** A tunnel of {@code session} closed at {@code nowNanos}: its inactivity counts from here once none is open. */
    public void tunnelClosed(String account, SessionParams session, long nowNanos) {
        if (session.sticky()) {
            bindings.computeIfPresent(key(account, session), (k, b) -> b.used(nowNanos, -1));
        }
    }

    private ExitChoice choose(String account, SessionParams session, long nowNanos, int opened) {
        if (session.state() != null || session.city() != null) {
            throw new NoExitException("the lab's exits have no state or city; drop " + (session.state() != null
                    ? "the state" : "the city") + " from the proxy credentials (country and ASN are honoured)");
        }
        if (!session.sticky()) {
            return new ExitChoice(pool.next(session.country(), session.asn()), nowNanos);
        }
        if (lookups.incrementAndGet() % SWEEP_EVERY == 0) {
            bindings.values().removeIf(b -> b.open == 0 && b.ended(nowNanos, inactivityNanos));
        }
        Binding b = bindings.compute(key(account, session), (k, old) -> rebind(old, session, nowNanos)
                .used(nowNanos, opened));
        return new ExitChoice(b.exit, b.boundAtNanos);
    }

    private Binding rebind(Binding old, SessionParams session, long nowNanos) {
        if (old != null && !old.ended(nowNanos, inactivityNanos)) {
            if (pool.online(old.exit)) {
                return old;
            }
            if (session.kind() == SessionKind.LOCKED) {
                throw new NoExitException("lockedsession " + session.id() + ": its exit " + old.exit.ip()
                        + " is offline and a locked session never moves");
            }
        }
        Exit exit = pool.next(session.country(), session.asn());
        long lifetime = session.kind() != SessionKind.SESSION ? Long.MAX_VALUE / 2
                : session.lifetime() != null ? session.lifetime().toNanos() : defaultLifetimeNanos;
        return new Binding(exit, nowNanos, nowNanos + lifetime, nowNanos, old == null ? 0 : old.open);
    }

    /** Sessions currently held (ended ones linger until the next sweep; one with a tunnel open stays until closed). */
    public int size() {
        return bindings.size();
    }

    private static Key key(String account, SessionParams session) {
        return new Key(account, session.id(), session.kind(), session.country(), session.asn());
    }

    /** A session: the same id under another kind, country or ASN is another session, with its own exit. */
    private record Key(String account, String id, SessionKind kind, String country, Integer asn) {}

    /**
     * @param lastUsedNanos the last tunnel opened or closed or forward request
     * @param open tunnels open now; a rebound session inherits its predecessor's, which close on the new binding
     */
    private record Binding(Exit exit, long boundAtNanos, long expiresAtNanos, long lastUsedNanos, int open) {

        Binding used(long nowNanos, int opened) {
            return new Binding(exit, boundAtNanos, expiresAtNanos, Math.max(lastUsedNanos, nowNanos),
                    Math.max(0, open + opened));
        }

        boolean ended(long nowNanos, long inactivityNanos) {
            return expiresAtNanos - nowNanos <= 0
                    || (inactivityNanos > 0 && open == 0 && nowNanos - lastUsedNanos > inactivityNanos);
        }
    }
}
