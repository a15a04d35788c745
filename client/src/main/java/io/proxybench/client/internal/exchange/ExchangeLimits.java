package io.proxybench.client.internal.exchange;

/**
 * The time limits an exchange runs under, in nanoseconds, each positive.
 *
 * @param headNanos from the request's start to the end of the final response's head
 * @param idleNanos the longest wait for body bytes once the head has arrived (not counted while the body's consumer
 *     has paused the reads)
 */
public record ExchangeLimits(long headNanos, long idleNanos) {}
