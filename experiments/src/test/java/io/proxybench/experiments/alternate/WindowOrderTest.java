package io.proxybench.experiments.alternate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link WindowOrder} and {@link Window}'s file names: the order windows run in and where their records go. */
class WindowOrderTest {

    private static final List<String> ABC = List.of("a", "b", "c");

    @Test
    void abbaReversesEveryOtherRoundAndAbabKeepsTheOrderGiven() {
        assertThat(labels(WindowOrder.ABBA.windows(ABC, 3))).isEqualTo("abc cba abc");
        assertThat(labels(WindowOrder.ABAB.windows(ABC, 3))).isEqualTo("abc abc abc");
    }

    @Test
    void slotsCountEveryWindowFromZeroAndRoundsFromOne() {
        List<Window> windows = WindowOrder.ABBA.windows(ABC.subList(0, 2), 2);

        assertThat(windows).extracting(Window::slot).containsExactly(0, 1, 2, 3);
        assertThat(windows).extracting(Window::round).containsExactly(1, 1, 2, 2);
    }

    @Test
    void theOrderIsReadInAnyCaseAndAnythingElseIsRefused() {
        assertThat(WindowOrder.of("ABba")).isEqualTo(WindowOrder.ABBA);
        assertThatThrownBy(() -> WindowOrder.of("abc")).hasMessage("--order abc is not abab (the same order every"
                + " round) or abba (reversed every other round)");
    }

    @Test
    void theRoundHasTwoDigitsOrAsManyAsTheLastRoundNeeds() {
        Window third = new Window(5, 3, "b");

        assertThat(third.file(4)).isEqualTo("b/window-03.jsonl");
        assertThat(third.file(99)).isEqualTo("b/window-03.jsonl");
        assertThat(third.file(100)).isEqualTo("b/window-003.jsonl");
    }

    /** The windows' labels, a space between rounds. */
    private static String labels(List<Window> windows) {
        StringBuilder s = new StringBuilder();
        for (Window w : windows) {
            if (w.slot() > 0 && windows.get(w.slot() - 1).round() != w.round()) {
                s.append(' ');
            }
            s.append(w.label());
        }
        return s.toString();
    }
}
