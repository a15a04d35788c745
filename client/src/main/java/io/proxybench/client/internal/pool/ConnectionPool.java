package io.proxybench.client.internal.pool;

import io.proxybench.client.PoolLimits;
import io.proxybench.client.event.CloseReason;
import io.proxybench.client.event.PoolGauges;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A keyed connection pool: pure bookkeeping, no sockets, no threads, no timers. Every method takes the current time
 * as {@code nowNanos} ({@link System#nanoTime()} in production, plain numbers in tests), and expiry happens only in
 * {@link #maintain}, {@link #acquire} and {@link #release}.
 *
 * <p>Sharing: a connection serves only its key {@code K}. Caps: connections plus reserved CREATE slots never exceed
 * {@link PoolLimits#maxPerKey()} per key, {@link PoolLimits#maxPerExit()} per exit {@code E = exitOf(key)} and
 * {@link PoolLimits#maxTotal()} in all. A connection carries at most {@link Poolable#maxConcurrentRequests()}
 * requests at once; one that is closed, retired or expired is never handed out.
 *
 * <p>Waiting: an acquire that finds no slot waits. Waiters of one key are served in arrival order and, across keys,
 * the oldest waiter whose caps allow goes first. A slot released on a reusable connection goes to waiters of that
 * key; capacity freed by a closed connection (or by evicting another key's least-recently-used idle connection) goes
 * to the oldest waiter that can use it. A key {@linkplain Acquire#expectMultiplexing() expected to multiplex} opens
 * one connection at a time: its other acquires wait for that connection's spare slots. Waiters time out in arrival
 * order, so when callers on different threads pass slightly out-of-order times a waiter may fail by that skew late.
 *
 * <p>Threads: every public method may be called from any thread; state is guarded by this object's monitor. Futures
 * are completed and {@link Poolable#close} is called after the lock is released, on the calling thread, so callbacks
 * may re-enter the pool. A waiter's future may be cancelled to stop waiting; a grant that loses that race is given
 * back.
 *
 * @param <K> pool key: what may share a connection
 * @param <E> exit: what the per-exit cap counts
 * @param <C> connection
 */
public final class ConnectionPool<K, E, C extends Poolable> {

    private final PoolLimits limits;
    /** {@link #limits}' lifetimes in nanoseconds, worked out once: they are read on every acquire and release. */
    private final long keepAliveNanos;
    private final long maxAgeNanos;
    private final long acquireTimeoutNanos;
    private final Function<K, E> exitOf;
    private final Function<K, Duration> keepAliveOf;
    private final Map<K, KeyState<K, E, C>> keys = new HashMap<>();
    private final Map<E, ExitState<K, E, C>> exits = new HashMap<>();
    private final Map<C, PooledConnection<K, E, C>> pooled = new IdentityHashMap<>();
    /** Connections with nothing in flight, least recently used first. */
    private final IdleList<PooledConnection<K, E, C>> idle = new IdleList<>();
    /** Keys with waiters, ordered by the arrival of their first waiter; a key's head changes only while it is out. */
    private final TreeSet<KeyState<K, E, C>> waitingKeys =
            new TreeSet<>(Comparator.comparingLong(s -> s.waiters.getFirst().arrival()));
    /** Connections plus reserved slots. */
    private int total;
    private int inFlight;
    private int pending;
    private long arrivals;
    private long uses;
    /**
     * Evictions so far. An eviction frees a slot of the victim's key and exit, which may unblock their waiters, so
     * whoever evicts serves waiters again.
     */
    private long evictions;
    private boolean closed;

    /** A pool whose keys all keep idle connections for {@link PoolLimits#keepAlive()}. */
    public ConnectionPool(PoolLimits limits, Function<K, E> exitOf) {
        this(limits, exitOf, key -> null);
    }

    /**
     * @param exitOf the exit a key's connections count against
     * @param keepAliveOf how long a key's idle connections are kept (its policy travels with the key, read when the
     *     key's state is made); null for {@link PoolLimits#keepAlive()}
     */
    public ConnectionPool(PoolLimits limits, Function<K, E> exitOf, Function<K, Duration> keepAliveOf) {
        this.limits = Objects.requireNonNull(limits, "limits");
        this.keepAliveNanos = nanos(limits.keepAlive());
        this.maxAgeNanos = limits.maxAge() == null ? Long.MAX_VALUE : nanos(limits.maxAge());
        this.acquireTimeoutNanos = nanos(limits.acquireTimeout());
        this.exitOf = Objects.requireNonNull(exitOf, "exitOf");
        this.keepAliveOf = Objects.requireNonNull(keepAliveOf, "keepAliveOf");
    }

    /**
     * Returns a grant for {@code key}: completed at once with REUSE (the most recently used open, unexpired
     * connection of the key with a free request slot, its request now counted in flight) or CREATE (a reserved
     * slot), else pending until a slot frees, or failed with {@link AcquireTimeoutException} once
     * {@link PoolLimits#acquireTimeout()} has passed since {@code nowNanos}. When only the total or exit cap is full
     * and another key has an idle connection that would make room, the least recently used such connection is closed
     * ({@link CloseReason#EVICTED}). Fails with {@link IllegalStateException} after {@link #close()}.
     */
    public CompletableFuture<Grant<C>> acquire(K key, long nowNanos) {
        return acquire(key, Acquire.ANY, nowNanos);
    }

    /**
     * As {@link #acquire(Object, long)}, with what this acquire asks for: {@link Acquire#fresh()} makes the grant
     * always CREATE (the caller wants a new connection, e.g. to retry on a new tunnel: open ones of the key are passed
     * over, and it waits for room to create one when the key or its exit is at its cap);
     * {@link Acquire#expectMultiplexing()} says the key's connections are expected to multiplex (its origin
     * negotiated h2 before), so while one is being opened the key's further acquires wait for its spare request slots
     * instead of opening connections of their own, until a connection of the key turns out to carry one request at a
     * time.
     */
    public CompletableFuture<Grant<C>> acquire(K key, Acquire how, long nowNanos) {
        Object result = acquire(key, how, nowNanos, true);
        @SuppressWarnings("unchecked")
        CompletableFuture<Grant<C>> future = result instanceof Grant<?> grant
                ? CompletableFuture.completedFuture((Grant<C>) grant) : (CompletableFuture<Grant<C>>) result;
        return future;
    }

    /**
     * As {@link #acquire(Object, Acquire, long)} when that would complete at once with a grant, without a future
     * (the path of most requests); null when it would not (the caller must wait, or would fail): then nothing is
     * queued, and the caller asks {@code acquire}.
     */
    @SuppressWarnings("unchecked")
    public Grant<C> grantNow(K key, Acquire how, long nowNanos) {
        return (Grant<C>) acquire(key, how, nowNanos, false);
    }

    /**
     * The grant when there is one at once, else: when {@code mayWait}, a future of one (pending, or failed), else
     * null.
     */
    private Object acquire(K key, Acquire how, long nowNanos, boolean mayWait) {
        boolean fresh = how.fresh();
        Objects.requireNonNull(key, "key");
        List<Runnable> actions = new ArrayList<>();
        Object result;
        synchronized (this) {
            if (closed) {
                return mayWait ? CompletableFuture.failedFuture(poolClosed()) : null;
            }
            KeyState<K, E, C> state = keyState(key);
            if (how.expectMultiplexing()) {
                state.expectsMultiplexing = true;
            }
            long evictionsBefore = evictions;
            // Most acquires reuse a connection at once: they skip the sweep, which reads every connection of the key
            // (50 in a 50-worker run, on every request; 8% of a request's CPU straight to nginx). reuse passes over a
            // closed, retired or expired connection; the key is swept here when it finds none, and by maintain().
            // Until then a closed connection still counts against its key's and exit's caps: at most until the
            // next maintain(), 100 ms, or the release of a request still on it.
            Grant<C> grant = state.waiters.isEmpty() && !fresh ? reuse(state, 0, nowNanos) : null;
            boolean freed = false;
            if (grant == null) {
                freed = sweep(state, nowNanos, actions);
                grant = state.waiters.isEmpty() ? tryGrant(state, fresh, 0, nowNanos, actions) : null;
            }
            if (grant != null) {
                result = grant;
            } else if (!mayWait) {
                result = null;
            } else if (acquireTimeoutNanos == 0) {
                result = CompletableFuture.failedFuture(timeout(state, 0));
            } else {
                Waiter<K, E, C> waiter = new Waiter<>(state, new CompletableFuture<>(), nowNanos, arrivals++,
                        fresh);
                boolean firstOfKey = state.waiters.isEmpty();
                state.waiters.add(waiter);
                if (firstOfKey) {
                    waitingKeys.add(state);
                }
                pending++;
                result = waiter.future();
            }
            if (freed || evictions != evictionsBefore) {
                serveOldest(nowNanos, actions);
            }
            forgetIfEmpty(state);
        }
        run(actions);
        return result;
    }

    /**
     * The CREATE slot of {@code grant} now holds {@code connection}, with this grant's request in flight on it. Spare
     * request slots (h2) go to waiters of the key at once. After {@link #close()} the connection is closed instead.
     */
    public void created(Grant<C> grant, C connection, long nowNanos) {
        requireCreate(grant);
        Objects.requireNonNull(connection, "connection");
        List<Runnable> actions = new ArrayList<>();
        synchronized (this) {
            if (closed) {
                actions.add(() -> connection.close(CloseReason.POOL_CLOSED));
            } else {
                KeyState<K, E, C> state = reservedState(grant);
                if (pooled.containsKey(connection)) {
                    throw new IllegalArgumentException("connection is already pooled: " + connection);
                }
                state.reserved--;
                PooledConnection<K, E, C> pc = new PooledConnection<>(state, connection, nowNanos);
                state.connections.add(pc);
                if (!connection.oneAtATime()) {
                    state.multiRequest++;
                }
                pooled.put(connection, pc);
                lend(pc);
                if (!connection.multiplexes()) {
                    state.expectsMultiplexing = false;
                }
                serveReuse(state, nowNanos, actions);
                if (!state.waiters.isEmpty()) {
                    // Waiters held for this connection that it cannot take (it does not multiplex, or its streams
                    // are full) may now open their own.
                    serveOldest(nowNanos, actions);
                }
            }
        }
        run(actions);
    }

    /**
     * {@code connection} may now carry more requests at once (e.g. its peer's h2 SETTINGS arrived): its spare slots go
     * to waiters of its key. Ignored for a connection the pool does not hold.
     */
    public void slotsChanged(C connection, long nowNanos) {
        List<Runnable> actions = new ArrayList<>();
        synchronized (this) {
            PooledConnection<K, E, C> pc = closed ? null : pooled.get(connection);
            if (pc == null) {
                return;
            }
            if (connection.slotsKnown() && connection.maxConcurrentRequests() <= 1) {
                pc.owner.expectsMultiplexing = false; // its peer allows one request at a time: do not wait for more
            }
            serveReuse(pc.owner, nowNanos, actions);
            if (!pc.owner.waiters.isEmpty()) {
                // Fewer streams than waiters: the rest may now open connections of their own.
                serveOldest(nowNanos, actions);
            }
        }
        run(actions);
    }

    /** The connection for {@code grant}'s CREATE slot could not be opened: frees the slot, perhaps for a waiter. */
    public void createFailed(Grant<C> grant, long nowNanos) {
        requireCreate(grant);
        List<Runnable> actions = new ArrayList<>();
        synchronized (this) {
            if (closed) {
                return;
            }
            KeyState<K, E, C> state = reservedState(grant);
            state.reserved--;
            state.exit.count--;
            total--;
            forgetIfEmpty(state);
            serveOldest(nowNanos, actions);
        }
        run(actions);
    }

    /**
     * One request on {@code connection} ended. The connection takes no new request, and closes once nothing is in
     * flight on it, when {@code reusable} is false ({@code reasonIfNotReusable}), when the key's keep-alive is zero
     * ({@link CloseReason#KEEP_ALIVE_ZERO}), when it has carried {@link PoolLimits#maxRequestsPerConnection()}
     * requests ({@link CloseReason#MAX_REQUESTS}) or when it is older than {@link PoolLimits#maxAge()}
     * ({@link CloseReason#MAX_AGE}); a closed socket is dropped at once ({@link CloseReason#PEER_CLOSED}). A freed
     * request slot goes first to waiters of the same key; freed capacity to the oldest waiter that can use it.
     * Releasing a connection the pool no longer holds (dropped as closed, or after {@link #close()}) does nothing.
     *
     * @return why the connection takes no further request (it closes once nothing is in flight on it), or null when
     *     it stays open for reuse or the pool no longer held it
     * @throws IllegalStateException if the connection has no request in flight
     */
    public CloseReason release(C connection, boolean reusable, CloseReason reasonIfNotReusable, long nowNanos) {
        Objects.requireNonNull(connection, "connection");
        if (!reusable) {
            Objects.requireNonNull(reasonIfNotReusable, "reasonIfNotReusable");
        }
        List<Runnable> actions = new ArrayList<>();
        CloseReason retired;
        synchronized (this) {
            PooledConnection<K, E, C> pc = pooled.get(connection);
            if (pc == null) {
                return null;
            }
            if (pc.inFlight == 0) {
                throw new IllegalStateException("released more often than acquired: " + connection);
            }
            pc.inFlight--;
            inFlight--;
            pc.lastUsed = ++uses;
            if (pc.retiredFor == null) {
                pc.retiredFor = retirement(pc, reusable, reasonIfNotReusable, nowNanos);
            }
            retired = pc.retiredFor != null ? pc.retiredFor : connection.isOpen() ? null : CloseReason.PEER_CLOSED;
            if (pc.retiredFor != null && pc.inFlight == 0) {
                discard(pc, pc.retiredFor, actions);
                forgetIfEmpty(pc.owner);
            } else if (!connection.isOpen()) {
                discard(pc, CloseReason.PEER_CLOSED, actions);
                forgetIfEmpty(pc.owner);
            } else if (pc.retiredFor == null) {
                if (pc.inFlight == 0) {
                    pc.idleSinceNanos = nowNanos;
                    enterIdle(pc);
                }
                serveReuse(pc.owner, nowNanos, actions);
            }
            serveOldest(nowNanos, actions);
        }
        run(actions);
        return retired;
    }

    /**
     * Drops closed connections ({@link CloseReason#PEER_CLOSED}); closes idle ones older than the maximum age
     * ({@link CloseReason#MAX_AGE}) or idle for at least their key's keep-alive ({@link CloseReason#IDLE_TIMEOUT});
     * fails waiters whose acquire timeout has passed; hands freed capacity to waiters.
     *
     * @return nanoseconds from {@code nowNanos} until the next idle expiry or waiter timeout, {@link Long#MAX_VALUE}
     *     if there is none; call again then (sooner is harmless)
     */
    public long maintain(long nowNanos) {
        List<Runnable> actions = new ArrayList<>();
        long nextNanos;
        synchronized (this) {
            if (closed) {
                return Long.MAX_VALUE;
            }
            for (KeyState<K, E, C> state : List.copyOf(keys.values())) {
                if (sweep(state, nowNanos, actions)) {
                    forgetIfEmpty(state);
                }
            }
            serveOldest(nowNanos, actions);
            nextNanos = untilNextExpiry(nowNanos);
        }
        run(actions);
        return nextNanos;
    }

    /** The whole pool; {@code max} is {@link PoolLimits#maxTotal()}. */
    public synchronized PoolGauges gauges() {
        return new PoolGauges(inFlight, idle.size(), pending, total, limits.maxTotal());
    }

    /** One key; {@code max} is {@link PoolLimits#maxPerKey()}. */
    public synchronized PoolGauges gauges(K key) {
        KeyState<K, E, C> state = keys.get(key);
        if (state == null) {
            return new PoolGauges(0, 0, 0, 0, limits.maxPerKey());
        }
        int acquired = 0;
        int idleCount = 0;
        for (PooledConnection<K, E, C> pc : state.connections) {
            acquired += pc.inFlight;
            idleCount += pc.inFlight == 0 ? 1 : 0;
        }
        return new PoolGauges(acquired, idleCount, state.waiters.size(), state.count(), limits.maxPerKey());
    }

    /**
     * Closes every connection ({@link CloseReason#POOL_CLOSED}) and fails every waiter with
     * {@link IllegalStateException}. Later acquires fail the same way; a later {@link #created} closes its
     * connection. Idempotent.
     */
    public void close() {
        List<Runnable> actions = new ArrayList<>();
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            for (C connection : pooled.keySet()) {
                actions.add(() -> connection.close(CloseReason.POOL_CLOSED));
            }
            for (KeyState<K, E, C> state : keys.values()) {
                for (Waiter<K, E, C> waiter : state.waiters) {
                    actions.add(() -> waiter.future().completeExceptionally(poolClosed()));
                }
            }
            keys.clear();
            exits.clear();
            pooled.clear();
            idle.clear();
            waitingKeys.clear();
            total = 0;
            inFlight = 0;
            pending = 0;
        }
        run(actions);
    }

    private KeyState<K, E, C> keyState(K key) {
        KeyState<K, E, C> state = keys.get(key);
        if (state == null) {
            E exit = Objects.requireNonNull(exitOf.apply(key), "exitOf returned null");
            ExitState<K, E, C> exitState = exits.computeIfAbsent(exit, ExitState::new);
            exitState.keys++;
            Duration keepAlive = keepAliveOf.apply(key);
            state = new KeyState<>(key, exitState, keepAlive == null ? keepAliveNanos : nanos(keepAlive));
            keys.put(key, state);
        }
        return state;
    }

    /**
     * Drops {@code state}, and its exit once no key uses it, when it holds nothing; idempotent. Connections are
     * discarded without this so that a caller's state stays registered until the caller is done with it.
     */
    private void forgetIfEmpty(KeyState<K, E, C> state) {
        if (state.isEmpty() && keys.remove(state.key, state) && --state.exit.keys == 0) {
            exits.remove(state.exit.id);
        }
    }

    private KeyState<K, E, C> reservedState(Grant<C> grant) {
        KeyState<K, E, C> state = keys.get(grant.key());
        if (state == null || state.reserved == 0) {
            throw new IllegalStateException("no CREATE slot is reserved for " + grant.key()
                    + "; report each CREATE grant once, with created or createFailed");
        }
        return state;
    }

    private static void requireCreate(Grant<?> grant) {
        if (grant.kind() != Grant.Kind.CREATE) {
            throw new IllegalArgumentException("expected a CREATE grant, got " + grant.kind());
        }
    }

    /**
     * REUSE (unless {@code fresh}), else CREATE (evicting if that makes room; a fresh acquire first replaces an idle
     * connection of its own key), else {@code null}; counts the grant in the pool.
     */
    private Grant<C> tryGrant(KeyState<K, E, C> state, boolean fresh, long waitedNanos, long nowNanos,
            List<Runnable> actions) {
        Grant<C> reuse = fresh ? null : reuse(state, waitedNanos, nowNanos);
        if (reuse != null) {
            return reuse;
        }
        if (!fresh && awaitingStreams(state)) {
            return null;
        }
        if (!hasRoom(state) && !(fresh && evictOwnIdle(state, actions)) && !evictFor(state, actions)) {
            return null;
        }
        return reserve(state, waitedNanos);
    }

    /**
     * Whether {@code state}'s waiters should wait for streams rather than open a connection: the key is expected to
     * multiplex and a connection of it is being opened, or is open without knowing its stream limit yet.
     */
    private boolean awaitingStreams(KeyState<K, E, C> state) {
        if (!state.expectsMultiplexing) {
            return false;
        }
        if (state.reserved > 0) {
            return true;
        }
        for (PooledConnection<K, E, C> pc : state.connections) {
            if (!pc.connection.slotsKnown() && pc.retiredFor == null && pc.connection.isOpen()) {
                return true;
            }
        }
        return false;
    }

    /** A CREATE grant for {@code state}, its slot counted in the pool; the caller has checked for room. */
    private Grant<C> reserve(KeyState<K, E, C> state, long waitedNanos) {
        state.reserved++;
        state.exit.count++;
        total++;
        return new Grant<>(Grant.Kind.CREATE, null, state.key, waitedNanos);
    }

    /** Closes the least recently used idle connection of {@code state} itself, making room for a new one. */
    private boolean evictOwnIdle(KeyState<K, E, C> state, List<Runnable> actions) {
        PooledConnection<K, E, C> oldest = state.idle.oldest();
        if (oldest == null) {
            return false;
        }
        evictions++;
        discard(oldest, CloseReason.EVICTED, actions);
        return true;
    }

    /**
     * The most recently used connection of {@code state} that can take a request now, lent; null when none can. While
     * the key has only one-at-a-time connections, only its idle ones can, and its idle list is in order of use.
     */
    private Grant<C> reuse(KeyState<K, E, C> state, long waitedNanos, long nowNanos) {
        PooledConnection<K, E, C> best = null;
        if (state.multiRequest == 0) {
            for (var node = state.idle.newest(); node != null && best == null; node = state.idle.older(node)) {
                if (usable(node.value(), nowNanos)) {
                    best = node.value();
                }
            }
        } else {
            for (PooledConnection<K, E, C> pc : state.connections) {
                if (usable(pc, nowNanos) && (best == null || pc.lastUsed > best.lastUsed)) {
                    best = pc;
                }
            }
        }
        if (best == null) {
            return null;
        }
        lend(best);
        return waitedNanos == 0 ? best.reusedAtOnce
                : new Grant<>(Grant.Kind.REUSE, best.connection, state.key, waitedNanos);
    }

    private boolean usable(PooledConnection<K, E, C> pc, long nowNanos) {
        long keepAlive = pc.owner.keepAliveNanos;
        int maxRequests = limits.maxRequestsPerConnection();
        return pc.retiredFor == null
                && keepAlive > 0
                && pc.inFlight < pc.connection.maxConcurrentRequests()
                && (maxRequests == 0 || pc.requests < maxRequests)
                && elapsed(nowNanos, pc.createdNanos) < maxAgeNanos
                && (pc.inFlight > 0 || elapsed(nowNanos, pc.idleSinceNanos) < keepAlive)
                && pc.connection.isOpen();
    }

    private void lend(PooledConnection<K, E, C> pc) {
        if (pc.inFlight == 0) {
            leaveIdle(pc);
        }
        pc.inFlight++;
        pc.requests++;
        inFlight++;
        pc.lastUsed = ++uses;
    }

    /** {@code pc} now has nothing in flight: it joins the pool's, its exit's and its key's idle lists as the newest. */
    private void enterIdle(PooledConnection<K, E, C> pc) {
        idle.add(pc.poolIdle);
        pc.owner.exit.idle.add(pc.exitIdle);
        pc.owner.idle.add(pc.keyIdle);
    }

    private void leaveIdle(PooledConnection<K, E, C> pc) {
        idle.remove(pc.poolIdle);
        pc.owner.exit.idle.remove(pc.exitIdle);
        pc.owner.idle.remove(pc.keyIdle);
    }

    private boolean hasRoom(KeyState<K, E, C> state) {
        return state.count() < limits.maxPerKey()
                && state.exit.count < limits.maxPerExit()
                && total < limits.maxTotal();
    }

    /**
     * Closes the least recently used idle connection of another key whose slot lets {@code state} create: one on the
     * same exit when the exit cap is full, any when only the total cap is. Never helps a key at its own cap.
     */
    private boolean evictFor(KeyState<K, E, C> state, List<Runnable> actions) {
        if (state.count() >= limits.maxPerKey()) {
            return false;
        }
        IdleList<PooledConnection<K, E, C>> candidates =
                state.exit.count >= limits.maxPerExit() ? state.exit.idle : idle;
        for (PooledConnection<K, E, C> pc : candidates) {
            if (pc.owner != state) {
                evictions++;
                discard(pc, CloseReason.EVICTED, actions);
                forgetIfEmpty(pc.owner);
                return true;
            }
        }
        return false;
    }

    /** Why a connection whose request just ended takes no new request and closes once idle; or null to keep it. */
    private CloseReason retirement(PooledConnection<K, E, C> pc, boolean reusable, CloseReason reason,
            long nowNanos) {
        int maxRequests = limits.maxRequestsPerConnection();
        if (!reusable) {
            return reason;
        } else if (pc.owner.keepAliveNanos == 0) {
            return CloseReason.KEEP_ALIVE_ZERO;
        } else if (maxRequests > 0 && pc.requests >= maxRequests) {
            return CloseReason.MAX_REQUESTS;
        } else if (elapsed(nowNanos, pc.createdNanos) >= maxAgeNanos) {
            return CloseReason.MAX_AGE;
        }
        return null;
    }

    /** Why a connection should be dropped now: its socket closed, or it is idle and expired; or null. */
    private CloseReason staleness(PooledConnection<K, E, C> pc, long nowNanos) {
        if (!pc.connection.isOpen()) {
            return CloseReason.PEER_CLOSED;
        } else if (pc.inFlight > 0) {
            return null;
        } else if (elapsed(nowNanos, pc.createdNanos) >= maxAgeNanos) {
            return CloseReason.MAX_AGE;
        } else if (elapsed(nowNanos, pc.idleSinceNanos) >= pc.owner.keepAliveNanos) {
            return CloseReason.IDLE_TIMEOUT;
        }
        return null;
    }

    /** Drops {@code state}'s stale connections, in order; true if any capacity was freed. */
    private boolean sweep(KeyState<K, E, C> state, long nowNanos, List<Runnable> actions) {
        boolean freed = false;
        int i = 0;
        while (i < state.connections.size()) {
            PooledConnection<K, E, C> pc = state.connections.get(i);
            CloseReason reason = staleness(pc, nowNanos);
            if (reason != null) {
                discard(pc, reason, actions); // removes connections[i]: the next one moves to i
                freed = true;
            } else {
                i++;
            }
        }
        return freed;
    }

    /** Removes {@code pc} from the pool, with any requests still counted on it, and closes it after the lock. */
    private void discard(PooledConnection<K, E, C> pc, CloseReason reason, List<Runnable> actions) {
        KeyState<K, E, C> state = pc.owner;
        state.connections.remove(pc);
        pooled.remove(pc.connection);
        if (pc.inFlight == 0) {
            leaveIdle(pc);
        }
        if (!pc.connection.oneAtATime()) {
            state.multiRequest--;
        }
        inFlight -= pc.inFlight;
        state.exit.count--;
        total--;
        actions.add(() -> pc.connection.close(reason));
    }

    /** Hands free request slots of {@code state}'s connections to its waiters, oldest first. */
    private void serveReuse(KeyState<K, E, C> state, long nowNanos, List<Runnable> actions) {
        if (state.waiters.isEmpty()) {
            return;
        }
        waitingKeys.remove(state);
        boolean settled = true;
        while (settled && !state.waiters.isEmpty()) {
            settled = settleHead(state, true, nowNanos, actions);
        }
        requeue(state);
    }

    /**
     * Settles head waiters in global arrival order until every waiting key's head must keep waiting. A key found
     * blocked is not looked at again in this pass unless an eviction freed a slot it might use.
     */
    private void serveOldest(long nowNanos, List<Runnable> actions) {
        if (waitingKeys.isEmpty()) {
            return;
        }
        List<KeyState<K, E, C>> blocked = new ArrayList<>();
        KeyState<K, E, C> state;
        while ((state = waitingKeys.pollFirst()) != null) {
            long evictionsBefore = evictions;
            if (settleHead(state, false, nowNanos, actions)) {
                requeue(state);
            } else {
                blocked.add(state);
            }
            if (evictions != evictionsBefore) {
                waitingKeys.addAll(blocked);
                blocked.clear();
            }
        }
        waitingKeys.addAll(blocked);
    }

    /**
     * Removes the head waiter of {@code state} if it was cancelled, has timed out (failing it) or can be granted
     * (REUSE only if {@code reuseOnly}); returns false, leaving it, if it must keep waiting. {@code state} must be out
     * of {@link #waitingKeys}.
     */
    private boolean settleHead(KeyState<K, E, C> state, boolean reuseOnly, long nowNanos, List<Runnable> actions) {
        Waiter<K, E, C> waiter = state.waiters.getFirst();
        long waitedNanos = elapsed(nowNanos, waiter.enqueuedNanos());
        if (!waiter.future().isDone()) {
            if (waitedNanos >= acquireTimeoutNanos) {
                AcquireTimeoutException timeout = timeout(state, waitedNanos);
                actions.add(() -> waiter.future().completeExceptionally(timeout));
            } else {
                // Serving reuse, a fresh waiter may still replace an idle connection of its key: the key's count
                // stays the same, so no older waiter of another key loses room.
                Grant<C> grant = !reuseOnly ? tryGrant(state, waiter.fresh(), waitedNanos, nowNanos, actions)
                        : !waiter.fresh() ? reuse(state, waitedNanos, nowNanos)
                        : evictOwnIdle(state, actions) ? reserve(state, waitedNanos) : null;
                if (grant == null) {
                    return false;
                }
                actions.add(() -> hand(waiter.future(), grant, nowNanos));
            }
        }
        state.waiters.removeFirst();
        pending--;
        return true;
    }

    private void requeue(KeyState<K, E, C> state) {
        if (state.waiters.isEmpty()) {
            forgetIfEmpty(state);
        } else {
            waitingKeys.add(state);
        }
    }

    /** Completes a waiter outside the lock; a grant it no longer wants (cancelled) goes back to the pool. */
    private void hand(CompletableFuture<Grant<C>> future, Grant<C> grant, long nowNanos) {
        if (!future.complete(grant)) {
            if (grant.kind() == Grant.Kind.REUSE) {
                release(grant.connection(), true, null, nowNanos);
            } else {
                createFailed(grant, nowNanos);
            }
        }
    }

    private long untilNextExpiry(long nowNanos) {
        long next = Long.MAX_VALUE;
        for (PooledConnection<K, E, C> pc : idle) {
            next = Math.min(next, pc.owner.keepAliveNanos - elapsed(nowNanos, pc.idleSinceNanos));
            next = Math.min(next, maxAgeNanos - elapsed(nowNanos, pc.createdNanos));
        }
        for (KeyState<K, E, C> state : waitingKeys) {
            long waitedNanos = elapsed(nowNanos, state.waiters.getFirst().enqueuedNanos());
            next = Math.min(next, acquireTimeoutNanos - waitedNanos);
        }
        return next;
    }

    private AcquireTimeoutException timeout(KeyState<K, E, C> state, long waitedNanos) {
        return new AcquireTimeoutException("no connection for " + state.key + " after waiting "
                + TimeUnit.NANOSECONDS.toMillis(waitedNanos) + " ms; in use (connections and slots being opened): "
                + state.count() + " of " + limits.maxPerKey() + " per key, "
                + state.exit.count + " of " + limits.maxPerExit() + " per exit, "
                + total + " of " + limits.maxTotal() + " in total", waitedNanos);
    }

    private static IllegalStateException poolClosed() {
        return new IllegalStateException("pool closed");
    }

    /** Nanoseconds from {@code sinceNanos} to {@code nowNanos}, 0 if the clock reads earlier. */
    private static long elapsed(long nowNanos, long sinceNanos) {
        return Math.max(0, nowNanos - sinceNanos);
    }

    /** Runs every action even if one throws, then rethrows the first failure with the others suppressed. */
    private static void run(List<Runnable> actions) {
        RuntimeException failure = null;
        for (int i = 0; i < actions.size(); i++) { // by index: no iterator on the acquire path
            try {
                actions.get(i).run();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** The duration in nanoseconds, saturated at {@link Long#MAX_VALUE} (about 292 years). */
    static long nanos(Duration d) {
        try {
            return d.toNanos();
        } catch (ArithmeticException tooLong) {
            return Long.MAX_VALUE;
        }
    }
}
