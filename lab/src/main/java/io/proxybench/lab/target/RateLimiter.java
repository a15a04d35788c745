package io.proxybench.lab.target;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;

/** One {@link TokenBucket} per source address, created full on the address's first request. Thread-safe. */
final class RateLimiter {

    private final int burst;
    private final double ratePerSec;
    private final ConcurrentMap<String, TokenBucket> buckets = new ConcurrentHashMap<>();

    RateLimiter(int burst, double ratePerSec) {
        this.burst = burst;
        this.ratePerSec = ratePerSec;
    }

    /**
     * Takes a token from {@code source}'s bucket at {@code nowNanos}.
     *
     * @return 0 when a token was taken, otherwise the whole seconds (at least 1) until one is available
     */
    long take(String source, long nowNanos) {
        TokenBucket bucket = buckets.computeIfAbsent(source, s -> new TokenBucket(burst, ratePerSec, nowNanos));
        if (bucket.tryTake(nowNanos)) {
            return 0;
        }
        long nanos = bucket.nanosUntilToken(nowNanos);
        return Math.max(1, (nanos + TimeUnit.SECONDS.toNanos(1) - 1) / TimeUnit.SECONDS.toNanos(1));
    }
}
