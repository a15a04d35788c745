package io.proxybench.experiments.sizepool;

/**
 * One source address's token bucket, as a target keeps it, for {@link PoolSimulation}. Whoever runs the simulation
 * hands in the bucket through {@link Factory}; {@link SizePoolOnLab#BUCKET} is the lab's own (the one
 * {@code /limited} answers from), so that the simulation and the live check apply one algorithm.
 */
@FunctionalInterface
public interface PerIpBucket {

    /**
     * Takes a token if the bucket holds a whole one at {@code nowNanos}; returns whether it did.
     *
     * @param nowNanos nanoseconds on one monotonic clock, non-decreasing across calls
     */
    boolean tryTake(long nowNanos);

    /** Makes the bucket a target gives an address on its first request. */
    @FunctionalInterface
    interface Factory {

        /** A bucket with {@code limit}'s burst and rate, full at {@code nowNanos}. */
        PerIpBucket full(BucketLimit limit, long nowNanos);
    }
}
