package io.proxybench.watch.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.watch.WatchConfig;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** watch's flags: the same settings as the file, errors naming the flag. */
class WatchSettingsTest {

    @Test
    void providersAsFlagsTakeTheirCredentialsFromTheUrl() {
        WatchConfig c = new WatchSettings().providers(List.of("a:lab=http://u:p%3Dq@127.0.0.1:8080",
                "b=socks5h://127.0.0.1:1080")).target("https://example.com/").check(Map.<String, String>of()::get);
        assertThat(c.provider("a").proxy().credentials().password()).isEqualTo("p=q");
        assertThat(c.provider("a").sticky()).isTrue();
        assertThat(c.provider("b").sticky()).isFalse();
        assertThat(c.listenHost()).isEqualTo("127.0.0.1");
        assertThat(c.site()).isEqualTo("local");
    }

    @Test
    void badFlagsAreRefusedNamingTheFlag() {
        assertThatThrownBy(() -> new WatchSettings().check(Map.<String, String>of()::get))
                .hasMessage("no provider to watch; give --provider NAME=PROXY_URL (repeatable) or"
                        + " --config FILE");
        assertThatThrownBy(() -> new WatchSettings().providers(List.of("a=http://x:1", "a=http://y:1"))
                .target("https://e.com/").check(Map.<String, String>of()::get))
                .hasMessageStartingWith("--provider a: the name a is given twice");
        assertThatThrownBy(() -> new WatchSettings().providers(List.of("http://u:secret=x@h:1"))
                .check(Map.<String, String>of()::get))
                .hasMessageStartingWith("--provider needs NAME=PROXY_URL").hasMessageNotContaining("secret");
        assertThatThrownBy(() -> new WatchSettings().providers(List.of("a=http://x:1")).target("ftp://e.com/")
                .check(Map.<String, String>of()::get)).hasMessageStartingWith("--target: ");
        assertThatThrownBy(() -> new WatchSettings().providers(List.of("a:lab=http://x:1"))
                .target("https://e.com/").check(Map.<String, String>of()::get))
                .hasMessageContaining("sessions are written into the proxy's credentials, and it has none");
        assertThatThrownBy(() -> new WatchSettings().providers(List.of("a=http://x:1")).target("https://e.com/")
                .probeEvery("10s").check(Map.<String, String>of()::get))
                .hasMessageStartingWith("--probe-every: ");
    }
}
