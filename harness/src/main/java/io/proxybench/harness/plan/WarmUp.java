package io.proxybench.harness.plan;

import io.proxybench.harness.Durations;
import java.time.Duration;
import java.util.Locale;

/**
 * A run's warm-up, as {@code run --warmup} gives it: what a run sends before its schedule and leaves out of its
 * records, counters and figures. {@code auto} (the default): one request per session, then the run's own requests
 * at its peak rate for the default length for that rate; {@code sessions}: the request per session only; a
 * DURATION: the request per session, then that long at the peak rate; {@code none} (or {@code 0}): nothing, so the
 * proxy's own counters match the records. Its messages name the setting as the command line spells it
 * ({@code --warmup}), which {@code alternate}'s windows share.
 *
 * @param sessions whether each session sends one request first
 * @param length how long the run's own requests go out at the peak rate; null for the default for the rate
 */
public record WarmUp(boolean sessions, Duration length) {

    public static final WarmUp AUTO = new WarmUp(true, null);
    public static final WarmUp SESSIONS = new WarmUp(true, Duration.ZERO);
    public static final WarmUp NONE = new WarmUp(false, Duration.ZERO);

    /** The accepted form, for help and error messages. */
    public static final String FORM = "auto, sessions, none or a DURATION such as 10s";

    /** @throws IllegalArgumentException naming the value and the accepted form */
    public static WarmUp parse(String text) {
        String value = text.strip().toLowerCase(Locale.ROOT);
        switch (value) {
            case "auto":
                return AUTO;
            case "sessions":
                return SESSIONS;
            case "none":
            case "0":
                return NONE;
            default:
                Duration length;
                try {
                    length = Durations.parse(value); // never negative
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("--warmup '" + text + "': give " + FORM, e);
                }
                return length.isZero() ? NONE : new WarmUp(true, length);
        }
    }

    /**
     * The warm-up a command line asks for: {@code --warmup}, or what the two options it replaced say
     * ({@code --no-warmup}: none; {@code --warmup-for D}: D, and {@code 0} the request per session only).
     *
     * @param warmup {@code --warmup}'s value, {@code auto} when not given
     * @param warmupFor {@code --warmup-for}'s value, null when not given
     * @throws IllegalArgumentException for a value {@code --warmup} does not take, or both forms at once
     */
    public static WarmUp asked(String warmup, boolean noWarmup, Duration warmupFor) {
        WarmUp asked = parse(warmup);
        if (!noWarmup && warmupFor == null) {
            return asked;
        }
        if (!asked.equals(AUTO)) {
            throw new IllegalArgumentException("--warmup " + warmup + " and " + (noWarmup ? "--no-warmup"
                    : "--warmup-for") + " say the same thing twice: give --warmup alone");
        }
        if (warmupFor == null) {
            return NONE;
        }
        return warmupFor.isZero() ? (noWarmup ? NONE : SESSIONS) : new WarmUp(true, warmupFor);
    }
}
