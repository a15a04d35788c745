package io.proxybench.analysis.stats;

import io.proxybench.analysis.BlockClassifier;
import io.proxybench.analysis.FailureReason;
import io.proxybench.analysis.FirstTries;
import io.proxybench.records.Outcome;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What became of a run's requests, read from its {@link RunStatistics}: records per outcome and the rates over them,
 * the errors and the reasons proxies gave, the statuses the target answered, first tries apart from retries, and the
 * successes' median body. Shares are from 0 to 1. Reads the statistics as they are at each call.
 */
public final class OutcomeView {

    private final RunStatistics s;

    OutcomeView(RunStatistics statistics) {
        this.s = statistics;
    }

    /** Successes over all records, 0..1; null without records. */
    public Double successRate() {
        return s.records == 0 ? null : (double) s.ok / s.records;
    }

    /** Records that did not succeed, over all records, 0..1; 0 without records. */
    public double failureRate() {
        return share(s.records - s.ok, s.records);
    }

    /** Records of {@code outcome}. */
    public long count(Outcome outcome) {
        return s.outcomes[outcome.ordinal()];
    }

    /** Records per outcome, all five in order, keyed by their JSON names. */
    public Map<String, Long> counts() {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (Outcome o : Outcome.values()) {
            counts.put(o.jsonName(), count(o));
        }
        return counts;
    }

    /** Records whose outcome is data: what cost is counted per. */
    public long accepted() {
        return count(Outcome.DATA);
    }

    /** Records the target answered (all but proxy failures): the block rates' denominator. */
    public long answered() {
        return s.records - count(Outcome.PROXY_FAILURE);
    }

    /** Hard blocks over {@link #answered()}, 0..1; 0 when nothing was answered. */
    public double hardBlockRate() {
        return share(count(Outcome.HARD_BLOCK), answered());
    }

    /** Soft blocks over {@link #answered()}, 0..1; 0 when nothing was answered. */
    public double softBlockRate() {
        return share(count(Outcome.SOFT_BLOCK), answered());
    }

    /** Records with an error (no status), by error label ({@code <phase>_<Reason>}). */
    public SortedMap<String, Long> errors() {
        return s.errors.toMap();
    }

    /**
     * The {@code n} most frequent reasons proxies gave for failed records (a refused CONNECT's {@code Proxy-Status}
     * or first body line, a SOCKS5 reply in words), with their error labels, most records first.
     */
    public List<FailureReason> reasons(int n) {
        return s.reasons.mostFrequent(n);
    }

    /** Records per status the target answered, 200 included. */
    public SortedMap<Integer, Long> statuses() {
        return s.statuses.toMap();
    }

    /** Records with an error (no status), by the phase of their error ({@code connect} of {@code connect_407}). */
    public SortedMap<String, Long> errorsByPhase() {
        SortedMap<String, Long> byPhase = new TreeMap<>();
        s.errors.toMap().forEach((label, n) -> byPhase.merge(BlockClassifier.phaseOf(label), n, Long::sum));
        return byPhase;
    }

    /**
     * Records that did not succeed, by the phase of their error ({@code connect} of {@code connect_407}), or
     * {@code status} when the target answered with a status other than 200.
     */
    public SortedMap<String, Long> failuresByPhase() {
        SortedMap<String, Long> byPhase = errorsByPhase();
        long otherStatus = s.statuses.toMap().entrySet().stream().filter(e -> e.getKey() != 200)
                .mapToLong(Map.Entry::getValue).sum();
        if (otherStatus > 0) {
            byPhase.merge("status", otherStatus, Long::sum);
        }
        return byPhase;
    }

    /** First tries apart from retries. */
    public FirstTries firstTries() {
        return new FirstTries(s.okFirstTry, s.retried, s.retries, s.okSecondTry + s.okLaterTry,
                new TreeMap<>(s.firstErrors.toMap()));
    }

    /** Successes on the first try or on the one retry after it ({@code attempt} at most 2). */
    public long okAfterOneRetry() {
        return s.okFirstTry + s.okSecondTry;
    }

    /** Successes on a later try than that. */
    public long okAfterMoreRetries() {
        return s.okLaterTry;
    }

    /** Median body length of the successes that carry one, bytes (within 0.1%); null when none does. */
    public Double medianBodyBytes() {
        return s.okBodyBytes.getTotalCount() == 0 ? null : (double) s.okBodyBytes.getValueAtPercentile(50);
    }

    private static double share(long part, long whole) {
        return whole == 0 ? 0 : (double) part / whole;
    }
}
