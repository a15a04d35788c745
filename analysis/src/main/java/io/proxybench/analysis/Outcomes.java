package io.proxybench.analysis;

import io.proxybench.records.Outcome;
import io.proxybench.records.RequestRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * The outcome {@code analyze} gives each record. {@code run} classified what it could see per request (status,
 * challenge header, {@code --expect} on the live body); only the whole run knows the median body, and only a kept
 * body can be checked against an expectation given later. So a record's own outcome stands unless it is data (or
 * absent, as in the seed harness's files): then {@link BlockClassifier} decides, with the small-body rule against
 * the median {@code body_len} of the successes and the expectation on the record's {@code body} when it has one.
 *
 * @param records the records in their order, each with its outcome set
 * @param medianBodyBytes median {@code body_len} of the successes (status 200), bytes; null when none carries one
 * @param withoutBody records an expectation could not be checked on, for want of a kept body; 0 without one
 */
public record Outcomes(List<RequestRecord> records, Double medianBodyBytes, long withoutBody) {

    /**
     * @param expect what a 2xx body must hold to be data; null for none
     */
    public static Outcomes of(List<RequestRecord> records, Expect expect) {
        double[] bodies = records.stream().filter(r -> r.ok() && r.bodyLen() != null)
                .mapToDouble(RequestRecord::bodyLen).toArray();
        Double median = bodies.length == 0 ? null : Percentiles.of(bodies).p50();
        BlockClassifier withExpect = new BlockClassifier(expect, median);
        BlockClassifier withoutExpect = new BlockClassifier(null, median);
        List<RequestRecord> classified = new ArrayList<>(records.size());
        long withoutBody = 0;
        for (RequestRecord r : records) {
            if (r.outcome() != null && r.outcome() != Outcome.DATA) {
                classified.add(r);
                continue;
            }
            if (r.status() == null && r.error() == null) {
                throw new IllegalArgumentException("the record scheduled at " + r.sched()
                        + " s has no outcome, status or error; every record needs one (is the file truncated?)");
            }
            boolean checkable = expect != null && r.body() != null;
            if (expect != null && !checkable && r.status() != null) {
                withoutBody++;
            }
            BlockClassifier classifier = checkable ? withExpect : withoutExpect;
            classified.add(r.withOutcome(classifier.classify(new BlockClassifier.Input(r.status(), r.error(),
                    Boolean.TRUE.equals(r.challenge()), r.bodyLen(), r.body()))));
        }
        return new Outcomes(List.copyOf(classified), median, withoutBody);
    }
}
