package io.proxybench.watch.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.watch.WatchConfig;
import io.proxybench.watch.WatchedProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** watch's config file: what it sets, and every refusal naming the file, line, field and fix. */
class ConfigFileTest {

    @TempDir
    Path dir;

    private static final Map<String, String> ENV = Map.of("ACME_USER", "customer-acme", "ACME_PASS", "s3cret",
            "WATCH_TOKEN", "0123456789abcdef0123");

    private Path file(String yaml) throws Exception {
        Path f = dir.resolve("watch.yaml");
        Files.writeString(f, yaml);
        return f;
    }

    private WatchConfig read(String yaml) throws Exception {
        return ConfigFile.read(file(yaml), ENV::get, Map.of());
    }

    @Test
    void aCommentedFileSetsEveryField() throws Exception {
        WatchConfig c = read("""
                # two providers
                site: eu-west
                listen: 0.0.0.0:9500
                history: /tmp/h
                retain: 7d
                history_cap: 2GB
                probe_every: 15m
                token_env: WATCH_TOKEN
                target: https://example.com/cdn-cgi/trace
                providers:
                  - name: acme
                    proxy: http://gw.acme.example:8000
                    provider: oxylabs
                    username_env: ACME_USER
                    password_env: ACME_PASS
                    country: de
                    rate: 30/m
                    timeout: 5s
                    session_life: 10m
                    p99_budget: 2s
                  - name: office
                    proxy: http://10.0.0.1:3128
                """);
        assertThat(c.site()).isEqualTo("eu-west");
        assertThat(c.listenHost()).isEqualTo("0.0.0.0");
        assertThat(c.listenPort()).isEqualTo(9500);
        assertThat(c.retain()).isEqualTo(Duration.ofDays(7));
        assertThat(c.historyCapBytes()).isEqualTo(2L << 30);
        assertThat(c.probeEvery()).isEqualTo(Duration.ofMinutes(15));
        assertThat(c.token()).isEqualTo("0123456789abcdef0123");
        WatchedProvider acme = c.provider("acme");
        assertThat(acme.proxy().credentials().user()).isEqualTo("customer-acme");
        assertThat(acme.proxy().credentials().password()).isEqualTo("s3cret");
        assertThat(acme.proxy().toString()).doesNotContain("s3cret");
        assertThat(acme.sticky()).isTrue();
        assertThat(acme.sessions().country()).isEqualToIgnoringCase("de");
        assertThat(acme.perSecond()).isEqualTo(0.5);
        assertThat(acme.sessionLife()).isEqualTo(Duration.ofMinutes(10));
        assertThat(acme.target().toString()).isEqualTo("https://example.com/cdn-cgi/trace");
        assertThat(read("""
                target: https://example.com/
                providers:
                  - name: other
                    proxy: http://u@gw.example:1
                    password_env: ACME_PASS
                    session_template: '{user}-session-{id}'
                """).provider("other").sticky()).isTrue();
        WatchedProvider office = c.provider("office");
        assertThat(office.proxy().credentials()).isNull();
        assertThat(office.sticky()).isFalse();
        assertThat(office.perSecond()).isEqualTo(1.0);
    }

    @Test
    void errorsNameTheFileTheLineTheFieldAndTheFix() throws Exception {
        String head = "target: https://example.com/\nproviders:\n";
        assertThatThrownBy(() -> read(head + "  - name: a\n    proxy: htp://x:1\n"))
                .hasMessageStartingWith(dir.resolve("watch.yaml") + ":4: providers[0].proxy: ");
        assertThatThrownBy(() -> read(head + "  - name: a\n    proxy: http://x:1\n    rat: 1/s\n"))
                .hasMessageContaining(":5: providers[0].rat: is not a field watch knows")
                .hasMessageContaining("rate");
        assertThatThrownBy(() -> read(head + "  - name: a\n    proxy: http://x:1\n"
                + "  - name: a\n    proxy: http://y:1\n"))
                .hasMessageContaining(":5: providers[1].name: the name a is given twice (first at ")
                .hasMessageContaining(":3: providers[0].name)");
        assertThatThrownBy(() -> read(head + "  - name: a\n    proxy: http://x:1\n    provider: nosuch\n"))
                .hasMessageContaining(":5: providers[0].provider: no preset 'nosuch'; the presets are lab, ")
                .hasMessageContaining("session_template");
        assertThatThrownBy(() -> read(head + "  - name: a\n    proxy: http://u@x:1\n    session_template: '{id}'\n"))
                .hasMessageContaining(":5: providers[0].session_template: ");
        assertThatThrownBy(() -> read(head + "  - name: a\n    proxy: http://u@x:1\n    password_env: NOPE\n"))
                .hasMessageContaining(":5: providers[0].password_env: the environment variable NOPE is not set")
                .hasMessageContaining("export NOPE=");
        assertThatThrownBy(() -> read(head + "  - name: a\n    proxy: http://u:hunter2@x:1\n"))
                .hasMessageContaining(":4: providers[0].proxy: the proxy URL holds a password")
                .hasMessageContaining("password_env")
                .hasMessageNotContaining("hunter2");
        assertThatThrownBy(() -> read(head + "  - name: A b\n    proxy: http://x:1\n"))
                .hasMessageContaining(":3: providers[0].name: 'A b' is not a provider name");
        assertThatThrownBy(() -> read(head + "  - name: a\n    proxy: http://x:1\n    rate: fast\n"))
                .hasMessageContaining(":5: providers[0].rate: 'fast' is not a rate; use forms like 1/s");
        assertThatThrownBy(() -> read("retain: 14x\n" + head + "  - name: a\n    proxy: http://x:1\n"))
                .hasMessageContaining(":1: retain: '14x' is not a duration");
        assertThatThrownBy(() -> read("providers:\n  - name: a\n    proxy: http://x:1\n"))
                .hasMessageContaining(":2: providers[0].name: no target to check");
        assertThatThrownBy(() -> read("providers: [\n"))
                .hasMessageContaining("watch.yaml:").hasMessageContaining("not valid YAML");
        assertThatThrownBy(() -> read("site: a\nsite: b\n"))
                .hasMessageContaining(":2: site: is given twice (first on line 1)");
        assertThatThrownBy(() -> read("site: a\n"))
                .hasMessageContaining("no provider to watch; add a providers: list");
        assertThatThrownBy(() -> ConfigFile.read(dir.resolve("none.yaml"), ENV::get, Map.of()))
                .hasMessageContaining("none.yaml: no such file");
    }

    @Test
    void flagsBesideTheFileWinOverIt() throws Exception {
        WatchConfig c = ConfigFile.read(file("""
                listen: 127.0.0.1:9500
                target: https://example.com/
                providers:
                  - name: a
                    proxy: http://x:1
                """), ENV::get, Map.of("listen", "127.0.0.1:0"));
        assertThat(c.listenPort()).isZero();
        assertThatThrownBy(() -> ConfigFile.read(dir.resolve("watch.yaml"), ENV::get, Map.of("listen", "nowhere")))
                .hasMessageStartingWith("--listen: 'nowhere' is not HOST:PORT");
    }
}
