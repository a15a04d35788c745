package io.proxybench.harness.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.records.Phase;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The records' phases are the client's under the same names, plus total: {@link Records} maps them by name. */
class ClientPhasesTest {

    @Test
    void everyClientPhaseHasARecordPhaseOfTheSameName() {
        for (io.proxybench.client.event.Phase client : io.proxybench.client.event.Phase.values()) {
            assertThat(Phase.valueOf(client.name()).jsonName()).isEqualTo(client.label());
        }
        assertThat(Arrays.stream(Phase.values()).filter(p -> p != Phase.TOTAL).map(Phase::name))
                .containsExactlyInAnyOrderElementsOf(Arrays.stream(io.proxybench.client.event.Phase.values())
                        .map(Enum::name).toList());
    }
}
