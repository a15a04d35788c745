package io.proxybench.lab.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HostPortTest {

    @Test
    void readsNamesAndBracketedIpv6() {
        assertThat(HostPort.parseAuthority("lab.test:8443")).isEqualTo(new HostPort("lab.test", 8443));
        assertThat(HostPort.parseAuthority("[::1]:8443")).isEqualTo(new HostPort("::1", 8443));
    }

    /** Found by {@link HostPortFuzzTest}: {@code []:22} was read as an empty host, which then dialled nothing. */
    @ParameterizedTest
    @ValueSource(strings = {"[]:22", "[lab.test]:22", "[not v6]:22"})
    void aConnectToBracketsWithoutAnIpv6AddressIsRefused(String authority) {
        assertThatThrownBy(() -> HostPort.parseAuthority(authority))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("CONNECT target '" + authority + "' is not host:port");
    }
}
