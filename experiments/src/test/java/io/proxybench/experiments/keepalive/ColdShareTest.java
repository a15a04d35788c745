package io.proxybench.experiments.keepalive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ColdShareTest {

    /** The seed's table: keep-alive T and gap in seconds, exp(-T/gap). */
    @ParameterizedTest
    @CsvSource({
        "5, 1, 0.006737947",
        "5, 10, 0.606530660",
        "60, 10, 0.002478752",
        "5, 60, 0.920044415",
        "60, 60, 0.367879441",
        "300, 60, 0.006737947",
        "5, 540, 0.990783476",
        "60, 540, 0.894839317",
        "300, 540, 0.573753421",
    })
    void theSeedsTable(long keepAliveSeconds, long gapSeconds, double share) {
        assertThat(ColdShare.expected(Duration.ofSeconds(keepAliveSeconds), Duration.ofSeconds(gapSeconds)))
                .isCloseTo(share, within(1e-9));
    }

    @Test
    void keepAliveZeroIsAlwaysColdAndTheScaleCancels() {
        assertThat(ColdShare.expected(Duration.ZERO, Duration.ofMillis(25))).isEqualTo(1.0);
        assertThat(ColdShare.expected(Duration.ofMillis(50), Duration.ofMillis(25)))
                .isEqualTo(ColdShare.expected(Duration.ofSeconds(50), Duration.ofSeconds(25)))
                .isCloseTo(Math.exp(-2), within(1e-15));
    }

    @Test
    void aRequestTimeShortensTheIdleTime() {
        assertThat(ColdShare.withRequestTime(Duration.ofMillis(50), Duration.ofMillis(25), Duration.ofMillis(2)))
                .isCloseTo(Math.exp(-52 / 25.0), within(1e-15));
        assertThat(ColdShare.withRequestTime(Duration.ofMillis(50), Duration.ofMillis(25), Duration.ZERO))
                .isEqualTo(ColdShare.expected(Duration.ofMillis(50), Duration.ofMillis(25)));
        assertThatThrownBy(() -> ColdShare.withRequestTime(Duration.ZERO, Duration.ofMillis(1), Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theBinomialStandardError() {
        assertThat(ColdShare.standardError(0.5, 100)).isEqualTo(0.05);
        assertThat(ColdShare.standardError(0.2, 400)).isCloseTo(0.02, within(1e-15));
        assertThat(ColdShare.standardError(0, 10)).isZero();
        assertThat(ColdShare.standardError(1, 10)).isZero();
    }

    @Test
    void refusesWhatHasNoMeaning() {
        assertThatThrownBy(() -> ColdShare.expected(Duration.ofSeconds(1), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("gap above zero");
        assertThatThrownBy(() -> ColdShare.expected(Duration.ofSeconds(-1), Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ColdShare.standardError(1.5, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ColdShare.standardError(0.5, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
