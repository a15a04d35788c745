package io.proxybench.watch.live;

import io.proxybench.records.Outcome;
import io.proxybench.records.Phase;
import io.proxybench.records.RequestRecord;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.IntCountsHistogram;

/**
 * Counts the checks of the minute so far, and hands them out as a {@link Minute} when it ends. Its memory is bounded
 * by the checks one minute can hold (a set of exit IPs) and one histogram per phase, reused minute after minute.
 * Not thread-safe: its owner's lock guards it.
 */
final class MinuteCounter {

    private static final Phase[] PHASES = Phase.values();
    private static final double MICROS_PER_SECOND = 1e6;

    private final AbstractHistogram[] micros = new AbstractHistogram[PHASES.length];
    private final Set<String> exits = new HashSet<>();
    private final Set<String> subnets = new HashSet<>();
    private long start;
    private long checks;
    private long ok;
    private long blocks;
    private long errors;
    private long handshakes;
    private long bytes;
    private long reused;

    MinuteCounter(long startSeconds) {
        for (int i = 0; i < PHASES.length; i++) {
            micros[i] = new IntCountsHistogram(3_600_000_000L, 2);
        }
        this.start = startSeconds;
    }

    /** The minute's start, Unix seconds. */
    long start() {
        return start;
    }

    void add(RequestRecord r) {
        checks++;
        if (r.ok()) {
            ok++;
            for (int i = 0; i < PHASES.length; i++) {
                Double seconds = PHASES[i].seconds(r);
                if (seconds != null) {
                    micros[i].recordValue(Math.min(3_600_000_000L, Math.max(0, Math.round(seconds
                            * MICROS_PER_SECOND))));
                }
            }
        }
        if (r.outcome() == Outcome.HARD_BLOCK || r.outcome() == Outcome.SOFT_BLOCK) {
            blocks++;
        } else if (r.outcome() == Outcome.TARGET_ERROR || r.outcome() == Outcome.PROXY_FAILURE) {
            errors++;
        }
        if (Boolean.FALSE.equals(r.reused())) {
            handshakes++;
        } else if (Boolean.TRUE.equals(r.reused())) {
            reused++;
        }
        bytes += (r.bytesIn() == null ? 0 : r.bytesIn()) + (r.bytesOut() == null ? 0 : r.bytesOut());
        if (r.ip() != null) {
            exits.add(r.ip());
            subnets.add(Subnets.of(r.ip()));
        }
    }

    /** The minute so far. */
    Minute snapshot() {
        Map<String, Double> p50 = new LinkedHashMap<>();
        Map<String, Double> p99 = new LinkedHashMap<>();
        for (int i = 0; i < PHASES.length; i++) {
            if (micros[i].getTotalCount() > 0) {
                p50.put(PHASES[i].jsonName(), micros[i].getValueAtPercentile(50) / MICROS_PER_SECOND);
                p99.put(PHASES[i].jsonName(), micros[i].getValueAtPercentile(99) / MICROS_PER_SECOND);
            }
        }
        return new Minute(start, checks, ok, blocks, errors, p50, p99, exits.size(), subnets.size(), handshakes,
                bytes, reused);
    }

    /** Starts counting the minute from {@code startSeconds}, from zero. */
    void restart(long startSeconds) {
        start = startSeconds;
        for (AbstractHistogram h : micros) {
            h.reset();
        }
        exits.clear();
        subnets.clear();
        checks = ok = blocks = errors = handshakes = bytes = reused = 0;
    }
}
