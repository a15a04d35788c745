package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.interop.peers.Squid;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code proxybench probe --proxy http://127.0.0.1:PORT} against a real squid without auth, as a corporate egress
 * is: it starts, answers HTTP, says authentication is not required and that there is one exit, so no session. The
 * lab's target is the origin.
 */
@Tag("interop")
class ProbeOpenSquidTest {

    @TempDir
    static Path home;

    private static String line(JsonNode card, String id) {
        for (JsonNode line : card.path("lines")) {
            if (line.path("id").asText().equals(id)) {
                return line.path("value").asText();
            }
        }
        throw new AssertionError("no line " + id + " in " + card);
    }

    @Test
    void anOpenSquidIsProbedWithoutCredentials() throws Exception {
        assumeTrue(System.getenv("PROXY_USER") == null && System.getenv("PROXY_PASS") == null,
                "PROXY_USER / PROXY_PASS are set here, and would be squid's account: unset them");
        try (Lab lab = Lab.start(LabConfig.builder().home(home).build()); Squid squid = Squid.start()) {
            MainTest.Run r = MainTest.run("probe", "--proxy", squid.url(),
                    "--target", "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace",
                    "--http-target", "http://127.0.0.1:" + lab.targetHttpPort() + "/cdn-cgi/trace",
                    "--ca", lab.caFile().toString(), "--session-watch", "2s", "--budget-requests", "100", "--json");
            assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
            JsonNode card = new ObjectMapper().readTree(r.out());
            assertThat(card.path("diagnosis").isNull() || card.path("diagnosis").isMissingNode()).as(r.out())
                    .isTrue();
            assertThat(line(card, "protocol_connect")).startsWith("yes");
            assertThat(line(card, "protocol_forward")).startsWith("yes");
            assertThat(line(card, "auth")).isEqualTo("not required: 2 checks answered without credentials");
            assertThat(line(card, "rotation_tunnel")).startsWith("no: one exit (127.0.0.1)");
            assertThat(line(card, "sticky_hold")).startsWith("none: every tunnel left from one exit (127.0.0.1)");
            assertThat(line(card, "country_targeting")).isEqualTo("not measured: the proxy was given no"
                    + " credentials, so no country can be asked for (targeting is written into them)");
            assertThat(squid.accessLog()).anyMatch(l -> l.contains("TCP_TUNNEL/200"));
        }
    }
}
