package io.proxybench.analysis.diagnosis;

import io.proxybench.records.RequestRecord;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Watches a run's first {@value #FIRST} requests to end: when every one failed in setup ({@link SetupFailures#of})
 * and at least {@value #SHARE_PERCENT}% of them with one error label, the proxy (or the target's certificate) is
 * broken, not slow, and {@link #diagnosis()} says how. Later records are not looked at, so watching costs a field
 * read per request once the first have ended. Thread-safe.
 */
public final class EarlyFailures {

    /** How many of the first requests to end are looked at. */
    public static final int FIRST = 20;

    /** The share of them, in percent, that must share one error label. */
    public static final int SHARE_PERCENT = 90;

    private final SetupContext context;
    private final Map<String, Integer> byError = new HashMap<>();
    /** The first reason the proxy gave with each label. */
    private final Map<String, String> reasons = new HashMap<>();
    private int seen;
    private boolean anyFine;
    private volatile boolean decided;
    private volatile Diagnosis diagnosis;

    public EarlyFailures(SetupContext context) {
        this.context = context;
    }

    /**
     * Looks at one record, if it is among the first to end.
     *
     * @return the diagnosis when this record completed one, else empty (also for every later record)
     */
    public Optional<Diagnosis> add(RequestRecord r) {
        if (decided) {
            return Optional.empty();
        }
        synchronized (this) {
            if (decided) {
                return Optional.empty();
            }
            seen++;
            String error = SetupFailures.of(r);
            if (error != null) {
                byError.merge(error, 1, Integer::sum);
                if (r.reason() != null) {
                    reasons.putIfAbsent(error, r.reason());
                }
            } else {
                anyFine = true;
            }
            if (seen < FIRST && !anyFine) {
                return Optional.empty();
            }
            decided = true;
            diagnosis = anyFine ? null : decide();
            return Optional.ofNullable(diagnosis);
        }
    }

    /** The diagnosis, once the first {@value #FIRST} requests to end all failed in setup; else empty. */
    public Optional<Diagnosis> diagnosis() {
        return Optional.ofNullable(diagnosis);
    }

    /**
     * The diagnosis of a run that ended with fewer than {@value #FIRST} requests, all failed in setup, by the same
     * share; empty otherwise, and empty once a diagnosis was decided on the first {@value #FIRST}.
     */
    public synchronized Optional<Diagnosis> ofFewer() {
        if (decided || anyFine || seen == 0) {
            return Optional.ofNullable(diagnosis);
        }
        return Optional.ofNullable(decide());
    }

    private Diagnosis decide() {
        Map.Entry<String, Integer> top = byError.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow();
        if (top.getValue() * 100L < (long) SHARE_PERCENT * seen) {
            return null;
        }
        return SetupFailures.diagnose(top.getKey(), reasons.get(top.getKey()), top.getValue(), seen, context);
    }
}
