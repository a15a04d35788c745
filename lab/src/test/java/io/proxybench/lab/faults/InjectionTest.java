package io.proxybench.lab.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class InjectionTest {

    private static List<Fault> draws(FaultPlan.Decider decider, int n) {
        List<Fault> faults = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            faults.add(decider.next());
        }
        return faults;
    }

    @Test
    void aPlanSetAgainDrawsTheSameFaultsFromItsSeed() {
        FaultPlan mixed = new FaultPlan(0.3, 0.2, 0.1, 42);
        Injection injection = new Injection(mixed, LatencyPlan.NONE);
        List<Fault> first = draws(injection.decider(), 50);
        assertThat(first).contains(Fault.NONE, Fault.REFUSE, Fault.RESET_TLS, Fault.STALL);
        assertThat(first).isEqualTo(draws(mixed.decider(), 50));

        injection.faults(new FaultPlan(1, 0, 0, 42));
        assertThat(draws(injection.decider(), 5)).containsOnly(Fault.REFUSE);
        injection.faults(mixed);
        assertThat(injection.faults()).isEqualTo(mixed);
        assertThat(draws(injection.decider(), 50)).as("counted again from the change").isEqualTo(first);
    }

    @Test
    void latencyIsReplacedWhole() {
        Injection injection = new Injection(FaultPlan.NONE, LatencyPlan.NONE);
        LatencyPlan slow = new LatencyPlan(Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(3));
        injection.latency(slow);
        assertThat(injection.latency()).isSameAs(slow);
        assertThatThrownBy(() -> injection.latency(null)).isInstanceOf(NullPointerException.class);
        assertThat(injection.latency()).isSameAs(slow);
    }

    @Test
    void aLegOutOfRangeIsNamed() {
        assertThatThrownBy(() -> new LatencyPlan(Duration.ofMillis(-2), Duration.ZERO, Duration.ZERO))
                .hasMessage("client round trip latency -2 ms is outside 0..600000 ms");
        assertThatThrownBy(() -> new LatencyPlan(Duration.ZERO, LatencyPlan.MAX_LEG.plusMillis(1), Duration.ZERO))
                .hasMessage("exit setup latency 600001 ms is outside 0..600000 ms");
        assertThat(new LatencyPlan(LatencyPlan.MAX_LEG, Duration.ZERO, Duration.ZERO).clientRtt())
                .isEqualTo(LatencyPlan.MAX_LEG);
    }
}
