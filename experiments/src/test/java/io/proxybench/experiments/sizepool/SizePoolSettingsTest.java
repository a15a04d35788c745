package io.proxybench.experiments.sizepool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.experiments.ExperimentTarget;
import io.proxybench.harness.plan.SessionSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** size-pool's settings as given: read and checked in the command's order, then the same run as the lab's. */
class SizePoolSettingsTest {

    private static final SessionSettings NO_SESSIONS = new SessionSettings(null, null, null, null, null,
            null, null);

    private static final ExperimentTarget LAB = new ExperimentTarget(null, null, null, false, TlsSettings::system,
            name -> false);

    private static SizePoolSettings options(double rate, List<String> buckets, Path records, Duration liveFor) {
        return new SizePoolSettings(rate, Duration.ofSeconds(30), List.of(10, 25), buckets, "random", 1, 1, records,
                liveFor);
    }

    @Test
    void withoutALiveCheckItSimulatesAsTheLabRunDoes() throws Exception {
        SizePoolSettings given = options(100, List.of("4:2"), null, Duration.ZERO);
        SizePoolResult result = given.run(LAB, NO_SESSIONS);
        assertThat(result.live()).isNull();
        assertThat(result.rows()).hasSize(2).isEqualTo(given.onLab(NO_SESSIONS.template()).run().rows());
    }

    @Test
    void theBucketsAreReadBeforeTheOtherSettingsAreChecked() {
        assertThatThrownBy(() -> options(0, List.of("4"), null, Duration.ZERO).run(LAB, NO_SESSIONS))
                .hasMessageStartingWith("--buckets: ");
        assertThatThrownBy(() -> options(0, List.of("4:2"), null, Duration.ZERO).run(LAB, NO_SESSIONS))
                .hasMessage("--rate 0.0 must be a number of requests per second above 0");
        ExperimentTarget real = new ExperimentTarget(ProxySpec.parse("http://u:p@127.0.0.1:1"), null, null, false,
                TlsSettings::system, name -> false);
        assertThatThrownBy(() -> options(100, List.of("4:2"), Path.of("run.jsonl"), Duration.ZERO)
                .run(real, NO_SESSIONS)).hasMessageStartingWith("--records replays a run without sending anything");
    }
}
