package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.SessionTemplate;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The defaults a demo starts from are the ones the command line gives, durations read in proxybench's form. */
class CommandDefaultsTest {

    @Test
    void aCommandsDefaultsAreReadAsTheCommandLineReadsThem() {
        SessionsCommand sessions = Main.defaults(new SessionsCommand());
        assertThat(sessions.exitSetup).isEqualTo(Duration.ofMillis(200));
        assertThat(sessions.duration).isEqualTo(Duration.ofSeconds(10));
        assertThat(sessions.sessionOptions.template().dialect()).isEqualTo(Dialect.lab());

        OwnersCommand owners = Main.defaults(new OwnersCommand());
        assertThat(owners.concurrency).containsExactly(1, 2, 4, 16, 64);
        assertThat(owners.rtt).isEqualTo(Duration.ofMillis(150));

        assertThat(Main.defaults(new KeepAliveCommand()).gaps)
                .isEqualTo(List.of(Duration.ofMillis(25), Duration.ofMillis(50), Duration.ofMillis(150)));
        assertThat(Main.defaults(new BytesCommand()).path).isEqualTo(BytesCommand.LAB_PATH);
    }

    @Test
    void helpShowsTheSharedSessionTemplateDefault() {
        for (String command : List.of("reuse", "owners", "keepalive", "sessions", "size-pool", "h2-gateway")) {
            assertThat(MainTest.run(command, "--help").out().replaceAll("\\s+", " ")).as(command)
                    .contains("(experiments on the lab default to " + SessionTemplate.DEFAULT_TEXT + ")")
                    .contains("--provider=NAME");
        }
    }
}
