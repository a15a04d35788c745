package io.proxybench.experiments.sizepool;

/**
 * What a per-IP token bucket rejects of a request stream spread over a pool of sessions, each session one exit IP
 * with its own bucket, created full at the address's first request (as the target creates it). Exact: no clock, no
 * randomness beyond the given assignment.
 */
public final class PoolSimulation {

    private PoolSimulation() {}

    /**
     * @param arrivalNanos when each request reaches the target, nanoseconds, non-decreasing
     * @param sessions the session of each request, 0 to {@code poolSize - 1}, as long as {@code arrivalNanos}
     * @return how many requests the buckets rejected
     */
    public static int rejected(long[] arrivalNanos, int[] sessions, int poolSize, BucketLimit limit,
            PerIpBucket.Factory buckets) {
        if (arrivalNanos.length != sessions.length) {
            throw new IllegalArgumentException(arrivalNanos.length + " arrivals but " + sessions.length
                    + " session assignments");
        }
        PerIpBucket[] bucket = new PerIpBucket[poolSize];
        int rejected = 0;
        for (int i = 0; i < arrivalNanos.length; i++) {
            if (i > 0 && arrivalNanos[i] < arrivalNanos[i - 1]) {
                throw new IllegalArgumentException("arrival " + i + " is earlier than the one before it");
            }
            int s = sessions[i];
            if (bucket[s] == null) {
                bucket[s] = buckets.full(limit, arrivalNanos[i]);
            }
            if (!bucket[s].tryTake(arrivalNanos[i])) {
                rejected++;
            }
        }
        return rejected;
    }

    /**
     * The smallest pool of at most {@code upTo} sessions whose rejections are at most {@code maxRejectedShare} of the
     * stream; -1 when none is. Every size gets the draws of {@code assignment} from {@code seed}. The scan starts
     * where the buckets could hold the stream at all: an address accepts at most {@code burst + rate × span} requests.
     */
    public static int smallestPool(long[] arrivalNanos, Assignment assignment, long seed, BucketLimit limit,
            PerIpBucket.Factory buckets, double maxRejectedShare, int upTo) {
        int n = arrivalNanos.length;
        if (n == 0) {
            return 1;
        }
        double spanSeconds = (arrivalNanos[n - 1] - arrivalNanos[0]) / 1e9;
        double perAddress = limit.burst() + limit.ratePerSec() * spanSeconds;
        int from = (int) Math.max(1, Math.floor(n * (1 - maxRejectedShare) / perAddress));
        for (int p = from; p <= upTo; p++) {
            int[] sessions = assignment.sessions(arrivalNanos.length, p, seed);
            if (rejected(arrivalNanos, sessions, p, limit, buckets) <= maxRejectedShare * arrivalNanos.length) {
                return p;
            }
        }
        return -1;
    }
}
