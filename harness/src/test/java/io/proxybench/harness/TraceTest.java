package io.proxybench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TraceTest {

    private static byte[] labTrace(String userAgent, String conn) {
        return ("fl=proxybench-lab\nh=lab.test:8443\nip=127.3.0.17\nts=1764480000.123\nvisit_scheme=https\nuag="
                + userAgent + "\ncolo=LAB\nsliver=none\nhttp=http/2\nloc=DE\ntls=TLSv1.3\nsni=plaintext\nwarp=off\n"
                + "conn=" + conn + "\nreq=7\n").getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void readsTheLabTargetsFields() {
        Trace trace = Trace.of(labTrace("curl/8.5.0", "42"));
        assertThat(trace.value("ip")).isEqualTo("127.3.0.17");
        assertThat(trace.value("loc")).isEqualTo("DE");
        assertThat(trace.value("conn")).isEqualTo("42");
        assertThat(trace.value("req")).isEqualTo("7");
        assertThat(trace.value("gateway")).isNull();
    }

    @Test
    void aFieldCutAtTheEndOfTheHeadIsAbsentNotCutShort() {
        String longest = "x".repeat(Trace.HEAD_BYTES);
        int valueAt = labTrace(longest, "").length - "\nreq=7\n".length();
        // A user agent as much shorter as puts the head's end two digits into conn=12345678.
        byte[] body = labTrace(longest.substring(valueAt + 2 - Trace.HEAD_BYTES), "12345678");
        assertThat(Trace.of(body).value("conn")).isNull();
        assertThat(Trace.of(body).value("ip")).isEqualTo("127.3.0.17");
    }

    @Test
    void linesEndAtLfCrOrCrLfAndAKeyMatchesOnlyUpToItsEqualsSign() {
        byte[] body = "ipv6=::1\r\nip= 127.3.0.17 \rloc=DE\nloc=FR\nreq=".getBytes(StandardCharsets.UTF_8);
        assertThat(Trace.of(body).value("ip")).isEqualTo("127.3.0.17");
        assertThat(Trace.of(body).value("loc")).isEqualTo("DE");
        assertThat(Trace.of(body).value("req")).isEmpty();
        assertThat(Trace.of(body).value("i")).isNull();
    }
}
