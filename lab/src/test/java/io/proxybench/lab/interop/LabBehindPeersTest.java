package io.proxybench.lab.interop;

import static io.proxybench.lab.interop.LabInteropTest.ca;
import static io.proxybench.lab.interop.LabInteropTest.httpTrace;
import static io.proxybench.lab.interop.LabInteropTest.httpsTrace;
import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.interop.Curl.Transfer;
import io.proxybench.lab.interop.peers.Dante;
import io.proxybench.lab.interop.peers.Peer;
import io.proxybench.lab.interop.peers.Squid;
import io.proxybench.lab.target.StatsSnapshot;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab target as the origin behind real proxies (squid for CONNECT and forwarding, dante for SOCKS5): the
 * target must see the peer's own source address, 127.0.0.1, and count its connections and requests.
 */
@Tag("interop")
class LabBehindPeersTest {

    @TempDir
    static Path home;

    private static Lab lab;
    private static Squid squid;
    private static Dante dante;

    @BeforeAll
    static void start() throws InterruptedException {
        Peer.require("curl", "curl");
        lab = Lab.start(LabConfig.builder().home(home).build());
        squid = Squid.start();
        dante = Dante.start();
    }

    @AfterAll
    static void stop() {
        try {
            if (dante != null) {
                dante.close();
            }
            if (squid != null) {
                squid.close();
            }
        } finally {
            if (lab != null) {
                lab.close();
            }
        }
    }

    @Test
    void squidTunnelsConnectToTheTarget() {
        StatsSnapshot before = lab.targetStats();

        Transfer t = Curl.ok("--cacert", ca(lab), "-x", squid.url(), httpsTrace(lab, "127.0.0.1"));

        Map<String, String> trace = t.trace();
        assertThat(t.connectStatus()).isEqualTo(200);
        assertThat(trace.get("ip")).as("squid's own source address").isEqualTo("127.0.0.1");
        assertThat(trace.get("loc")).as("127.0.0.1 is no lab exit").isEqualTo("XX");
        assertThat(trace.get("tls")).isEqualTo("TLSv1.3");
        assertThat(trace.get("req")).isEqualTo("1");
        assertCounted(before, lab.targetStats());
        assertThat(squid.awaitAccessLog("TCP_TUNNEL/200", "CONNECT 127.0.0.1:" + lab.targetHttpsPort())).isNotBlank();
    }

    @Test
    void squidForwardsPlainHttpToTheTarget() {
        StatsSnapshot before = lab.targetStats();

        Transfer t = Curl.ok("-x", squid.url(), httpTrace(lab));

        Map<String, String> trace = t.trace();
        assertThat(trace.get("ip")).isEqualTo("127.0.0.1");
        assertThat(trace.get("tls")).isEqualTo("off");
        assertThat(trace.get("http")).isEqualTo("http/1.1");
        assertThat(lab.targetStats().requestsTotal() - before.requestsTotal()).isEqualTo(1);
        assertThat(squid.awaitAccessLog("TCP_MISS/200", "GET " + httpTrace(lab))).isNotBlank();
    }

    @Test
    void danteRelaysSocks5ToTheTarget() {
        StatsSnapshot before = lab.targetStats();

        Transfer t = Curl.ok("--cacert", ca(lab), "--socks5-hostname", "127.0.0.1:" + dante.port(),
                httpsTrace(lab, "localhost"));

        Map<String, String> trace = t.trace();
        assertThat(trace.get("fl")).isEqualTo("proxybench-lab");
        assertThat(trace.get("ip")).as("dante's external address").isEqualTo("127.0.0.1");
        assertThat(trace.get("h")).isEqualTo("localhost:" + lab.targetHttpsPort());
        assertThat(trace.get("sni")).isEqualTo("plaintext");
        assertCounted(before, lab.targetStats());
        assertThat(dante.awaitLog("tcp/connect", "." + lab.targetHttpsPort())).isNotBlank();
    }

    /** One more connection and one more request from 127.0.0.1 than {@code before}. */
    private static void assertCounted(StatsSnapshot before, StatsSnapshot after) {
        assertThat(after.requestsTotal() - before.requestsTotal()).as("requests").isEqualTo(1);
        assertThat(after.connectionsTotal() - before.connectionsTotal()).as("connections").isEqualTo(1);
        StatsSnapshot.Ip was = before.perIp().getOrDefault("127.0.0.1", new StatsSnapshot.Ip(0, 0));
        StatsSnapshot.Ip now = after.perIp().get("127.0.0.1");
        assertThat(now).as("per-IP stats for 127.0.0.1: %s", after.perIp()).isNotNull();
        assertThat(now.requests() - was.requests()).isEqualTo(1);
        assertThat(now.connections() - was.connections()).isEqualTo(1);
    }
}
