package io.proxybench.client.event;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Locale;
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

    private static final PhaseTimings NONE = new PhaseTimings(-1, -1, null);

    private PhaseTimings(long queue, long request, long[] setup) {
        this.queue = queue;
        this.request = request;
        this.setup = setup;
    }

    /**
     * A call that went through no phase.
     *
     * @return timings with no phase
     */
    public static PhaseTimings none() {
        return NONE;
    }

    /**
     * The phases of {@code nanos}; later changes to the argument are not seen.
     *
     * @param nanos each phase the call went through, with its duration in nanoseconds
     * @return the timings
     * @throws IllegalArgumentException when a duration is negative
     */
    public static PhaseTimings of(Map<Phase, Long> nanos) {
        Builder b = builder();
        nanos.forEach(b::put);
        return b.build();
    }

    /**
     * A builder with no phase.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /** Timings under construction. Not thread-safe. */
    public static final class Builder {

        private long queue = -1;
        private long request = -1;
        /** As {@link PhaseTimings#setup}; null until a phase other than those two is put. */
        private long[] setup;

        private Builder() {
        }

        /**
         * Sets how long {@code phase} took.
         *
         * @param phase the phase
         * @param nanos nanoseconds, 0 or more
         * @return this builder
         * @throws IllegalArgumentException when {@code nanos} is negative
         */
        public Builder put(Phase phase, long nanos) {
            nonNegative(phase, nanos);
            switch (phase) {
                case QUEUE -> queue = nanos;
                case REQUEST -> request = nanos;
                default -> {
                    if (setup == null) {
                        setup = new long[PHASES.length];
                        Arrays.fill(setup, -1);
                    }
                    setup[phase.ordinal()] = nanos;
                }
            }
            return this;
        }

        /**
         * The timings; the builder may be used again, and its later changes are not seen.
         *
         * @return immutable timings
         */
        public PhaseTimings build() {
            return queue == -1 && request == -1 && setup == null ? NONE
                    : new PhaseTimings(queue, request, setup == null ? null : setup.clone());
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

    /**
     * The phases in milliseconds, e.g. {@code tcp 1.2 ms, request 3.4 ms}; {@code no phase} when none.
     *
     * @return the text
     */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        nanos().forEach((phase, n) -> text.append(text.isEmpty() ? "" : ", ").append(phase.label())
                .append(' ').append(String.format(Locale.ROOT, "%.1f ms", n / 1e6)));
        return text.isEmpty() ? "no phase" : text.toString();
    }
}
