package io.proxybench.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The session settings as a command gives them, checked together into a template. */
class SessionSettingsTest {

    private static SessionSettings provider(String name, String country) {
        return new SessionSettings(name, null, null, country, null, null, null);
    }

    @Test
    void noValueMeansNoTemplateButTheLabsDialectForAnExperiment() {
        SessionSettings none = new SessionSettings(null, null, null, null, null, null, null);
        assertThat(none.templateOrNull()).isNull();
        assertThat(none.template()).isEqualTo(SessionTemplate.of(Dialect.lab()));
        assertThat(none.forExperiment(true)).isEqualTo(SessionTemplate.of(Dialect.lab()));
    }

    @Test
    void aProviderWithTargetingWritesBoth() {
        SessionTemplate oxylabs = new SessionSettings("oxylabs", null, Duration.ofMinutes(10), "de", null, null,
                null).template();
        assertThat(oxylabs.dialect()).isEqualTo(Dialect.named("oxylabs"));
        assertThat(oxylabs.country()).isEqualTo("DE");
        assertThat(oxylabs.lifetime()).isEqualTo(Duration.ofMinutes(10));
    }

    @Test
    void errorsNameTheSettingAtFault() {
        assertThatThrownBy(() -> new SessionSettings("oxylabs", "{pass}_session-{id}", null, null, null, null,
                null).template()).hasMessageStartingWith("--provider and --session-template exclude each other");
        assertThatThrownBy(() -> provider("acme", null).template()).hasMessageStartingWith("--provider: ");
        assertThatThrownBy(() -> provider(null, "germany").template())
                .hasMessageStartingWith("--session-lifetime/--country/--state/--city/--asn: ");
        assertThatThrownBy(() -> provider("oxylabs", null).forExperiment(true))
                .hasMessageStartingWith("--provider oxylabs goes with --proxy");
        assertThat(provider("oxylabs", null).forExperiment(false).dialect()).isEqualTo(Dialect.named("oxylabs"));
    }

    @Test
    void rotatingWritesTheProvidersRotatingFormAndNeedsAnAccount() {
        ProxySpec proxy = ProxySpec.parse("http://acct:pw@127.0.0.1:5959");
        assertThat(provider("netnut", "de").rotating(proxy).credentials().user()).isEqualTo("acct-res-de");
        assertThat(provider(null, null).rotating(proxy)).isSameAs(proxy);
        assertThatThrownBy(() -> provider("netnut", null).rotating(ProxySpec.parse("http://127.0.0.1:5959")))
                .hasMessage("--provider writes into the proxy credentials, but http://127.0.0.1:5959 has none: give"
                        + " user:pass in its URL (or set PROXY_USER and PROXY_PASS), or leave it out for a proxy that"
                        + " takes no credentials");
        assertThatThrownBy(() -> provider("lab", null).refuseOnLab()).hasMessageContaining("go with --proxy");
    }

    @Test
    void aProxyWithoutAnAccountRefusesTheSessionValuesGivenByName() {
        ProxySpec open = ProxySpec.parse("http://127.0.0.1:3128");
        new SessionSettings(null, null, null, null, null, null, null).checkAccount(open);
        provider("oxylabs", "DE").checkAccount(ProxySpec.parse("http://acct:pw@127.0.0.1:5959"));
        assertThatThrownBy(() -> provider("oxylabs", "DE").checkAccount(open))
                .hasMessageStartingWith("--provider and --country write into the proxy credentials, but"
                        + " http://127.0.0.1:3128 has none")
                .hasMessageEndingWith("or leave them out for a proxy that takes no credentials");
        assertThatThrownBy(() -> new SessionSettings(null, "{user}-session-{id}", Duration.ofMinutes(1), null,
                "ca", null, 7922).checkAccount(open))
                .hasMessageStartingWith("--session-template, --session-lifetime, --state and --asn write into");
    }
}
