package io.proxybench.client.event;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * How long each phase of a call took, in nanoseconds. Phases the call did not go through are absent, not zero:
 * a reused connection has no {@link Phase#TCP}.
 *
 * @param nanos each phase the call went through, with its duration in nanoseconds; a phase gone through twice (DNS
 *     for a {@code socks5://} proxy and then the origin) holds the sum. {@link Phase#QUEUE} is the wait the pool
 *     measured
 */
public record PhaseTimings(Map<Phase, Long> nanos) {

    /**
     * Copies {@code nanos} into an unmodifiable map; later changes to the argument are not seen.
     *
     * @param nanos each phase the call went through, with its duration in nanoseconds
     */
    public PhaseTimings {
        nanos = Collections.unmodifiableMap(nanos.isEmpty() ? new EnumMap<>(Phase.class) : new EnumMap<>(nanos));
    }

    /**
     * Whether the call went through {@code phase}.
     *
     * @param phase the phase
     * @return true when {@code phase} has a duration
     */
    public boolean has(Phase phase) {
        return nanos.containsKey(phase);
    }

    /**
     * The phase's duration in nanoseconds, or -1 when the call did not go through it.
     *
     * @param phase the phase
     * @return 0 or more nanoseconds, or -1
     */
    public long get(Phase phase) {
        return nanos.getOrDefault(phase, -1L);
    }
}
