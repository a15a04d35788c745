package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.Timeouts;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class TimeoutOptionTest {

    @Test
    void oneDurationForEveryPhaseAndTheCallBoundedByTheirSum() {
        Duration s30 = Duration.ofSeconds(30);
        assertThat(TimeoutOption.parse("30s")).isEqualTo(Timeouts.builder().connect(s30)
                .responseHead(s30).readIdle(s30).call(Duration.ofMinutes(2)).build());
        assertThat(TimeoutOption.parse("30s").longestCall()).isEqualTo(Duration.ofMinutes(2));
    }

    @Test
    void namedPhasesOverrideTheBareDurationOrTheDefaults() {
        Duration s5 = Duration.ofSeconds(5);
        assertThat(TimeoutOption.parse("5s, request=1m")).isEqualTo(Timeouts.builder().connect(s5)
                .responseHead(Duration.ofMinutes(1)).readIdle(Duration.ofMinutes(1)).call(Duration.ofSeconds(75))
                .build());
        Timeouts d = Timeouts.defaults();
        assertThat(TimeoutOption.parse("tls=250ms")).isEqualTo(Timeouts.builder().tcp(d.tcp()).tunnel(d.tunnel())
                .tls(Duration.ofMillis(250)).responseHead(d.responseHead()).readIdle(d.readIdle())
                .call(Duration.ofMillis(50_250)).build());
    }

    @Test
    void theResponsesPartsAndTheCallApart() {
        Timeouts t = TimeoutOption.parse("10s,head=2s,idle=3s,call=1m");
        assertThat(t.responseHead()).isEqualTo(Duration.ofSeconds(2));
        assertThat(t.readIdle()).isEqualTo(Duration.ofSeconds(3));
        assertThat(t.call()).isEqualTo(Duration.ofMinutes(1));
        assertThat(t.longestCall()).isEqualTo(Duration.ofMinutes(1));
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
