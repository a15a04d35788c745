package io.proxybench.lab.faults;

import java.time.Duration;

/**
 * Delays injected per leg of a proxied path, each from 0 to {@link #MAX_LEG}. A leg's round trip is paid by every
 * chunk the gateway sends across it (see {@link DelayHandler}), so each exchange across the leg costs one round trip.
 *
 * @param clientRtt round trip between the client and the gateway
 * @param exitSetup time an exit takes before it starts dialling the target: paid by every rotating tunnel (or
 *     forward dial), and once per binding by a sticky session (see {@link io.proxybench.lab.exits.ExitChoice})
 * @param targetRtt round trip between the gateway's exit and the target; a dial also costs one of these
 */
public record LatencyPlan(Duration clientRtt, Duration exitSetup, Duration targetRtt) {

    /** The longest delay of one leg: a leg slower than that is a stall (inject one with a fault plan instead). */
    public static final Duration MAX_LEG = Duration.ofMinutes(10);

    public static final LatencyPlan NONE = new LatencyPlan(Duration.ZERO, Duration.ZERO, Duration.ZERO);

    public LatencyPlan {
        check("client round trip", clientRtt);
        check("exit setup", exitSetup);
        check("target round trip", targetRtt);
    }

    private static void check(String leg, Duration d) {
        if (d.isNegative() || d.compareTo(MAX_LEG) > 0) {
            throw new IllegalArgumentException(leg + " latency " + d.toMillis() + " ms is outside 0.."
                    + MAX_LEG.toMillis() + " ms");
        }
    }
}
