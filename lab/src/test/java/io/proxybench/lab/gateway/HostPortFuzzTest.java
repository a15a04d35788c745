package io.proxybench.lab.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.code_intelligence.jazzer.mutation.annotation.NotNull;

/**
 * CONNECT authorities as a stranger may send them: {@link HostPort#parseAuthority} returns a destination that
 * prints back to itself, or throws an {@link IllegalArgumentException} that quotes the target.
 */
class HostPortFuzzTest {

    @FuzzTest(maxDuration = "20s")
    void parseAuthorityReturnsADestinationOrSaysWhatIsWrong(@NotNull String authority) {
        HostPort parsed;
        try {
            parsed = HostPort.parseAuthority(authority);
        } catch (IllegalArgumentException e) {
            String quoted = authority.length() > 100 ? authority.substring(0, 100) : authority;
            assertThat(e.getMessage()).contains("'" + quoted);
            return;
        }
        assertThat(parsed.port()).isBetween(1, 65535);
        assertThat(parsed.host()).isNotEmpty();
        assertThat(HostPort.parseAuthority(parsed.toString())).isEqualTo(parsed);
    }
}
