package io.proxybench.lab.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The {@code --allow-ports} syntax: what it allows, and the message each kind of mistake gets. */
class AllowedPortsTest {

    @Test
    void portsAndRangesAllowExactlyWhatTheyName() {
        AllowedPorts p = AllowedPorts.parse("443, 8443,1024-2000");
        assertThat(p.allows(443)).isTrue();
        assertThat(p.allows(8443)).isTrue();
        assertThat(p.allows(1024)).isTrue();
        assertThat(p.allows(2000)).isTrue();
        assertThat(p.allows(80)).isFalse();
        assertThat(p.allows(1023)).isFalse();
        assertThat(p.allows(2001)).isFalse();
        assertThat(p).hasToString("443,8443,1024-2000");
    }

    @Test
    void theDefaultAllowsEveryPort() {
        assertThat(AllowedPorts.ALL.allows(1)).isTrue();
        assertThat(AllowedPorts.ALL.allows(65535)).isTrue();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "http|'http' is not a port or range within 1..65535",
        "443,|'' is not a port or range within 1..65535",
        "0|'0' is not a port or range within 1..65535",
        "65536|'65536' is not a port or range within 1..65535",
        "1024-|'1024-' is not a port or range within 1..65535",
        "9000-80|port range '9000-80' runs backwards; write it low-high, e.g. 80-9000",
        "' '|allowed ports are empty",
    })
    void badSpecsAreRefusedNamingThePart(String spec, String message) {
        assertThatThrownBy(() -> AllowedPorts.parse(spec)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }
}
