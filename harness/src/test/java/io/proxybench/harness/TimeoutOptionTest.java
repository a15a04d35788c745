package io.proxybench.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.Timeouts;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class TimeoutOptionTest {

    @Test
    void oneDurationForEveryPhase() {
        Duration s30 = Duration.ofSeconds(30);
        assertThat(TimeoutOption.parse("30s")).isEqualTo(new Timeouts(s30, s30, s30, s30));
        assertThat(TimeoutOption.longestCall(TimeoutOption.parse("30s"))).isEqualTo(Duration.ofMinutes(2));
    }

    @Test
    void namedPhasesOverrideTheBareDurationOrTheDefaults() {
        assertThat(TimeoutOption.parse("5s, request=1m")).isEqualTo(new Timeouts(Duration.ofSeconds(5),
                Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofMinutes(1)));
        Timeouts d = Timeouts.defaults();
        assertThat(TimeoutOption.parse("tls=250ms")).isEqualTo(new Timeouts(d.tcp(), d.tunnel(),
                Duration.ofMillis(250), d.request()));
    }

    @Test
    void badPartsAreNamed() {
        assertThatThrownBy(() -> TimeoutOption.parse("tcp=1s,dns=2s")).hasMessageContaining("no phase 'dns'");
        assertThatThrownBy(() -> TimeoutOption.parse("tcp=1s,5s")).hasMessageContaining("'5s' names no phase");
        assertThatThrownBy(() -> TimeoutOption.parse("0s")).hasMessageContaining("must be above 0");
        assertThatThrownBy(() -> TimeoutOption.parse("tls=soon")).hasMessageContaining("'soon' is not a duration");
        assertThatThrownBy(() -> TimeoutOption.parse("")).hasMessageContaining("is not a duration");
    }
}
