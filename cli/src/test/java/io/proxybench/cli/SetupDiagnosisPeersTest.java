package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.harness.plan.RunPlan;
import io.proxybench.lab.interop.peers.Microsocks;
import io.proxybench.lab.interop.peers.Nginx;
import io.proxybench.lab.interop.peers.Peer;
import io.proxybench.lab.interop.peers.Squid;
import io.proxybench.lab.pki.LabCa;
import io.proxybench.records.JsonlReader;
import io.proxybench.records.RequestRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A broken setup through real peers: squid with a wrong password, microsocks with a wrong one, a port nothing listens
 * on, and nginx's certificate without {@code --ca}. {@code run} stops once its first 20 requests have all failed that
 * way, prints what failed and the fix, and exits with {@link RunPlan#SETUP_FAILED_EXIT_CODE}; with
 * {@code --keep-going} it runs its whole schedule. Bounded: 20 req/s for 2 s per run.
 */
@Tag("interop")
class SetupDiagnosisPeersTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int SCHEDULED = 40;

    @TempDir
    static Path home;

    static LabCa ca;
    static Nginx nginx;

    @BeforeAll
    static void start() {
        ca = LabCa.loadOrCreate(home.resolve("ca"));
        nginx = Nginx.start(ca);
    }

    @AfterAll
    static void stop() {
        if (nginx != null) {
            nginx.close();
        }
    }

    private static String target() {
        return "https://127.0.0.1:" + nginx.httpsPort() + "/";
    }

    /** {@code run} at 20 req/s for 2 s through {@code proxy}, trusting the peers' CA unless {@code untrusted}. */
    private static MainTest.Run run(String proxy, boolean untrusted, Path out, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", "--url", target(), "--proxy", proxy, "--rate", "20",
                "--duration", "2s", "--no-progress", "--out", out.toString()));
        if (!untrusted) {
            args.addAll(List.of("--ca", ca.certFile().toString()));
        }
        args.addAll(List.of(extra));
        return MainTest.run(args.toArray(String[]::new));
    }

    /**
     * The run stops early with the diagnosis's problem and fix and exit code 3; with --keep-going the same run has a
     * record for every scheduled request, each failed with {@code error}, still leads with the diagnosis, and counts
     * a connection opened for each failure that had its TCP handshake ({@code opened}: all or none).
     */
    private static void diagnosedAndStopped(String proxy, boolean untrusted, String error, String problem,
            String fix, boolean opened) throws Exception {
        Path stopped = home.resolve(error + "-stopped.jsonl");
        MainTest.Run r = run(proxy, untrusted, stopped);
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(RunPlan.SETUP_FAILED_EXIT_CODE);
        assertThat(r.out()).startsWith("stopped early: ").contains(problem, "\n  fix: ", fix,
                "of the first 20 requests failed with " + error, "--keep-going runs it anyway");
        // The warm-up's 10 and the schedule's first 10 made the 20; the few in flight then end as aborted.
        assertThat(JsonlReader.read(stopped)).as("stopped within the schedule's first second").hasSizeLessThan(20);

        Path kept = home.resolve(error + "-kept.jsonl");
        MainTest.Run going = run(proxy, untrusted, kept, "--keep-going", "--json");
        assertThat(going.exitCode()).as(going.err()).isZero();
        JsonNode summary = JSON.readTree(going.out());
        assertThat(summary.path("records").asLong()).isEqualTo(SCHEDULED);
        assertThat(summary.path("diagnosis").path("error").asText()).isEqualTo(error);
        assertThat(summary.path("diagnosis").path("fix").asText()).contains(fix);
        assertThat(summary.path("connections_opened").asLong()).as("failed setups are connections opened")
                .isEqualTo(opened ? SCHEDULED : 0);
        List<RequestRecord> records = JsonlReader.read(kept);
        assertThat(records).hasSize(SCHEDULED).allSatisfy(rec -> assertThat(rec.error()).isEqualTo(error));
    }

    @Test
    void squidWithAWrongPasswordNamesTheCredentialsAndWhereTheyCameFrom() throws Exception {
        try (Squid squid = Squid.startWithBasicAuth("u", "right")) {
            String proxy = "http://u:wrong@127.0.0.1:" + squid.port();
            diagnosedAndStopped(proxy, false, "connect_407", "the proxy at 127.0.0.1:" + squid.port()
                    + " refused the credentials (407 Proxy Authentication Required)",
                    "check the user name and password given in --proxy", true);
            MainTest.Run r = run(proxy, false, home.resolve("squid-reason.jsonl"));
            assertThat(r.out()).as("squid's own reason").contains("ERR_CACHE_ACCESS_DENIED").doesNotContain("wrong");
        }
    }

    @Test
    void microsocksWithAWrongPasswordSaysAuthenticationFailed() throws Exception {
        try (Microsocks socks = Microsocks.startWithAuth("u", "right")) {
            String url = socks.url().replace("://", "://u:wrong@");
            diagnosedAndStopped(url, false, "socks_AuthFailed", "rejected the user name and password",
                    "check the user name and password given in --proxy", true);
        }
    }

    @Test
    void aPortNothingListensOnAsksWhetherAProxyIsThere() throws Exception {
        int closed = Peer.freePort();
        diagnosedAndStopped("http://127.0.0.1:" + closed, false, "tcp_ConnectException",
                "nothing accepted a connection at 127.0.0.1:" + closed + " (connection refused)",
                "is a proxy listening at 127.0.0.1:" + closed, false);
    }

    @Test
    void nginxsCertificateWithoutTheCaIsTheTargetsNotTheProxys() throws Exception {
        try (Squid squid = Squid.start()) {
            diagnosedAndStopped(squid.url(), true, "tls_UntrustedCertificate", "the target's certificate ("
                    + "https://127.0.0.1:" + nginx.httpsPort() + ") is not trusted", "--ca FILE, or --insecure", true);
            MainTest.Run going = run(squid.url(), true, home.resolve("untrusted.jsonl"), "--keep-going", "--json");
            JsonNode outcomes = JSON.readTree(going.out()).path("outcomes");
            assertThat(outcomes.path("target_error").asLong()).isEqualTo(SCHEDULED);
            assertThat(outcomes.path("proxy_failure").asLong()).isZero();
        }
    }
}
