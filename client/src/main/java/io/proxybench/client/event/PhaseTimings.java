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
 * <p>Held without a map, and without an array for a call on an open connection (the client makes one per call):
 * {@link Phase#QUEUE} and {@link Phase#REQUEST} in fields, the phases that set a connection up in an array by
 * ordinal, absent when the call went through none of them.
 */
public final class PhaseTimings {

    private static final Phase[] PHASES = Phase.values();

    /** Nanoseconds, 0 or more; -1 where the call did not go through the phase. */
    private final long queue;
    private final long request;
    /**
     * Nanoseconds by {@link Phase#ordinal()}, as {@link #queue}, read for the phases other than those two (their
     * slots are not); null when the call went through none of the others.
     */
    private final long[] setup;

    /**
     * Copies {@code nanos}; later changes to the argument are not seen.
     *
     * @param nanos each phase the call went through, with its duration in nanoseconds
     * @throws IllegalArgumentException when a duration is negative
     */
    public PhaseTimings(Map<Phase, Long> nanos) {
        this(byOrdinal(nanos));
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
        long[] copy = nanosByOrdinal.clone();
        boolean anySetup = false;
        for (Phase phase : PHASES) {
            long n = copy[phase.ordinal()];
            if (n != -1) {
                nonNegative(phase, n);
                anySetup |= phase != Phase.QUEUE && phase != Phase.REQUEST;
            }
        }
        this.queue = copy[Phase.QUEUE.ordinal()];
        this.request = copy[Phase.REQUEST.ordinal()];
        this.setup = anySetup ? copy : null;
    }

    /**
     * A call that went through no phase but the wait for a connection and the request, as on a connection already
     * open.
     *
     * @param queueNanos nanoseconds {@link Phase#QUEUE} took, or -1 when the call did not go through it
     * @param requestNanos nanoseconds {@link Phase#REQUEST} took, or -1 when the call did not go through it
     * @throws IllegalArgumentException when a duration is below -1
     */
    public PhaseTimings(long queueNanos, long requestNanos) {
        this.queue = queueNanos == -1 ? -1 : nonNegative(Phase.QUEUE, queueNanos);
        this.request = requestNanos == -1 ? -1 : nonNegative(Phase.REQUEST, requestNanos);
        this.setup = null;
    }

    private static long[] byOrdinal(Map<Phase, Long> nanos) {
        long[] byOrdinal = new long[PHASES.length];
        Arrays.fill(byOrdinal, -1);
        nanos.forEach((phase, n) -> byOrdinal[phase.ordinal()] = nonNegative(phase, n));
        return byOrdinal;
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
        return get(phase) >= 0;
    }

    /**
     * The phase's duration in nanoseconds, or -1 when the call did not go through it.
     *
     * @param phase the phase
     * @return 0 or more nanoseconds, or -1
     */
    public long get(Phase phase) {
        return switch (phase) {
            case QUEUE -> queue;
            case REQUEST -> request;
            default -> setup == null ? -1 : setup[phase.ordinal()];
        };
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
                map.put(phase, get(phase));
            }
        }
        return Collections.unmodifiableMap(map);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof PhaseTimings other)) {
            return false;
        }
        for (Phase phase : PHASES) {
            if (get(phase) != other.get(phase)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int hash = 1;
        for (Phase phase : PHASES) {
            hash = 31 * hash + Long.hashCode(get(phase));
        }
        return hash;
    }

    @Override
    public String toString() {
        return "PhaseTimings" + nanos();
    }
}
