package io.proxybench.experiments.alternate;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * The order in which {@code alternate} gives its providers their windows within each round.
 *
 * <p>{@link #ABBA} is the default: reversing every other round puts each provider as often early as late in a pair
 * of rounds, so a drift through the day (blocking that rises from hour to hour) weighs on every provider alike. With
 * {@link #ABAB} the provider listed first always runs earlier, and a steady drift favours or harms it throughout.
 */
public enum WindowOrder {
    /** The providers' order as given, every round: a b, a b, ... */
    ABAB,
    /** The order as given in odd rounds, reversed in even ones: a b, b a, a b, ... */
    ABBA;

    /** Reads {@code abab} or {@code abba}, in any case. */
    public static WindowOrder of(String text) {
        try {
            return valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--order " + text + " is not abab (the same order every round) or"
                    + " abba (reversed every other round)");
        }
    }

    /**
     * The windows of {@code rounds} rounds in the order they run: each round gives every provider one window.
     *
     * @param labels the providers' labels, in the order given
     * @param rounds at least 1
     */
    public List<Window> windows(List<String> labels, int rounds) {
        List<Window> windows = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            List<String> turn = new ArrayList<>(labels);
            if (this == ABBA && round % 2 == 0) {
                Collections.reverse(turn);
            }
            for (String label : turn) {
                windows.add(new Window(windows.size(), round, label));
            }
        }
        return windows;
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
