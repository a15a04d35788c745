package io.proxybench.analysis.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CellsTest {

    @Test
    void numbersHaveTheColumnsDecimalsAndADashWhenMissing() {
        assertThat(Cells.number(12.345, 1)).isEqualTo("12.3");
        assertThat(Cells.number(12.345, 0, "ms")).isEqualTo("12ms");
        assertThat(Cells.number(1.004, 2, "x")).isEqualTo("1.00x");
        assertThat(Cells.number(null, 2, "x")).isEqualTo("-");
        assertThat(Cells.millis(330.6)).isEqualTo("331");
        assertThat(Cells.millis(null)).isEqualTo("-");
    }

    @Test
    void sharesArePercentagesAndCountsAreGrouped() {
        assertThat(Cells.percent(0.125, 1)).isEqualTo("12.5%");
        assertThat(Cells.percent(0.95, 0)).isEqualTo("95%");
        assertThat(Cells.grouped(6913.4)).isEqualTo("6,913");
        assertThat(Cells.grouped(1_000_000)).isEqualTo("1,000,000");
    }

    @Test
    void plainNumbersDropAFractionTheyDoNotHave() {
        assertThat(Cells.plain(2)).isEqualTo("2");
        assertThat(Cells.plain(0.5)).isEqualTo("0.5");
        assertThat(Cells.plain(1.5)).isEqualTo("1.5");
        assertThat(Cells.plain(1 / 3.0)).isEqualTo("0.333");
        assertThat(Cells.or(null, "unknown")).isEqualTo("unknown");
        assertThat(Cells.or(352L, "unknown")).isEqualTo("352");
    }
}
