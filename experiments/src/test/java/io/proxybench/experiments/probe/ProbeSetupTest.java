package io.proxybench.experiments.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import org.junit.jupiter.api.Test;

class ProbeSetupTest {

    @Test
    void theForwardTargetIsTheOneGivenElseTheDefaultsTwinElseNone() {
        URI https = URI.create(ProbeSetup.DEFAULT_TARGET);
        assertThat(ProbeSetup.forwardTarget(https, null)).isEqualTo(URI.create(ProbeSetup.DEFAULT_HTTP_TARGET));
        assertThat(ProbeSetup.forwardTarget(URI.create("https://t.example/trace"), null)).isNull();
        URI http = URI.create("http://t.example/trace");
        assertThat(ProbeSetup.forwardTarget(https, http)).isEqualTo(http);
        assertThatThrownBy(() -> ProbeSetup.forwardTarget(http, null))
                .hasMessage("--target http://t.example/trace is not https://; give the http:// one as --http-target");
        assertThatThrownBy(() -> ProbeSetup.forwardTarget(https, https))
                .hasMessage("--http-target " + https + " is not http://");
    }
}
