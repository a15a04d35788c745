package io.proxybench.experiments.alternate;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** {@link WindowGrid}: slots from the first start whatever happened before, and late runs cut to their slot's end. */
class WindowGridTest {

    private static final Instant FIRST = Instant.parse("2026-11-30T17:00:00Z");
    private static final WindowGrid GRID = new WindowGrid(FIRST, Duration.ofMinutes(30), Duration.ofMinutes(5));

    @Test
    void slotKStartsKWindowsAndGapsAfterTheFirst() {
        assertThat(GRID.start(0)).isEqualTo(FIRST);
        assertThat(GRID.start(3)).isEqualTo(Instant.parse("2026-11-30T18:45:00Z"));
        assertThat(GRID.end(3)).isEqualTo(Instant.parse("2026-11-30T19:15:00Z"));
    }

    @Test
    void aRunOnTimeLastsTheWindowLessItsWarmUp() {
        assertThat(GRID.runFor(2, GRID.start(2), Duration.ZERO)).isEqualTo(Duration.ofMinutes(30));
        assertThat(GRID.runFor(2, GRID.start(2), Duration.ofSeconds(10))).isEqualTo(Duration.ofSeconds(1790));
    }

    @Test
    void aRunLaunchedJustBeforeItsSlotStillEndsWithIt() {
        assertThat(GRID.runFor(2, GRID.start(2).minusNanos(700_000), Duration.ZERO)).isEqualTo(Duration.ofMinutes(30));
    }

    @Test
    void aLateRunEndsWithItsSlotInWholeMillisecondsSoLaterSlotsStayPut() {
        Instant late = GRID.start(1).plusMillis(2_500).plusNanos(700_000);

        assertThat(GRID.runFor(1, late, Duration.ZERO)).isEqualTo(Duration.ofMillis(30 * 60_000 - 2_501));
        assertThat(GRID.start(2)).isEqualTo(FIRST.plus(Duration.ofMinutes(70)));
    }

    @Test
    void aRunLaterThanItsWholeSlotStillGetsTheShortestWindow() {
        assertThat(GRID.runFor(1, GRID.end(1).plusSeconds(40), Duration.ZERO)).isEqualTo(WindowGrid.SHORTEST);
        assertThat(GRID.runFor(1, GRID.end(1).minusMillis(200), Duration.ZERO)).isEqualTo(WindowGrid.SHORTEST);
    }
}
