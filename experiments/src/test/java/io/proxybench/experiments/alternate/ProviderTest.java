package io.proxybench.experiments.alternate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Provider}: alternate's {@code --provider} and {@code --provider-file} values, read and checked. */
class ProviderTest {

    @TempDir
    Path dir;

    @Test
    void alternateTakesEachProvidersDialectWithItsLabel() {
        Provider oxy = Provider.ofUrl("oxy:Oxylabs=http://customer-u:hunter2@127.0.0.1:7777");
        assertThat(oxy.label()).isEqualTo("oxy");
        assertThat(oxy.runOptions()).containsExactly("--proxy", "http://customer-u:hunter2@127.0.0.1:7777",
                "--provider", "oxylabs");
        assertThat(Provider.ofUrl("b=http://u:p@127.0.0.1:1").runOptions()).doesNotContain("--provider");
        assertThatThrownBy(() -> Provider.ofUrl("c:acme=http://u:hunter2@h:1"))
                .hasMessageContaining("--provider c: unknown provider 'acme'").hasMessageNotContaining("hunter2");
        assertThatThrownBy(() -> Provider.ofUrl("http://alice:s3cr=t@gw:8080"))
                .as("a forgotten label and a '=' in the password: nothing before it is quoted")
                .hasMessageContaining("needs LABEL=PROXY_URL").hasMessageNotContaining("alice")
                .hasMessageNotContaining("s3cr");
    }

    @Test
    void aProviderFileIsReadAsRunWouldReadItAndItsRefusalNamesTheLabel() throws IOException {
        Path file = Files.writeString(dir.resolve("proxies-b.txt"), "# pool b\nhttp://u:p@127.0.0.1:3128\n");
        Provider b = Provider.ofFile("b=" + file);

        assertThat(b.runOptions()).containsExactly("--proxy-file", file.toString());
        assertThat(b.text()).isEqualTo("b: proxies from " + file);
        Path missing = dir.resolve("none.txt");
        assertThatThrownBy(() -> Provider.ofFile("c=" + missing))
                .hasMessageStartingWith("--provider-file c: cannot read --proxy-file " + missing + ": ");
        Path empty = Files.writeString(dir.resolve("empty.txt"), "# nothing\n");
        assertThatThrownBy(() -> Provider.ofFile("d=" + empty))
                .hasMessage("--provider-file d: --proxy-file " + empty + " has no proxy URLs");
    }

    @Test
    void theTextMasksThePassword() {
        Provider a = Provider.ofUrl("a=http://acct:hunter2@127.0.0.1:7777");

        assertThat(a.text()).startsWith("a: http://acct:****@").doesNotContain("hunter2");
        assertThat(a).hasToString(a.text());
    }
}
