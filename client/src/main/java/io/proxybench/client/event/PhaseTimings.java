package io.proxybench.client.event;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * How long each phase of a call took, in nanoseconds. Phases the call did not go through are absent, not zero:
 * a reused connection has no {@link Phase#TCP}.
 */
public record PhaseTimings(Map<Phase, Long> nanos) {

    public PhaseTimings {
        nanos = Collections.unmodifiableMap(nanos.isEmpty() ? new EnumMap<>(Phase.class) : new EnumMap<>(nanos));
    }

    public boolean has(Phase phase) {
        return nanos.containsKey(phase);
    }

    /** The phase's duration in nanoseconds, or -1 when the call did not go through it. */
    public long get(Phase phase) {
        return nanos.getOrDefault(phase, -1L);
    }
}
