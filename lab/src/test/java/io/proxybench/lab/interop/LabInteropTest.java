package io.proxybench.lab.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.gateway.GatewayCounters.Kind;
import io.proxybench.lab.gateway.GatewayCounters.Snapshot;
import io.proxybench.lab.interop.Curl.Transfer;
import io.proxybench.lab.interop.peers.CommandResult;
import io.proxybench.lab.interop.peers.Peer;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real clients (curl, hey) through the lab gateway to the lab target: the exit address the target sees, rotation
 * and sticky sessions over HTTP CONNECT, SOCKS5 and forwarding, and proxy auth. One open lab and one lab with an
 * account serve the whole class; counters are compared as before/after deltas.
 */
@Tag("interop")
class LabInteropTest {

    private static final String USER = "u";
    private static final String PASS = "p";

    @TempDir
    static Path home;

    private static Lab lab;
    private static Lab authLab;

    @BeforeAll
    static void startLabs() throws InterruptedException {
        Peer.require("curl", "curl");
        lab = Lab.start(LabConfig.builder().home(home).build());
        authLab = Lab.start(LabConfig.builder().home(home).auth(USER, PASS).build());
    }

    @AfterAll
    static void stopLabs() {
        if (authLab != null) {
            authLab.close();
        }
        if (lab != null) {
            lab.close();
        }
    }

    // ---- HTTP CONNECT ----

    @Test
    void curlThroughTheHttpsProxyPortStaysOnHttp11NextToHttp2() {
        Snapshot before = lab.gatewayCounters();

        Transfer t = Curl.ok("--cacert", ca(lab), "--proxy-cacert", ca(lab),
                "-x", "https://localhost:" + lab.gatewayTlsPort(), httpsTrace(lab, "127.0.0.1"));

        assertExit(lab, t.ip());
        assertThat(t.connectStatus()).isEqualTo(200);
        Snapshot after = lab.gatewayCounters();
        assertThat(after.tunnels(Kind.CONNECT) - before.tunnels(Kind.CONNECT)).isEqualTo(1);
        assertThat(after.h2ClientConnections() - before.h2ClientConnections())
                .as("curl 7.88 offers http/1.1 only to a proxy, though the port also offers h2").isZero();
    }

    @Test
    void connectTunnelReachesTheTargetFromALabExit() {
        Snapshot before = lab.gatewayCounters();

        Transfer t = Curl.ok("--cacert", ca(lab), "-x", gateway(lab), httpsTrace(lab, "127.0.0.1"));

        Map<String, String> trace = t.trace();
        assertExit(lab, trace.get("ip"));
        assertThat(trace.get("tls")).isEqualTo("TLSv1.3");
        assertThat(trace.get("loc")).isEqualTo(lab.exits().locate(address(trace.get("ip"))));
        assertThat(t.connectStatus()).isEqualTo(200);
        Snapshot after = lab.gatewayCounters();
        assertThat(after.tunnels(Kind.CONNECT) - before.tunnels(Kind.CONNECT)).isEqualTo(1);
        assertThat(after.tunnelsPerExit().getOrDefault(trace.get("ip"), 0L)
                - before.tunnelsPerExit().getOrDefault(trace.get("ip"), 0L)).isEqualTo(1);
    }

    /**
     * Clients may send an SNI that is no valid DNS name (hey sends {@code 127.0.0.1:PORT}, its Host header);
     * the trace must still answer, over h2 and http/1.1. Here curl sends {@code under_score.test} through a
     * tunnel to 127.0.0.1.
     */
    @Test
    void traceAnswersWhenTheSniIsNoValidHostName() {
        int port = lab.targetHttpsPort();
        for (String http : List.of("--http2", "--http1.1")) {
            Transfer t = Curl.ok(http, "-k", "-x", gateway(lab),
                    "--connect-to", "under_score.test:" + port + ":127.0.0.1:" + port,
                    "https://under_score.test:" + port + "/cdn-cgi/trace");

            assertExit(lab, t.ip());
            assertThat(t.trace().get("sni")).as(http).isEqualTo("plaintext");
        }
    }

    @Test
    void threeUrlsInOneCurlShareOneTunnelAndOneExit() {
        for (String http : List.of("--http2", "--http1.1")) {
            Snapshot before = lab.gatewayCounters();
            String url = httpsTrace(lab, "127.0.0.1");

            List<Transfer> transfers = Curl.transfers(http, "--cacert", ca(lab), "-x", gateway(lab), url, url, url);

            assertThat(transfers).as(http).hasSize(3).allSatisfy(t -> assertThat(t.status()).isEqualTo(200));
            List<Map<String, String>> traces = transfers.stream().map(Transfer::trace).toList();
            assertExit(lab, traces.get(0).get("ip"));
            assertThat(traces).as(http).extracting(m -> m.get("ip")).containsOnly(traces.get(0).get("ip"));
            assertThat(traces).as(http).extracting(m -> m.get("conn")).containsOnly(traces.get(0).get("conn"));
            assertThat(traces).as(http).extracting(m -> m.get("req")).containsExactly("1", "2", "3");
            assertThat(traces).as(http).extracting(m -> m.get("http"))
                    .containsOnly(http.equals("--http2") ? "http/2" : "http/1.1");
            assertThat(lab.gatewayCounters().tunnels(Kind.CONNECT) - before.tunnels(Kind.CONNECT)).as(http)
                    .isEqualTo(1);
        }
    }

    @Test
    void separateCurlRunsRotateExits() {
        Set<String> ips = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            String ip = Curl.ok("--cacert", ca(lab), "-x", gateway(lab), httpsTrace(lab, "127.0.0.1")).ip();
            assertExit(lab, ip);
            ips.add(ip);
        }
        assertThat(ips).as("exits of three rotating tunnels").hasSize(3);
    }

    // ---- SOCKS5 ----

    @Test
    void socks5WithRemoteResolutionReachesTheTargetFromALabExit() {
        Snapshot before = lab.gatewayCounters();

        Transfer viaUrl = Curl.ok("--cacert", ca(lab), "-x", "socks5h://127.0.0.1:" + lab.gatewayPort(),
                httpsTrace(lab, "localhost"));
        Transfer viaOption = Curl.ok("--cacert", ca(lab), "--socks5-hostname", "127.0.0.1:" + lab.gatewayPort(),
                httpsTrace(lab, "localhost"));

        assertExit(lab, viaUrl.ip());
        assertExit(lab, viaOption.ip());
        assertThat(viaUrl.ip()).as("rotating SOCKS5 tunnels get different exits").isNotEqualTo(viaOption.ip());
        assertThat(viaUrl.trace().get("h")).isEqualTo("localhost:" + lab.targetHttpsPort());
        assertThat(viaUrl.trace().get("sni")).isEqualTo("plaintext");
        assertThat(lab.gatewayCounters().tunnels(Kind.SOCKS5) - before.tunnels(Kind.SOCKS5)).isEqualTo(2);
    }

    // ---- forwarding ----

    @Test
    void forwardedRequestsOnOneClientConnectionRotateExits() {
        Snapshot before = lab.gatewayCounters();
        String url = httpTrace(lab);

        List<Transfer> transfers = Curl.transfers("-x", gateway(lab), url, url);

        assertThat(transfers).hasSize(2).allSatisfy(t -> assertThat(t.status()).isEqualTo(200));
        assertThat(transfers.get(1).connects()).as("curl reused its proxy connection").isZero();
        String first = transfers.get(0).ip();
        String second = transfers.get(1).ip();
        assertExit(lab, first);
        assertExit(lab, second);
        assertThat(second).as("each forwarded request gets its own exit").isNotEqualTo(first);
        assertThat(transfers.get(0).trace().get("tls")).isEqualTo("off");
        Snapshot after = lab.gatewayCounters();
        assertThat(after.tunnels(Kind.FORWARD) - before.tunnels(Kind.FORWARD)).isEqualTo(2);
        assertThat(after.clientConnections() - before.clientConnections()).isEqualTo(1);
    }

    // ---- sticky sessions ----

    @Test
    void stickySessionKeepsItsExitAcrossRunsAndProtocols() {
        String creds = "lab:lab_session-s1";
        Set<String> httpIps = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            httpIps.add(Curl.ok("--cacert", ca(lab), "-x", "http://" + creds + "@127.0.0.1:" + lab.gatewayPort(),
                    httpsTrace(lab, "127.0.0.1")).ip());
        }
        assertThat(httpIps).as("exits of three tunnels in session s1").hasSize(1);
        String ip = httpIps.iterator().next();
        assertExit(lab, ip);

        String socksIp = Curl.ok("--cacert", ca(lab), "-x", "socks5h://" + creds + "@127.0.0.1:" + lab.gatewayPort(),
                httpsTrace(lab, "localhost")).ip();
        String forwardIp = Curl.ok("-x", "http://" + creds + "@127.0.0.1:" + lab.gatewayPort(), httpTrace(lab)).ip();

        assertThat(socksIp).as("SOCKS5 in session s1").isEqualTo(ip);
        assertThat(forwardIp).as("forwarding in session s1").isEqualTo(ip);
        String otherIp = Curl.ok("--cacert", ca(lab), "-x", "http://lab:lab_session-s2@127.0.0.1:" + lab.gatewayPort(),
                httpsTrace(lab, "127.0.0.1")).ip();
        assertThat(otherIp).as("session s2 gets an exit of its own").isNotEqualTo(ip);
    }

    // ---- proxy auth ----

    @Test
    void authLabChallengesForwardingWithout407AndAdmitsTheAccount() {
        Snapshot before = authLab.gatewayCounters();
        String url = httpTrace(authLab);
        String port = "127.0.0.1:" + authLab.gatewayPort();

        Transfer anonymous = only(Curl.raw("-o", "/dev/null", "-x", "http://" + port, url));
        Transfer wrong = only(Curl.raw("-o", "/dev/null", "-x", "http://" + USER + ":nope@" + port, url));
        Transfer wrongUser = only(Curl.raw("-o", "/dev/null", "-x", "http://x:" + PASS + "@" + port, url));
        Transfer right = Curl.ok("-x", "http://" + USER + ":" + PASS + "@" + port, url);

        assertThat(anonymous.status()).as("no credentials").isEqualTo(407);
        assertThat(wrong.status()).as("wrong password").isEqualTo(407);
        assertThat(wrongUser.status()).as("wrong user").isEqualTo(407);
        assertExit(authLab, right.ip());
        Snapshot after = authLab.gatewayCounters();
        assertThat(after.tunnels(Kind.FORWARD) - before.tunnels(Kind.FORWARD)).isEqualTo(1);
        assertThat(after.authFailures() - before.authFailures()).as("auth failures").isGreaterThanOrEqualTo(2);
    }

    @Test
    void authLabChallengesConnectWith407AndAdmitsTheAccount() {
        Snapshot before = authLab.gatewayCounters();
        String url = httpsTrace(authLab, "127.0.0.1");
        String port = "127.0.0.1:" + authLab.gatewayPort();

        CommandResult anonymous = Curl.raw("--cacert", ca(authLab), "-x", "http://" + port, url);
        CommandResult wrong = Curl.raw("--cacert", ca(authLab), "-x", "http://" + USER + ":nope@" + port, url);
        Transfer right = Curl.ok("--cacert", ca(authLab), "-x", "http://" + USER + ":" + PASS + "@" + port, url);

        for (CommandResult refused : List.of(anonymous, wrong)) {
            assertThat(refused.exitCode()).as(refused.describe()).isNotZero();
            assertThat(only(refused).connectStatus()).as(refused.describe()).isEqualTo(407);
            assertThat(refused.stderr()).as(refused.describe()).contains("407");
        }
        assertExit(authLab, right.ip());
        assertThat(right.connectStatus()).isEqualTo(200);
        Snapshot after = authLab.gatewayCounters();
        assertThat(after.tunnels(Kind.CONNECT) - before.tunnels(Kind.CONNECT)).isEqualTo(1);
        assertThat(after.authFailures() - before.authFailures()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void authLabRefusesSocks5WithAWrongPasswordAndAdmitsTheAccount() {
        Snapshot before = authLab.gatewayCounters();
        String url = httpsTrace(authLab, "localhost");
        String port = "127.0.0.1:" + authLab.gatewayPort();

        CommandResult wrong = Curl.raw("--cacert", ca(authLab), "-x", "socks5h://" + USER + ":nope@" + port, url);
        CommandResult anonymous = Curl.raw("--cacert", ca(authLab), "-x", "socks5h://" + port, url);
        Transfer right = Curl.ok("--cacert", ca(authLab), "-x", "socks5h://" + USER + ":" + PASS + "@" + port, url);

        assertThat(wrong.exitCode()).as(wrong.describe()).isNotZero();
        assertThat(wrong.stdout()).as(wrong.describe()).doesNotContain("fl=proxybench-lab");
        assertThat(anonymous.exitCode()).as(anonymous.describe()).isNotZero();
        assertThat(anonymous.stdout()).as(anonymous.describe()).doesNotContain("fl=proxybench-lab");
        assertExit(authLab, right.ip());
        Snapshot after = authLab.gatewayCounters();
        assertThat(after.tunnels(Kind.SOCKS5) - before.tunnels(Kind.SOCKS5)).isEqualTo(1);
        assertThat(after.authFailures() - before.authFailures()).isGreaterThanOrEqualTo(1);
    }

    @Test
    void authLabStickySessionRidesOnThePassword() {
        String creds = USER + ":" + PASS + "_session-auth1";
        String port = "127.0.0.1:" + authLab.gatewayPort();

        String first = Curl.ok("--cacert", ca(authLab), "-x", "http://" + creds + "@" + port,
                httpsTrace(authLab, "127.0.0.1")).ip();
        String second = Curl.ok("--cacert", ca(authLab), "-x", "http://" + creds + "@" + port,
                httpsTrace(authLab, "127.0.0.1")).ip();
        String socks = Curl.ok("--cacert", ca(authLab), "-x", "socks5h://" + creds + "@" + port,
                httpsTrace(authLab, "localhost")).ip();

        assertExit(authLab, first);
        assertThat(List.of(second, socks)).containsOnly(first);
    }

    // ---- hey ----

    @Test
    void heyThroughConnectGets200sOverManyTunnels() {
        Path hey = Peer.require("hey", "hey");
        Snapshot before = lab.gatewayCounters();

        CommandResult result = Peer.run(List.of(hey.toString(), "-n", "200", "-c", "20", "-t", "10",
                "-x", gateway(lab), httpsTrace(lab, "127.0.0.1")), Duration.ofSeconds(120)).assertSuccess();

        Matcher ok = Pattern.compile("\\[200]\\s+(\\d+) responses").matcher(result.stdout());
        assertThat(ok.find()).as(result.describe()).isTrue();
        assertThat(Integer.parseInt(ok.group(1))).as(result.describe()).isEqualTo(200);
        assertThat(result.stdout()).as(result.describe()).doesNotContain("Error distribution");
        Matcher other = Pattern.compile("\\[(\\d{3})]\\s+\\d+ responses").matcher(result.stdout());
        List<String> codes = new ArrayList<>();
        while (other.find()) {
            codes.add(other.group(1));
        }
        assertThat(codes).as(result.describe()).containsExactly("200");
        long tunnels = lab.gatewayCounters().tunnels(Kind.CONNECT) - before.tunnels(Kind.CONNECT);
        assertThat(tunnels).as("CONNECT tunnels opened by hey's 20 workers").isGreaterThanOrEqualTo(20L);
    }

    // ---- helpers ----

    static String ca(Lab lab) {
        return lab.caFile().toString();
    }

    static String gateway(Lab lab) {
        return "http://127.0.0.1:" + lab.gatewayPort();
    }

    static String httpsTrace(Lab lab, String host) {
        return "https://" + host + ":" + lab.targetHttpsPort() + "/cdn-cgi/trace";
    }

    static String httpTrace(Lab lab) {
        return "http://127.0.0.1:" + lab.targetHttpPort() + "/cdn-cgi/trace";
    }

    static void assertExit(Lab lab, String ip) {
        assertThat(ip).as("source address at the target").isNotNull().isNotEqualTo("127.0.0.1").startsWith("127.");
        assertThat(lab.exits().at(address(ip))).as("%s is one of the lab's exits", ip).isPresent();
    }

    static InetAddress address(String ip) {
        try {
            return InetAddress.getByName(ip);
        } catch (UnknownHostException e) {
            throw new AssertionError("not an address: " + ip, e);
        }
    }

    private static Transfer only(CommandResult result) {
        List<Transfer> transfers = Curl.parse(result.stdout());
        assertThat(transfers).as(result.describe()).hasSize(1);
        return transfers.get(0);
    }
}
