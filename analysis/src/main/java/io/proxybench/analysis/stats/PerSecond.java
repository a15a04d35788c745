package io.proxybench.analysis.stats;

import io.proxybench.records.Outcome;
import io.proxybench.records.RequestRecord;
import java.util.Arrays;

/**
 * A run's per-second series, indexed by whole seconds after its start (second {@code s} holds {@code [s, s + 1)}):
 * successes and records by the second they were done, outcomes by the second they were done, and the time requests
 * spent in flight within each second. About 70 bytes per second of run, whatever the rate; seconds past
 * {@link #MAX_SECONDS} (a week) are counted in the run's totals but not here.
 */
final class PerSecond {
    /** The longest run the series cover, seconds. */
    static final int MAX_SECONDS = 7 * 24 * 3600;
    private static final int OUTCOMES = Outcome.values().length;

    private long[] ok = new long[0];
    private long[] done = new long[0];
    /** {@code outcomes[s * OUTCOMES + o]}: records of outcome ordinal {@code o} done in second {@code s}. */
    private long[] outcomes = new long[0];
    /** Seconds of requests in flight (scheduled and not done) within each second. */
    private double[] inFlight = new double[0];
    /** Seconds held: one past the last second with a record done. */
    private int length;
    /** Records whose {@code done} fell outside [0, MAX_SECONDS). */
    private long outside;

    void add(RequestRecord r) {
        int second = second(r.done());
        if (second < 0) {
            outside++;
            return;
        }
        grow(second + 1);
        done[second]++;
        if (r.ok()) {
            ok[second]++;
        }
        if (r.outcome() != null) {
            outcomes[second * OUTCOMES + r.outcome().ordinal()]++;
        }
        double from = Math.max(0, r.sched());
        double to = r.done();
        for (int s = Math.max(0, (int) Math.floor(from)); s <= second && to > from; s++) {
            inFlight[s] += Math.min(to, s + 1) - Math.max(from, s);
        }
    }

    void add(PerSecond other) {
        grow(other.length);
        for (int s = 0; s < other.length; s++) {
            ok[s] += other.ok[s];
            done[s] += other.done[s];
            inFlight[s] += other.inFlight[s];
        }
        for (int i = 0; i < other.length * OUTCOMES; i++) {
            outcomes[i] += other.outcomes[i];
        }
        outside += other.outside;
    }

    /** Seconds covered: one past the last second in which a record was done; 0 without records. */
    int length() {
        return length;
    }

    long ok(int second) {
        return ok[second];
    }

    long done(int second) {
        return done[second];
    }

    long outcome(int second, Outcome outcome) {
        return outcomes[second * OUTCOMES + outcome.ordinal()];
    }

    double inFlightSeconds(int second) {
        return inFlight[second];
    }

    /** Records done before the run's start or a week or more after it: in no second. */
    long outside() {
        return outside;
    }

    /** The whole second of {@code seconds} after the start (truncated, like the seed's int()); -1 outside. */
    private static int second(double seconds) {
        return seconds >= 0 && seconds < MAX_SECONDS ? (int) seconds : -1;
    }

    private void grow(int seconds) {
        if (seconds <= length) {
            return;
        }
        if (seconds > ok.length) {
            int capacity = Math.min(MAX_SECONDS, Math.max(seconds, Math.max(64, ok.length * 2)));
            ok = Arrays.copyOf(ok, capacity);
            done = Arrays.copyOf(done, capacity);
            inFlight = Arrays.copyOf(inFlight, capacity);
            outcomes = Arrays.copyOf(outcomes, capacity * OUTCOMES);
        }
        length = seconds;
    }
}
