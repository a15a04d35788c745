package io.proxybench.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClientChecksTest {

    @Test
    void aLimitBelowThePlannedConcurrencyNamesTheNumbersAndTheFix() {
        String problem = OpenFiles.problem(1500, 1024);
        assertThat(problem).contains("1024").contains("1500").contains("ulimit -n 65535").contains("--max-in-flight");
        assertThat(OpenFiles.problem(1500, 1500 + OpenFiles.HEADROOM)).isNull();
        assertThat(OpenFiles.problem(100_000, 1_048_576)).isNull();
    }

    @Test
    void thisProcessHasALimitOnLinux() {
        assertThat(OpenFiles.limit()).isPresent();
    }

    @Test
    void cpuLoadIsAveragedAndSaturationFlagged() {
        Iterator<Double> loads = List.of(0.9, 0.95, -1.0, 0.8).iterator();
        try (CpuSampler s = new CpuSampler(loads::next, false)) {
            for (int i = 0; i < 4; i++) {
                s.sample();
            }
            CpuSampler.CpuLoad r = s.result();
            assertThat(r.samples()).isEqualTo(3);
            assertThat(r.mean()).isCloseTo(0.8833, org.assertj.core.data.Offset.offset(1e-3));
            assertThat(r.max()).isEqualTo(0.95);
            assertThat(r.saturated()).isTrue();
        }
        try (CpuSampler idle = new CpuSampler(() -> 0.2, false)) {
            idle.sample();
            assertThat(idle.result().saturated()).isFalse();
        }
    }
}
