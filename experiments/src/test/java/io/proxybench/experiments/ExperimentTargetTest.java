package io.proxybench.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Where an experiment runs, as given: each check when its value is asked for, naming the setting. */
class ExperimentTargetTest {

    private static final ProxySpec PROXY = ProxySpec.parse("http://u:p@127.0.0.1:8080");

    private static ExperimentTarget target(ProxySpec proxy, URI url, Path ca, Set<String> given) {
        return new ExperimentTarget(proxy, url, ca, false, TlsSettings::system, given::contains);
    }

    @Test
    void theLabRefusesTheRealProxysSettings() {
        assertThat(target(null, null, null, Set.of()).lab()).isTrue();
        assertThatThrownBy(() -> target(null, URI.create("https://example.com/"), null, Set.of()).lab())
                .hasMessage("--url, --ca and --insecure go with --proxy; the lab brings its own");
        assertThatThrownBy(() -> target(null, null, Path.of("ca.pem"), Set.of()).lab())
                .hasMessageStartingWith("--url, --ca and --insecure");
    }

    @Test
    void aRealProxyRefusesTheLabsSettingsAndNeedsAnOrigin() {
        target(null, null, null, Set.of("--rtt")).labOnly("--rtt");
        ExperimentTarget real = target(PROXY, null, null, Set.of("--rtt"));
        assertThatThrownBy(() -> real.labOnly("--latency", "--rtt"))
                .hasMessage("--rtt applies to the embedded lab only; leave it out with --proxy");
        assertThat(real.lab()).isFalse();
        assertThatThrownBy(real::gateway).hasMessage("--proxy needs --url, the origin to request");
        URI origin = URI.create("https://example.com/");
        assertThat(target(PROXY, origin, null, Set.of()).gateway()).isEqualTo(PROXY);
        assertThat(target(PROXY, origin, null, Set.of()).origin()).isEqualTo(origin);
    }

    /**
     * An open proxy (squid, a corporate egress): {@code openGateway} takes it as given, for experiments that write no
     * session; {@code gateway} still needs an account, for those that do.
     */
    @Test
    void anOpenProxyIsTakenWithoutCredentialsWhereNoSessionIsWritten() {
        ProxySpec open = ProxySpec.parse("http://127.0.0.1:3128");
        URI origin = URI.create("https://example.com/");
        assertThat(target(PROXY, origin, null, Set.of()).openGateway()).isEqualTo(PROXY);
        assertThatThrownBy(() -> target(open, null, null, Set.of()).openGateway())
                .hasMessage("--proxy needs --url, the origin to request");
        assumeTrue(System.getenv("PROXY_USER") == null && System.getenv("PROXY_PASS") == null,
                "PROXY_USER / PROXY_PASS are set here, and would be the open proxy's account: unset them");
        assertThat(target(open, origin, null, Set.of()).openGateway()).isEqualTo(open);
        assertThatThrownBy(() -> target(open, origin, null, Set.of()).gateway())
                .hasMessage("the proxy http://127.0.0.1:3128 has no credentials: put them in the URL or set"
                        + " PROXY_USER and PROXY_PASS");
    }

    @Test
    void theEnvironmentsAccountIsTakenWhenBothPartsAreSet() {
        ProxySpec open = ProxySpec.parse("http://127.0.0.1:3128");
        assertThat(ExperimentTarget.withAnyAccount(open, Map.<String, String>of()::get)).isEqualTo(open);
        assertThat(ExperimentTarget.withAnyAccount(PROXY, Map.of("PROXY_USER", "v", "PROXY_PASS", "w")::get))
                .isEqualTo(PROXY);
        assertThat(ExperimentTarget.withAnyAccount(open, Map.of("PROXY_USER", "v", "PROXY_PASS", "w")::get)
                .credentials().user()).isEqualTo("v");
        assertThatThrownBy(() -> ExperimentTarget.withAnyAccount(open, Map.of("PROXY_USER", "v")::get))
                .hasMessage("PROXY_USER is set but PROXY_PASS is not: set both for the proxy's account, or neither"
                        + " for a proxy that takes no credentials");
        assertThat(ExperimentTarget.withAnyAccount(null, Map.<String, String>of()::get)).isNull();
    }
}
