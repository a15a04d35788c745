package io.proxybench.experiments.keepalive;

import java.time.Duration;

/**
 * Seed 001's keep-alive arithmetic. With Poisson arrivals of mean gap {@code g} at one client instance and one
 * destination, and requests much shorter than the gap, a request finds a warm connection exactly when the one before
 * it ended less than the keep-alive {@code T} ago; the gap is exponential, so the cold share is
 * {@code P(gap > T) = exp(-T / g)}. A measured share of {@code n} independent requests scatters around it with the
 * binomial standard error.
 *
 * <p>A request that lasts {@code d} shortens the idle time before the next one to {@code gap - d} (an arrival during
 * it waits and finds the connection warm), so the share falls to {@code exp(-(T + d) / g)}, exactly so for a constant
 * {@code d}, the gaps being memoryless.
 */
public final class ColdShare {

    private ColdShare() {}

    /**
     * {@code exp(-T / gap)}, 0..1.
     *
     * @param keepAlive T, zero or more (zero: every request is cold)
     * @param gap mean gap between requests, above zero
     */
    public static double expected(Duration keepAlive, Duration gap) {
        if (keepAlive.isNegative() || gap.isNegative() || gap.isZero()) {
            throw new IllegalArgumentException("the keep-alive must be zero or more and the gap above zero, got "
                    + keepAlive + " and " + gap);
        }
        return Math.exp(-(double) keepAlive.toNanos() / gap.toNanos());
    }

    /**
     * {@code exp(-(T + d) / gap)}: the cold share when each request lasts {@code d}, 0..1; {@link #expected} when
     * {@code d} is zero.
     */
    public static double withRequestTime(Duration keepAlive, Duration gap, Duration request) {
        if (request.isNegative()) {
            throw new IllegalArgumentException("the request time must be zero or more, got " + request);
        }
        return expected(keepAlive.plus(request), gap);
    }

    /**
     * {@code sqrt(p (1 - p) / n)}: the standard error of a share measured over {@code n} requests that are each cold
     * with probability {@code p}.
     */
    public static double standardError(double p, long n) {
        if (!(p >= 0 && p <= 1) || n < 1) {
            throw new IllegalArgumentException("need a share in 0..1 and at least one request, got " + p + " and "
                    + n);
        }
        return Math.sqrt(p * (1 - p) / n);
    }
}
