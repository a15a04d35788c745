package io.proxybench.client.proxy;

import io.proxybench.client.internal.session.PerRequestRouter;
import io.proxybench.client.internal.session.StickyRouter;
import java.time.Duration;

/**
 * Decides the session id for each request of a <em>key</em> (a task or worker name chosen by the caller), so that
 * rotation happens at the caller's chosen granularity rather than inline in the request path.
 *
 * <p>Invariants of every implementation: ids are 1 to 64 ASCII letters and digits (what {@link Dialect#sessionId}
 * takes and turns into the provider's form); after {@link #blocked(String)} the key's next id differs from every id
 * it was given before; other keys are unaffected; all methods are thread-safe. Time is supplied by the
 * caller in nanoseconds from one monotonic clock (e.g. {@link System#nanoTime()}), so the router never reads it.
 */
public interface SessionRouter {

    /**
     * The session id for the next request of {@code key}.
     *
     * @param key any non-null string; it need not be a valid id
     * @param nowNanos the request's time, in nanoseconds of the caller's monotonic clock
     * @return 1 to 64 ASCII letters and digits
     * @throws NullPointerException if {@code key} is null
     */
    String sessionFor(String key, long nowNanos);

    /**
     * Marks the response last received for {@code key} as blocked: the key's next request gets a new id.
     *
     * @param key the key whose session to replace, as passed to {@link #sessionFor}
     * @throws NullPointerException if {@code key} is null
     */
    void blocked(String key);

    /**
     * Whether a session id may be given again (to a later request of the same key); false when every request gets
     * its own, so that a connection of such a session can never serve another request.
     *
     * @return true unless every request gets an id of its own; true by default
     */
    default boolean reusesIds() {
        return true;
    }

    /**
     * One line for reports, e.g. {@code sticky per 30s window}.
     *
     * @return the description, without a line break
     */
    String description();

    /**
     * A new id for every call, unique for the router's lifetime: the configuration that makes connection reuse
     * impossible, offered so that its cost can be measured. Ids are a random per-router prefix plus a counter.
     *
     * @return a new router whose {@link #reusesIds()} is false
     */
    static SessionRouter perRequest() {
        return new PerRequestRouter();
    }

    /**
     * The same id for the same key for as long as the router lives, until the key is {@linkplain #blocked blocked}.
     *
     * @return a new router
     */
    static SessionRouter stickyPerKey() {
        return new StickyRouter(null);
    }

    /**
     * The same id for a key within a window of time, a new one in the next window (or after a block). Windows are
     * aligned to the router's start: the time of its first {@link #sessionFor} call; earlier times count as window 0.
     *
     * @param window positive
     * @return a new router
     * @throws IllegalArgumentException if {@code window} is zero or negative
     */
    static SessionRouter stickyPerWindow(Duration window) {
        return new StickyRouter(window);
    }
}
