package io.proxybench.client.event;

import io.proxybench.client.PoolLimits;

/**
 * A snapshot of a pool, or of one key in it (Reactor Netty's acquired / idle / pending / allocated / max).
 *
 * @param acquired requests in flight
 * @param idle connections with no request in flight
 * @param pending acquires waiting for a slot
 * @param total open connections plus slots reserved for connections being created; at most {@code max}
 * @param max the cap on {@code total}: {@link PoolLimits#maxTotal()} for the pool, {@link PoolLimits#maxPerKey()} for
 *     a key
 */
public record PoolGauges(int acquired, int idle, int pending, int total, int max) {}
