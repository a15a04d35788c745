package io.proxybench.analysis;

/**
 * Outcomes of a group of requests (one exit IP, one time window), hard and soft blocks apart.
 *
 * @param requests all requests of the group
 * @param proxyFailures requests that never reached the target
 * @param hardBlocks requests the target refused outright (403, 429, 503)
 * @param softBlocks requests answered without the data (challenge, tiny body, expected content missing)
 */
public record BlockCount(long requests, long proxyFailures, long hardBlocks, long softBlocks) {
    /** Requests the target answered: all but the proxy failures, the denominator of the block rates. */
    public long responses() {
        return requests - proxyFailures;
    }

    /** Share (0..1) of {@link #responses()} that were hard blocks; 0 when there were none. */
    public double hardRate() {
        return responses() == 0 ? 0 : (double) hardBlocks / responses();
    }

    /** Share (0..1) of {@link #responses()} that were soft blocks; 0 when there were none. */
    public double softRate() {
        return responses() == 0 ? 0 : (double) softBlocks / responses();
    }

    /** This count and {@code other} together. */
    public BlockCount plus(BlockCount other) {
        return new BlockCount(requests + other.requests, proxyFailures + other.proxyFailures,
                hardBlocks + other.hardBlocks, softBlocks + other.softBlocks);
    }
}
