package io.proxybench.harness.engine;

import static org.assertj.core.api.Assertions.assertThat;

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
    void cpuLoadIsCpuTimeOverWallTimeOfAllCoresAndSaturationFlagged() {
        // Two cores; CPU seconds used in each wall second: 1.8, 1.9, 1.5 (a 0.5 s tail at 1.6 cores).
        long[] cpu = {0, 1_800_000_000L, 3_700_000_000L, 5_200_000_000L, 6_000_000_000L};
        long[] wall = {0, 1_000_000_000L, 2_000_000_000L, 3_000_000_000L, 3_500_000_000L};
        int[] reading = {0};
        try (CpuSampler s = new CpuSampler(() -> cpu[reading[0]], () -> wall[reading[0]], 2)) {
            for (int i = 0; i < 3; i++) {
                reading[0]++;
                s.sample();
            }
            reading[0]++;
            CpuSampler.CpuLoad r = s.result();
            assertThat(r.samples()).isEqualTo(4);
            assertThat(r.mean()).isCloseTo(6.0 / 7.0, org.assertj.core.data.Offset.offset(1e-9));
            assertThat(r.max()).isCloseTo(0.95, org.assertj.core.data.Offset.offset(1e-9));
            assertThat(r.saturated()).isTrue();
        }
        try (CpuSampler idle = new CpuSampler(() -> 0, System::nanoTime, 2)) {
            assertThat(idle.result().saturated()).isFalse();
        }
    }

    @Test
    void theFirstSecondCountsFully() {
        long[] now = {0};
        try (CpuSampler s = new CpuSampler(() -> now[0] * 2, () -> now[0], 2)) {
            now[0] = 1_000_000_000L;
            assertThat(s.result().mean()).as("both cores busy from the start").isEqualTo(1.0);
        }
    }
}
