package io.proxybench.lab.gateway;

import io.proxybench.lab.faults.FaultPlan;
import io.proxybench.lab.faults.LatencyPlan;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The admin endpoint's reading of {@code POST /faults} and {@code POST /latency} queries into plans, and the plans
 * as the JSON objects it answers. A fault query states the whole plan (a missing fraction is 0, the seed stays); a
 * latency query changes only the legs it names (a missing leg keeps its value). Each read throws
 * {@link IllegalArgumentException} with the reason for a bad query: an unknown or repeated parameter, a value that
 * is not a number, or a plan its constructor refuses.
 */
final class InjectionQueries {

    static final List<String> FAULTS = List.of("refuse", "reset_tls", "stall");
    static final List<String> LATENCY = List.of("client_rtt_ms", "exit_setup_ms", "target_rtt_ms");

    private InjectionQueries() {}

    /** The plan {@code query} states, with {@code current}'s seed. */
    static FaultPlan faults(Map<String, List<String>> query, FaultPlan current) {
        known(query, FAULTS, "POST /faults takes refuse, reset_tls and stall, each a fraction from 0 to 1"
                + " (a missing one is 0)");
        return new FaultPlan(fraction(query, "refuse"), fraction(query, "reset_tls"), fraction(query, "stall"),
                current.seed());
    }

    /** {@code current} with the legs {@code query} names replaced. */
    static LatencyPlan latency(Map<String, List<String>> query, LatencyPlan current) {
        known(query, LATENCY, "POST /latency takes client_rtt_ms, exit_setup_ms and target_rtt_ms, each in whole"
                + " milliseconds (a missing one keeps its value)");
        return new LatencyPlan(millis(query, "client_rtt_ms", current.clientRtt()),
                millis(query, "exit_setup_ms", current.exitSetup()),
                millis(query, "target_rtt_ms", current.targetRtt()));
    }

    static Map<String, Object> json(FaultPlan plan) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("refuse", plan.refuse());
        body.put("reset_tls", plan.resetTls());
        body.put("stall", plan.stall());
        body.put("seed", plan.seed());
        return body;
    }

    /** The legs in whole milliseconds (rounded down). */
    static Map<String, Object> json(LatencyPlan plan) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("client_rtt_ms", plan.clientRtt().toMillis());
        body.put("exit_setup_ms", plan.exitSetup().toMillis());
        body.put("target_rtt_ms", plan.targetRtt().toMillis());
        return body;
    }

    private static void known(Map<String, List<String>> query, List<String> names, String usage) {
        for (Map.Entry<String, List<String>> e : query.entrySet()) {
            if (!names.contains(e.getKey())) {
                throw new IllegalArgumentException("unknown parameter '" + e.getKey() + "'; " + usage);
            }
            if (e.getValue().size() != 1) {
                throw new IllegalArgumentException(e.getKey() + " is given " + e.getValue().size()
                        + " times; give it once");
            }
        }
    }

    private static double fraction(Map<String, List<String>> query, String name) {
        List<String> values = query.get(name);
        if (values == null) {
            return 0;
        }
        try {
            return Double.parseDouble(values.get(0));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a fraction from 0 to 1, got '" + values.get(0) + "'");
        }
    }

    private static Duration millis(Map<String, List<String>> query, String name, Duration current) {
        List<String> values = query.get(name);
        if (values == null) {
            return current;
        }
        try {
            return Duration.ofMillis(Long.parseLong(values.get(0)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number of milliseconds, got '"
                    + values.get(0) + "'");
        }
    }
}
