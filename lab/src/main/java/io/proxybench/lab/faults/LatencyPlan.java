package io.proxybench.lab.faults;

import java.time.Duration;

/**
 * Delays injected per leg of a proxied path. A leg's round trip is paid by every chunk the gateway sends across it
 * (see {@link DelayHandler}), so each exchange across the leg costs one round trip.
 *
 * @param clientRtt round trip between the client and the gateway
 * @param exitSetup time an exit takes before it starts dialling the target: paid by every rotating tunnel (or
 *     forward dial), and once per binding by a sticky session (see {@link io.proxybench.lab.exits.ExitChoice})
 * @param targetRtt round trip between the gateway's exit and the target; a dial also costs one of these
 */
public record LatencyPlan(Duration clientRtt, Duration exitSetup, Duration targetRtt) {

    public static final LatencyPlan NONE = new LatencyPlan(Duration.ZERO, Duration.ZERO, Duration.ZERO);

    public LatencyPlan {
        for (Duration d : new Duration[] {clientRtt, exitSetup, targetRtt}) {
            if (d.isNegative()) {
                throw new IllegalArgumentException("latency " + d + " is negative");
            }
        }
    }
}
