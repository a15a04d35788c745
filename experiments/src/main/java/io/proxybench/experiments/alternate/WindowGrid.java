package io.proxybench.experiments.alternate;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * When {@code alternate}'s windows are due: slot k starts at {@code first} + k × ({@code window} + {@code gap}),
 * whatever the runs before it did, so that the same providers meet the same hours on every day the command is
 * started at the same {@code --start-at}.
 *
 * <p>A run outlasts its schedule by its wind-down (requests still in flight, the client's close), so a window
 * without a gap starts a little after its slot. Its run is then shortened to end with its slot ({@link #runFor}),
 * and a late start never pushes the later windows off the grid.
 *
 * @param first when slot 0 starts
 * @param window each slot's length, at least {@link #SHORTEST}
 * @param gap the pause after each slot, zero or more
 */
public record WindowGrid(Instant first, Duration window, Duration gap) {

    /** The shortest window, and the shortest run a late window is given. */
    public static final Duration SHORTEST = Duration.ofSeconds(1);

    /** When slot {@code slot} starts. */
    public Instant start(int slot) {
        return first.plus(window.plus(gap).multipliedBy(slot));
    }

    /** When slot {@code slot} ends. */
    public Instant end(int slot) {
        return start(slot).plus(window);
    }

    /**
     * How long the run of slot {@code slot} lasts when launched at {@code now}: until the slot's end, less
     * {@code warmUp} (the timed warm-up that precedes its schedule), in whole milliseconds; never more
     * than the window less {@code warmUp}, and at least {@link #SHORTEST}, for a window started so late that less
     * is left.
     */
    public Duration runFor(int slot, Instant now, Duration warmUp) {
        Instant from = now.isBefore(start(slot)) ? start(slot) : now;
        Duration left = Duration.between(from, end(slot)).minus(warmUp).truncatedTo(ChronoUnit.MILLIS);
        return left.compareTo(SHORTEST) < 0 ? SHORTEST : left;
    }
}
