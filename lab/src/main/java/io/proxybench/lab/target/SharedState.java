package io.proxybench.lab.target;

import java.net.InetAddress;
import java.util.function.Function;

/**
 * What every connection and stream of one target server shares.
 *
 * @param stats the live counters
 * @param limiter the per-source token buckets of {@code /limited}
 * @param locate maps a source address to a 2-letter country code, {@code XX} when unknown
 * @param stall the window during which responses wait, see {@link TargetServer#stall}
 * @param cookies the session cookies {@code /login} sets and {@code /page/N} checks
 */
record SharedState(TargetStats stats, RateLimiter limiter, Function<InetAddress, String> locate, Stall stall,
        SessionCookies cookies) {}
