package io.proxybench.experiments;

/**
 * What the gateway and the origin counted, for an experiment that can look at them. The embedded lab can
 * ({@link LabServerSide}); a real proxy's dials cannot be seen from outside.
 */
@FunctionalInterface
public interface ServerSide {

    /** Nothing to see: every count unknown. */
    ServerSide UNSEEN = () -> new Counts(null, null, null);

    /** The counters now. */
    Counts read();

    /**
     * Counters at one moment; null where this side cannot see.
     *
     * @param upstreamDials connections the gateway dialled from its exits to the origin
     * @param targetRequests requests the origin received
     * @param targetConnections TCP connections the origin accepted
     */
    record Counts(Long upstreamDials, Long targetRequests, Long targetConnections) {

        /** What was counted since {@code earlier}, a reading of the same counters. */
        public Counts since(Counts earlier) {
            return new Counts(minus(upstreamDials, earlier.upstreamDials),
                    minus(targetRequests, earlier.targetRequests),
                    minus(targetConnections, earlier.targetConnections));
        }

        private static Long minus(Long now, Long before) {
            return now == null || before == null ? null : now - before;
        }
    }
}
