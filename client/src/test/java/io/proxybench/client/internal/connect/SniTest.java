package io.proxybench.client.internal.connect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The SNI name curl would send for a host: the name without a trailing dot, dotless names too, no IP literal. */
class SniTest {

    @Test
    void namesAreSentDotlessOnesIncludedWithoutATrailingDot() {
        assertThat(Sni.name("localhost")).isEqualTo("localhost");
        assertThat(Sni.name("Example.COM.")).isEqualTo("example.com");
        assertThat(Sni.name("gw.example")).isEqualTo("gw.example");
    }

    @Test
    void ipLiteralsAndNamesSniCannotCarryGetNone() {
        assertThat(Sni.name("127.0.0.1")).isNull();
        assertThat(Sni.name("::1")).isNull();
        assertThat(Sni.name("[2001:db8::1]")).isNull();
        assertThat(Sni.name("under_score.example")).isNull();
    }
}
