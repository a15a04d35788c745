package io.proxybench.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import java.net.URI;
import java.nio.file.Path;
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
}
