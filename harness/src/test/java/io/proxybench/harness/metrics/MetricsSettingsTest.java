package io.proxybench.harness.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The metrics endpoint's settings: checked together, and no endpoint without a port. */
class MetricsSettingsTest {

    @Test
    void withoutAPortTheOtherSettingsAreRefusedAndNothingStarts() {
        assertThatThrownBy(() -> new MetricsSettings(null, "0.0.0.0", Duration.ofSeconds(15), true, true).check())
                .hasMessage("--metrics-linger applies to --metrics-port; give both");
        assertThatThrownBy(() -> new MetricsSettings(null, "0.0.0.0", Duration.ZERO, true, false).check())
                .hasMessage("--metrics-host applies to --metrics-port; give both");
        MetricsSettings none = new MetricsSettings(null, "127.0.0.1", Duration.ZERO, false, false);
        assertThatCode(none::check).doesNotThrowAnyException();
        assertThat(none.enabled()).isFalse();
        assertThat(none.start(null, new PrintWriter(new StringWriter()))).isNull();
    }

    @Test
    void aPortOutOfRangeOrANegativeLingerIsRefused() {
        assertThatThrownBy(() -> new MetricsSettings(65_536, "127.0.0.1", Duration.ZERO, false, false).check())
                .hasMessage("--metrics-port 65536 is not a port from 0 to 65535");
        assertThatThrownBy(() -> new MetricsSettings(0, "127.0.0.1", Duration.ofSeconds(-1), false, true).check())
                .hasMessageContaining("--metrics-linger").hasMessageContaining("must not be negative");
    }
}
