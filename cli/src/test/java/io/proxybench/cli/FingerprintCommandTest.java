package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.experiments.fingerprint.FingerprintResult;
import io.proxybench.experiments.fingerprint.FingerprintRow;
import io.proxybench.experiments.fingerprint.FingerprintTable;
import java.net.ServerSocket;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code proxybench fingerprint}: every lab proxy mode relays the client's handshake; a broken mode is flagged. */
class FingerprintCommandTest {

    private static final String JA4 = "t13[di]\\d{4}(h2|h1)_[0-9a-f]{12}_[0-9a-f]{12}";

    @Test
    void onTheLabEveryProxyModeKeepsTheDirectFingerprint() throws Exception {
        MainTest.Run r = MainTest.run("fingerprint", "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode result = new ObjectMapper().readTree(r.out());
        assertThat(result.path("unchanged").asBoolean()).isTrue();
        JsonNode rows = result.path("rows");
        assertThat(rows).extracting(row -> row.path("mode").asText()).containsExactly("direct", "http CONNECT",
                "socks5h", "socks5", "https CONNECT", "https CONNECT over h2");
        String direct = rows.get(0).path("ja4").asText();
        assertThat(direct).matches(JA4).contains("h2_");
        assertThat(rows).allSatisfy(row -> assertThat(row.path("ja4").asText()).isEqualTo(direct));
        assertThat(rows).allSatisfy(row -> assertThat(row.path("same_as_direct").asBoolean()).isTrue());
    }

    @Test
    void offeringOnlyHttp11IsAnotherFingerprint() throws Exception {
        MainTest.Run h2 = MainTest.run("fingerprint", "--json");
        MainTest.Run h1 = MainTest.run("fingerprint", "--json", "--http1.1");
        assertThat(h1.exitCode()).as(h1.err()).isZero();
        String withH2 = new ObjectMapper().readTree(h2.out()).path("rows").get(0).path("ja4").asText();
        String withH1 = new ObjectMapper().readTree(h1.out()).path("rows").get(0).path("ja4").asText();
        assertThat(withH1).matches(JA4).contains("h1_").isNotEqualTo(withH2);
    }

    @Test
    void aModeWithoutAnAnswerFailsTheCheckWithExitStatus1() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        MainTest.Run r = MainTest.run("fingerprint", "--proxy", "http://u:p@127.0.0.1:" + closed,
                "--url", "https://127.0.0.1:" + closed + "/cdn-cgi/trace");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(FingerprintCommand.CHANGED);
        assertThat(r.out()).contains("no answer").contains("incomplete: no fingerprint through direct, http proxy")
                .doesNotContain("changed:").doesNotContain("u:p");
    }

    /** Without a direct fingerprint there is nothing to compare with: no proxy is blamed. */
    @Test
    void withoutADirectAnswerNoProxyIsBlamed() {
        FingerprintResult r = new FingerprintResult("https://t/", List.of(
                new FingerprintRow("direct", null, "tcp_ConnectException", false),
                new FingerprintRow("http CONNECT", "t13i1515h2_cccccccccccc_dddddddddddd", null, false)), false);
        assertThat(FingerprintTable.text(r)).contains("no reference").contains("incomplete: no fingerprint through"
                + " direct").doesNotContain("DIFFERS").doesNotContain("changed:");
    }

    @Test
    void aDifferentFingerprintIsFlagged() {
        FingerprintResult r = new FingerprintResult("https://t/", List.of(
                new FingerprintRow("direct", "t13i1210h2_aaaaaaaaaaaa_bbbbbbbbbbbb", null, true),
                new FingerprintRow("http CONNECT", "t13i1515h2_cccccccccccc_dddddddddddd", null, false)), false);
        assertThat(FingerprintTable.text(r)).contains("DIFFERS").contains("terminates TLS itself")
                .doesNotContain("unchanged:").doesNotContain("incomplete");
    }
}
