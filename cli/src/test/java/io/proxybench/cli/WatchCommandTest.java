package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code proxybench watch}'s refusals at start: one line naming the problem, where it was given, and the fix. */
class WatchCommandTest {

    @TempDir
    Path dir;

    @Test
    void badSettingsAreRefusedBeforeAnyRequestWithExitCode2() throws Exception {
        MainTest.Run none = MainTest.run("watch");
        assertThat(none.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(none.err()).contains("proxybench watch: no provider to watch; give --provider NAME=PROXY_URL")
                .doesNotContain("watch: watch:");

        Path config = dir.resolve("watch.yaml");
        Files.writeString(config, """
                target: https://127.0.0.1:1/
                providers:
                  - name: a
                    proxy: http://u@127.0.0.1:1
                    password_env: PROXYBENCH_TEST_UNSET_VARIABLE
                """);
        MainTest.Run unset = MainTest.run("watch", "--config", config.toString());
        assertThat(unset.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(unset.err()).contains(config + ":5: providers[0].password_env: the environment variable"
                + " PROXYBENCH_TEST_UNSET_VARIABLE is not set");
        assertThat(unset.err().strip().lines().count()).as(unset.err()).isLessThanOrEqualTo(2);

        MainTest.Run both = MainTest.run("watch", "--config", config.toString(), "--provider", "b=http://h:1");
        assertThat(both.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(both.err()).contains("--provider: the providers are in " + config);

        MainTest.Run secret = MainTest.run("watch", "--provider", "a=http://user:hunter2@127.0.0.1:1",
                "--provider", "a=http://user:hunter2@127.0.0.1:2", "--target", "https://127.0.0.1:1/");
        assertThat(secret.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(secret.err()).contains("the name a is given twice").doesNotContain("hunter2");
    }
}
