package io.proxybench.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.records.RequestRecord;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.DoubleStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SteadyWindowTest {
    @TempDir
    Path dir;

    @Test
    void fixtureWindowAsSteadyPyComputesIt() {
        // 12 successes; 90% = 10.8. Cumulative by second: s0 1, s1 4, s3 8, s4 10, s5 12 >= 10.8 -> end = 5.
        // Window = seconds 1..4 = [3, 0, 4, 2] (s2 has no success: 0). Sorted [0, 2, 3, 4]:
        // median (2 + 3) / 2 = 2.5, min 0, max 4.
        assertThat(Stats.of(Fixture.records(dir)).timeline().steady())
                .contains(new SteadyWindow(1, 4, 2.5, 0, 4));
    }

    @Test
    void missingSecondsCountAsZeroAndOddMedianIsTheMiddle() {
        // per second {1: 2, 2: 5, 3: 1, 10: 1}; 9 successes, 90% = 8.1; cumulative 2, 7, 8, 9 -> end = 10.
        // Window 1..9 = [2, 5, 1, 0, 0, 0, 0, 0, 0]: median 0, min 0, max 5.
        List<RequestRecord> records = successesDoneAt(1.0, 1.5, 2.0, 2.1, 2.2, 2.3, 2.4, 3.0, 10.0);
        assertThat(Stats.of(records).timeline().steady()).contains(new SteadyWindow(1, 9, 0, 0, 5));
    }

    @Test
    void noSuccessesGivesNoWindow() {
        assertThat(Stats.of(List.of()).timeline().steady()).isEmpty();
    }

    @Test
    void ninetyPercentReachedInSecondOneGivesNoWindow() {
        // per second {0: 1, 1: 1}; 90% of 2 = 1.8 reached in second 1 -> end = 1, seconds 1..0: none.
        assertThat(Stats.of(successesDoneAt(0.2, 1.5)).timeline().steady()).isEmpty();
    }

    private static List<RequestRecord> successesDoneAt(double... done) {
        return DoubleStream.of(done).mapToObj(d -> RequestRecord.builder(0, d).total(d).status(200).build())
                .toList();
    }
}
