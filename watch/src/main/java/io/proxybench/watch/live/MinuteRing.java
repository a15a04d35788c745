package io.proxybench.watch.live;

import io.proxybench.records.Phase;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The last {@code capacity} closed minutes of one provider, in primitive arrays allocated once: its memory is the
 * same on the first minute as after a month (about 130 bytes a minute). {@link Minute}s are made only when read.
 * Not thread-safe: its owner's lock guards it.
 */
final class MinuteRing {

    private static final Phase[] PHASES = Phase.values();
    private static final int COUNTS = 8;

    private final int capacity;
    /** Per minute: t, checks, ok, blocks, errors, handshakes, bytes, reused. */
    private final long[] counts;
    /** Per minute: exits, subnets. */
    private final int[] exits;
    /** Per minute and phase: p50 and p99, seconds; NaN when the phase had no value. */
    private final float[] p50;
    private final float[] p99;
    private int next;
    private int size;

    MinuteRing(int capacity) {
        this.capacity = capacity;
        this.counts = new long[capacity * COUNTS];
        this.exits = new int[capacity * 2];
        this.p50 = new float[capacity * PHASES.length];
        this.p99 = new float[capacity * PHASES.length];
    }

    /** Adds {@code m} as the newest, dropping the oldest when full. */
    void add(Minute m) {
        int c = next * COUNTS;
        counts[c] = m.t();
        counts[c + 1] = m.checks();
        counts[c + 2] = m.ok();
        counts[c + 3] = m.blocks();
        counts[c + 4] = m.errors();
        counts[c + 5] = m.handshakes();
        counts[c + 6] = m.bytes();
        counts[c + 7] = m.reused();
        exits[next * 2] = m.exits();
        exits[next * 2 + 1] = m.subnets();
        for (int i = 0; i < PHASES.length; i++) {
            p50[next * PHASES.length + i] = seconds(m.p50().get(PHASES[i].jsonName()));
            p99[next * PHASES.length + i] = seconds(m.p99().get(PHASES[i].jsonName()));
        }
        next = (next + 1) % capacity;
        size = Math.min(capacity, size + 1);
    }

    private static float seconds(Double value) {
        return value == null ? Float.NaN : value.floatValue();
    }

    int size() {
        return size;
    }

    /** The {@code i}-th newest minute, 0 the newest. */
    Minute newest(int i) {
        int slot = Math.floorMod(next - 1 - i, capacity);
        int c = slot * COUNTS;
        return new Minute(counts[c], counts[c + 1], counts[c + 2], counts[c + 3], counts[c + 4],
                phases(p50, slot), phases(p99, slot), exits[slot * 2], exits[slot * 2 + 1], counts[c + 5],
                counts[c + 6], counts[c + 7]);
    }

    /** Every minute kept, oldest first. */
    List<Minute> all() {
        List<Minute> all = new ArrayList<>(size);
        for (int i = size - 1; i >= 0; i--) {
            all.add(newest(i));
        }
        return all;
    }

    private static Map<String, Double> phases(float[] values, int slot) {
        Map<String, Double> phases = new LinkedHashMap<>();
        for (int i = 0; i < PHASES.length; i++) {
            float v = values[slot * PHASES.length + i];
            if (!Float.isNaN(v)) {
                phases.put(PHASES[i].jsonName(), (double) v);
            }
        }
        return phases;
    }
}
