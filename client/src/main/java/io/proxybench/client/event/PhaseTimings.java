package io.proxybench.client.event;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * How long each phase of a call took, in nanoseconds. Phases the call did not go through are absent, not zero:
 * a reused connection has no {@link Phase#TCP}. A phase gone through twice (DNS for a {@code socks5://} proxy and
 * then the origin) holds the sum; {@link Phase#QUEUE} is the wait the pool measured. Immutable; equal when the same
 * phases have the same durations.
 *
 * <p>Held as one array by phase ordinal, not a map: the client makes one per call.
 */
public final class PhaseTimings {

    private static final Phase[] PHASES = Phase.values();

    /** Nanoseconds by {@link Phase#ordinal()}, 0 or more; -1 where the call did not go through the phase. */
    private final long[] nanos;

    /**
     * Copies {@code nanos}; later changes to the argument are not seen.
     *
     * @param nanos each phase the call went through, with its duration in nanoseconds
     * @throws IllegalArgumentException when a duration is negative
     */
    public PhaseTimings(Map<Phase, Long> nanos) {
        this.nanos = new long[PHASES.length];
        Arrays.fill(this.nanos, -1);
        nanos.forEach((phase, n) -> this.nanos[phase.ordinal()] = nonNegative(phase, n));
    }

    /**
     * Copies {@code nanosByOrdinal}; later changes to the argument are not seen.
     *
     * @param nanosByOrdinal each phase's duration in nanoseconds at its {@link Phase#ordinal()}, -1 where the call
     *     did not go through it; one entry per phase
     * @throws IllegalArgumentException when the array's length is not the number of phases, or an entry is below -1
     */
    public PhaseTimings(long[] nanosByOrdinal) {
        if (nanosByOrdinal.length != PHASES.length) {
            throw new IllegalArgumentException("one duration per phase: expected " + PHASES.length + ", got "
                    + nanosByOrdinal.length);
        }
        this.nanos = nanosByOrdinal.clone();
        for (Phase phase : PHASES) {
            if (nanos[phase.ordinal()] != -1) {
                nonNegative(phase, nanos[phase.ordinal()]);
            }
        }
    }

    private static long nonNegative(Phase phase, long n) {
        if (n < 0) {
            throw new IllegalArgumentException(phase + " took " + n + " ns: a duration is 0 or more");
        }
        return n;
    }

    /**
     * Whether the call went through {@code phase}.
     *
     * @param phase the phase
     * @return true when {@code phase} has a duration
     */
    public boolean has(Phase phase) {
        return nanos[phase.ordinal()] >= 0;
    }

    /**
     * The phase's duration in nanoseconds, or -1 when the call did not go through it.
     *
     * @param phase the phase
     * @return 0 or more nanoseconds, or -1
     */
    public long get(Phase phase) {
        return nanos[phase.ordinal()];
    }

    /**
     * The phases the call went through, with their durations, in phase order.
     *
     * @return a new unmodifiable map
     */
    public Map<Phase, Long> nanos() {
        Map<Phase, Long> map = new EnumMap<>(Phase.class);
        for (Phase phase : PHASES) {
            if (has(phase)) {
                map.put(phase, nanos[phase.ordinal()]);
            }
        }
        return Collections.unmodifiableMap(map);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PhaseTimings other && Arrays.equals(nanos, other.nanos);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(nanos);
    }

    @Override
    public String toString() {
        return "PhaseTimings" + nanos();
    }
}
