package io.proxybench.client.internal.session;

import io.proxybench.client.proxy.SessionRouter;
import java.security.SecureRandom;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@link SessionRouter#perRequest()}: id = {@code r} + 8 random base-36 characters fixed per router + a base-36
 * counter. The fixed-length prefix makes ids unique within the router, and (with high probability) across routers and
 * runs, so no request ever lands on a session a previous one used. At most 22 characters, all lower-case.
 */
public final class PerRequestRouter implements SessionRouter {

    private static final long PREFIX_SPACE = 2_821_109_907_456L; // 36^8

    private final String prefix;
    private final AtomicLong counter = new AtomicLong();

    public PerRequestRouter() {
        long random = Math.floorMod(new SecureRandom().nextLong(), PREFIX_SPACE);
        String digits = Long.toString(random, 36);
        prefix = "r" + "0".repeat(8 - digits.length()) + digits;
    }

    @Override
    public String sessionFor(String key, long nowNanos) {
        Objects.requireNonNull(key, "key");
        return prefix + Long.toString(counter.getAndIncrement(), 36);
    }

    /** Nothing to do: the next request gets a new id anyway. */
    @Override
    public void blocked(String key) {
        Objects.requireNonNull(key, "key");
    }

    @Override
    public String description() {
        return "per request (rotates every request: no reuse possible)";
    }

    @Override
    public boolean reusesIds() {
        return false;
    }
}
