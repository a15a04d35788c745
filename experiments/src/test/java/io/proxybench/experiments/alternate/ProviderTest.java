package io.proxybench.experiments.alternate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Provider}: alternate's {@code --provider} and {@code --provider-file} values, read and checked. */
class ProviderTest {

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
    void aProviderFileIsCheckedAsRunWouldReadItAndItsRefusalNamesTheLabel() {
        List<Path> checked = new ArrayList<>();
        Provider b = Provider.ofFile("b=proxies-b.txt", checked::add);

        assertThat(checked).containsExactly(Path.of("proxies-b.txt"));
        assertThat(b.runOptions()).containsExactly("--proxy-file", "proxies-b.txt");
        assertThat(b.text()).isEqualTo("b: proxies from proxies-b.txt");
        assertThatThrownBy(() -> Provider.ofFile("c=none.txt", f -> {
            throw new IllegalArgumentException("cannot read --proxy-file " + f);
        })).hasMessage("--provider-file c: cannot read --proxy-file none.txt");
    }

    @Test
    void theTextMasksThePassword() {
        Provider a = Provider.ofUrl("a=http://acct:hunter2@127.0.0.1:7777");

        assertThat(a.text()).startsWith("a: http://acct:****@").doesNotContain("hunter2");
        assertThat(a).hasToString(a.text());
    }
}
