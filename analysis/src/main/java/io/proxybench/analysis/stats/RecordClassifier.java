package io.proxybench.analysis.stats;

import io.proxybench.analysis.BlockClassifier;
import io.proxybench.analysis.Expect;
import io.proxybench.records.Outcome;
import io.proxybench.records.RequestRecord;

/**
 * The outcome a reader gives each record before it is counted. {@code run} decided each record's outcome as it made
 * it (status, challenge header, {@code --expect} on the live body, and the small-body rule against the successes
 * so far), and that outcome stands, unless the record is data (or has none, as the seed harness's files) and an
 * expectation given now can be checked on its kept body. A record without an outcome is classified from its
 * status, error and challenge flag. One record at a time: nothing here depends on the other records.
 */
public final class RecordClassifier {

    private final Expect expect;
    private final BlockClassifier withExpect;
    private final BlockClassifier plain = new BlockClassifier(null, null);
    private long withoutBody;

    /** @param expect what a 2xx body must hold to be data, checked on the records that kept their body; null for none */
    public RecordClassifier(Expect expect) {
        this.expect = expect;
        this.withExpect = new BlockClassifier(expect, null);
    }

    /**
     * {@code r} with its outcome; a redirect's record as it is, having none (it is no request of its own).
     *
     * @throws IllegalArgumentException when the record has no outcome, status or error
     */
    public RequestRecord classify(RequestRecord r) {
        if (r.redirect() || r.outcome() != null && r.outcome() != Outcome.DATA) {
            return r;
        }
        if (r.status() == null && r.error() == null) {
            throw new IllegalArgumentException("the record has no outcome, status or error, and every record has one:"
                    + " was the line written by proxybench run or the seed harness?");
        }
        boolean checkable = expect != null && r.body() != null;
        if (!checkable) {
            if (expect != null && r.status() != null) {
                withoutBody++;
            }
            if (r.outcome() != null) {
                return r;
            }
        }
        Outcome outcome = (checkable ? withExpect : plain).classify(new BlockClassifier.Input(r.status(), r.error(),
                Boolean.TRUE.equals(r.challenge()), r.bodyLen(), r.body()));
        return outcome == r.outcome() ? r : r.withOutcome(outcome);
    }

    /** Answered records the expectation could not be checked on, for want of a kept body; 0 without one. */
    public long withoutBody() {
        return withoutBody;
    }
}
