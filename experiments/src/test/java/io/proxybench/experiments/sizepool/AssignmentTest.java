package io.proxybench.experiments.sizepool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class AssignmentTest {

    @Test
    void roundRobinCyclesThroughThePool() {
        assertThat(Assignment.ROUND_ROBIN.sessions(7, 3, 99)).containsExactly(0, 1, 2, 0, 1, 2, 0);
    }

    @Test
    void randomIsReproducibleFromItsSeedAndCoversThePoolEvenlyOnAverage() {
        int[] a = Assignment.RANDOM.sessions(100_000, 10, 5);

        assertThat(Assignment.RANDOM.sessions(100_000, 10, 5)).isEqualTo(a);
        assertThat(Assignment.RANDOM.sessions(100_000, 10, 6)).isNotEqualTo(a);
        int[] perSession = new int[10];
        Arrays.stream(a).forEach(s -> perSession[s]++);
        assertThat(Arrays.stream(perSession).boxed()).allSatisfy(n -> assertThat(n).isBetween(9_000, 11_000));
    }

    @Test
    void parsesTheOptionsSpelling() {
        assertThat(Assignment.parse("round-robin")).isEqualTo(Assignment.ROUND_ROBIN);
        assertThat(Assignment.parse("random")).isEqualTo(Assignment.RANDOM);
        assertThat(Assignment.ROUND_ROBIN.label()).isEqualTo("round-robin");
        assertThatThrownBy(() -> Assignment.parse("cycle")).hasMessageContaining("random or round-robin");
        assertThatThrownBy(() -> Assignment.RANDOM.sessions(3, 0, 1)).hasMessageContaining("at least 1 session");
    }
}
