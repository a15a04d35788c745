package io.proxybench.lab.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.proxybench.client.CallException;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.event.Counts;
import io.proxybench.client.event.Phase;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.interop.peers.Dante;
import io.proxybench.lab.interop.peers.Nginx;
import io.proxybench.lab.interop.peers.Peer;
import io.proxybench.lab.interop.peers.Squid;
import io.proxybench.lab.pki.LabCa;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proxy-aware client against real, independent peers: nginx as the HTTPS/HTTP origin (it reports the source
 * address, connection number and request count it sees), squid for CONNECT, forwarding and Basic auth, dante for
 * SOCKS5 with and without username auth, and the lab gateway in front of nginx. One nginx, two squids, one dante
 * and one lab serve the whole class; each test builds its own client, so its counters are its own.
 */
@Tag("interop")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ClientInteropTest {

    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(15);
    private static final String SQUID_USER = "pbclient";
    private static final String SQUID_PASS = "right-" + randomHex(6);
    private static final String WRONG_PASS = "wrong-" + randomHex(6);

    @TempDir
    static Path home;

    private static Lab lab;
    private static Nginx nginx;
    private static Squid squid;
    private static Squid authSquid;
    private static Dante dante;

    @BeforeAll
    static void start() throws InterruptedException {
        lab = Lab.start(LabConfig.builder().home(home).build());
        nginx = Nginx.start(LabCa.loadOrCreate(home.resolve("lab-ca")));
        squid = Squid.start();
        authSquid = Squid.startWithBasicAuth(SQUID_USER, SQUID_PASS);
        dante = Dante.start();
    }

    @AfterAll
    static void stop() {
        closeAll(dante, authSquid, squid, nginx, lab);
    }

    // ---- nginx direct ----

    @Test
    void directToNginxNegotiatesH2AndReusesTheConnection() throws Exception {
        try (ProxyClient client = client(null, TlsSettings.caFile(lab.caFile()))) {
            ProxyResponse first = get(client, nginx.httpsTrace("127.0.0.1"));
            ProxyResponse second = get(client, nginx.httpsTrace("127.0.0.1"));

            assertTwoOnOneConnection(first, second, "h2", "HTTP/2.0", "127.0.0.1");
            assertCounts(client, 1, 1);
        }
    }

    @Test
    void directToNginxSpeaksHttp11WhenOnlyHttp11IsOffered() throws Exception {
        TlsSettings http11 = TlsSettings.caFile(lab.caFile()).withAlpn(TlsSettings.HTTP11_ONLY);
        try (ProxyClient client = client(null, http11)) {
            ProxyResponse first = get(client, nginx.httpsTrace("127.0.0.1"));
            ProxyResponse second = get(client, nginx.httpsTrace("127.0.0.1"));

            assertTwoOnOneConnection(first, second, "http/1.1", "HTTP/1.1", "127.0.0.1");
            assertCounts(client, 1, 1);
        }
    }

    // ---- squid ----

    @Test
    void squidConnectTunnelToNginxIsReused() throws Exception {
        ProxyResponse first;
        ProxyResponse second;
        try (ProxyClient client = client(squid.url(), TlsSettings.caFile(lab.caFile()))) {
            first = get(client, nginx.httpsTrace("127.0.0.1"));
            second = get(client, nginx.httpsTrace("127.0.0.1"));

            assertTwoOnOneConnection(first, second, "h2", "HTTP/2.0", "127.0.0.1");
            assertCounts(client, 1, 1);
        }
        // Squid logs a tunnel when it closes, i.e. once the client has closed its connection.
        assertThat(squid.awaitAccessLog("TCP_TUNNEL/200", "CONNECT 127.0.0.1:" + nginx.httpsPort())).isNotBlank();
    }

    @Test
    void squidForwardsPlainHttpWithoutConnect() throws Exception {
        String url = nginx.httpTrace();
        long getsBefore = squidLines("GET " + url);
        long connectsBefore = squidLines("CONNECT 127.0.0.1:" + nginx.httpPort());
        try (ProxyClient client = client(squid.url(), TlsSettings.caFile(lab.caFile()))) {
            ProxyResponse response = get(client, url);

            assertThat(response.status()).isEqualTo(200);
            assertThat(response.protocol()).isEqualTo("http/1.1");
            Map<String, String> trace = Nginx.trace(response.bodyText());
            assertThat(trace.get("ip")).as("squid's own source address").isEqualTo("127.0.0.1");
            assertThat(trace.get("proto")).isEqualTo("HTTP/1.1");
            assertThat(squid.awaitAccessLog("TCP_MISS/200", "GET " + url)).isNotBlank();
        }
        assertThat(squidLines("GET " + url) - getsBefore).as("forwarded GETs in squid's log").isEqualTo(1);
        assertThat(squidLines("CONNECT 127.0.0.1:" + nginx.httpPort()) - connectsBefore)
                .as("CONNECTs in squid's log for a forwarded request").isZero();
    }

    @Test
    void squidTunnelsPlainHttpWithForceConnect() throws Exception {
        String url = nginx.httpTrace();
        long getsBefore = squidLines("GET " + url);
        try (ProxyClient client = ProxyClient.builder().proxy(squid.url()).tls(TlsSettings.caFile(lab.caFile()))
                .forceConnect(true).build()) {
            ProxyResponse response = get(client, url);

            assertThat(response.status()).isEqualTo(200);
            assertThat(response.protocol()).isEqualTo("http/1.1");
            Map<String, String> trace = Nginx.trace(response.bodyText());
            assertThat(trace.get("ip")).isEqualTo("127.0.0.1");
            assertThat(trace.get("req")).isEqualTo("1");
        }
        assertThat(squid.awaitAccessLog("TCP_TUNNEL/200", "CONNECT 127.0.0.1:" + nginx.httpPort())).isNotBlank();
        assertThat(squidLines("GET " + url) - getsBefore).as("absolute-URI GETs in squid's log").isZero();
    }

    @Test
    void squidBasicAuthWithTheRightCredentials() throws Exception {
        String proxy = "http://" + SQUID_USER + ":" + SQUID_PASS + "@127.0.0.1:" + authSquid.port();
        try (ProxyClient client = client(proxy, TlsSettings.caFile(lab.caFile()))) {
            ProxyResponse first = get(client, nginx.httpsTrace("127.0.0.1"));
            ProxyResponse second = get(client, nginx.httpsTrace("127.0.0.1"));

            assertTwoOnOneConnection(first, second, "h2", "HTTP/2.0", "127.0.0.1");
            assertCounts(client, 1, 1);
        }
        assertThat(authSquid.awaitAccessLog("TCP_TUNNEL/200", SQUID_USER, "CONNECT 127.0.0.1:" + nginx.httpsPort()))
                .isNotBlank();
    }

    @Test
    void squidBasicAuthWithAWrongPasswordFailsInConnect() throws Exception {
        String proxy = "http://" + SQUID_USER + ":" + WRONG_PASS + "@127.0.0.1:" + authSquid.port();
        try (ProxyClient client = client(proxy, TlsSettings.caFile(lab.caFile()))) {
            CallException failure = failure(client, nginx.httpsTrace("127.0.0.1"));

            assertThat(failure.phase()).as("phase of %s", failure).isEqualTo(Phase.CONNECT);
            assertThat(failure.label()).isEqualTo("connect_407");
            assertThat(failure.reason()).as("squid's X-Squid-Error").isEqualTo("ERR_CACHE_ACCESS_DENIED 0");
            assertThat(failure.reused()).isFalse();
            assertNoSecret(failure, WRONG_PASS);
        }
        assertThat(authSquid.awaitAccessLog("TCP_DENIED/407", "CONNECT 127.0.0.1:" + nginx.httpsPort())).isNotBlank();
    }

    // ---- dante ----

    @Test
    void danteSocks5WithoutAuthIsReused() throws Exception {
        try (ProxyClient client = client(dante.url(), TlsSettings.caFile(lab.caFile()))) {
            ProxyResponse first = get(client, nginx.httpsTrace("localhost"));
            ProxyResponse second = get(client, nginx.httpsTrace("localhost"));

            assertTwoOnOneConnection(first, second, "h2", "HTTP/2.0", "127.0.0.1");
            assertCounts(client, 1, 1);
        }
        assertThat(dante.awaitLog("tcp/connect", "." + nginx.httpsPort())).isNotBlank();
    }

    /**
     * Dante checks usernames against the system's users: these tests create one with a random password (as root)
     * and delete it afterwards.
     */
    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class DanteWithUsername {

        private final String user = "pbsocks" + randomHex(4);
        private final String password = "pw-" + randomHex(8);
        private boolean created;
        private Dante userDante;

        @BeforeAll
        void createUserAndStartDante() throws IOException {
            Peer.require("danted", "dante-server");
            if (!"root".equals(System.getProperty("user.name"))) {
                String message = "dante username auth checks system users: creating one needs root (useradd, chpasswd)";
                if ("true".equals(System.getenv("CI"))) {
                    throw new AssertionError(message);
                }
                Assumptions.abort(message);
            }
            Path useradd = Peer.require("useradd", "passwd");
            Path chpasswd = Peer.require("chpasswd", "passwd");
            Peer.run(List.of(useradd.toString(), "--system", "--no-create-home", "--shell", "/usr/sbin/nologin",
                    user), Duration.ofSeconds(20)).assertSuccess();
            created = true;
            setPassword(chpasswd, user, password);
            userDante = Dante.startWithUsername(user);
        }

        @AfterAll
        void stopDanteAndDeleteUser() {
            try {
                closeAll(userDante);
            } finally {
                if (created) {
                    Path userdel = Peer.require("userdel", "passwd");
                    Peer.run(List.of(userdel.toString(), user), Duration.ofSeconds(20)).assertSuccess();
                }
            }
        }

        @Test
        void rightCredentialsConnectAndAreReused() throws Exception {
            String proxy = "socks5h://" + user + ":" + password + "@127.0.0.1:" + userDante.port();
            try (ProxyClient client = client(proxy, TlsSettings.caFile(lab.caFile()))) {
                ProxyResponse first = get(client, nginx.httpsTrace("localhost"));
                ProxyResponse second = get(client, nginx.httpsTrace("localhost"));

                assertTwoOnOneConnection(first, second, "h2", "HTTP/2.0", "127.0.0.1");
                assertCounts(client, 1, 1);
            }
            assertThat(userDante.awaitLog("tcp/connect", user, "." + nginx.httpsPort())).isNotBlank();
        }

        @Test
        void aWrongPasswordFailsInSocks() throws Exception {
            String proxy = "socks5h://" + user + ":" + WRONG_PASS + "@127.0.0.1:" + userDante.port();
            try (ProxyClient client = client(proxy, TlsSettings.caFile(lab.caFile()))) {
                CallException failure = failure(client, nginx.httpsTrace("localhost"));

                assertThat(failure.phase()).as("phase of %s", failure).isEqualTo(Phase.SOCKS);
                assertNoSecret(failure, WRONG_PASS);
            }
        }
    }

    // ---- the lab gateway in front of nginx ----

    @Test
    void labConnectReachesNginxFromALabExit() throws Exception {
        try (ProxyClient client = client("http://127.0.0.1:" + lab.gatewayPort(), TlsSettings.caFile(lab.caFile()))) {
            ProxyResponse response = get(client, nginx.httpsTrace("127.0.0.1"));

            assertThat(response.status()).isEqualTo(200);
            assertThat(response.protocol()).isEqualTo("h2");
            Map<String, String> trace = Nginx.trace(response.bodyText());
            String ip = trace.get("ip");
            assertThat(ip).as("nginx's $remote_addr through the lab").isNotNull().startsWith("127.")
                    .isNotEqualTo("127.0.0.1");
            assertThat(lab.exits().at(address(ip))).as("%s is one of the lab's exits", ip).isPresent();
            assertThat(nginx.awaitAccessLog(ip + " " + trace.get("conn") + " 1 HTTP/2.0 ")).startsWith(ip + " ");
        }
    }

    // ---- helpers ----

    private static ProxyClient client(String proxy, TlsSettings tls) {
        ProxyClient.Builder builder = ProxyClient.builder().tls(tls);
        if (proxy != null) {
            builder.proxy(proxy);
        }
        return builder.build();
    }

    private static ProxyResponse get(ProxyClient client, String url) throws InterruptedException, TimeoutException {
        try {
            return client.send(ProxyRequest.get(url)).get(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new AssertionError("GET " + url + " failed: " + e.getCause() + nginx.logTails(), e.getCause());
        }
    }

    /** The failure of a GET that must fail, as the client's {@link CallException}. */
    private static CallException failure(ProxyClient client, String url) throws InterruptedException, TimeoutException {
        try {
            ProxyResponse response = client.send(ProxyRequest.get(url)).get(CALL_TIMEOUT.toMillis(),
                    TimeUnit.MILLISECONDS);
            return fail("GET " + url + " should have failed, got " + response.status() + ": " + response.bodyText());
        } catch (ExecutionException e) {
            assertThat(e.getCause()).as("the future's failure").isInstanceOf(CallException.class);
            return (CallException) e.getCause();
        }
    }

    /** Neither the exception's message nor any cause's message or text contains {@code secret}. */
    private static void assertNoSecret(CallException failure, String secret) {
        assertThat(failure.getMessage()).as("CallException message").isNotNull().doesNotContain(secret);
        for (Throwable t = failure; t != null; t = t.getCause()) {
            assertThat(String.valueOf(t)).as("%s in the cause chain", t.getClass().getName()).doesNotContain(secret);
        }
    }

    /**
     * Two 200 responses over one connection: the client says so (same id, second reused) and so does nginx (same
     * {@code $connection}, {@code $connection_requests} 1 then 2, in the body and the access log).
     */
    private static void assertTwoOnOneConnection(ProxyResponse first, ProxyResponse second, String protocol,
            String nginxProtocol, String sourceIp) {
        Consumer<ProxyResponse> ok = r -> {
            assertThat(r.status()).as("status, body %s", r.bodyText()).isEqualTo(200);
            assertThat(r.protocol()).isEqualTo(protocol);
        };
        ok.accept(first);
        ok.accept(second);
        assertThat(first.reused()).as("first reused").isFalse();
        assertThat(second.reused()).as("second reused").isTrue();
        assertThat(second.connection().id()).isEqualTo(first.connection().id());
        Map<String, String> one = Nginx.trace(first.bodyText());
        Map<String, String> two = Nginx.trace(second.bodyText());
        assertThat(one).as("first trace").containsEntry("ip", sourceIp).containsEntry("req", "1")
                .containsEntry("proto", nginxProtocol);
        assertThat(two).as("second trace").containsEntry("ip", sourceIp).containsEntry("req", "2")
                .containsEntry("proto", nginxProtocol).containsEntry("conn", one.get("conn"));
        String conn = one.get("conn");
        nginx.awaitAccessLog(sourceIp + " " + conn + " 1 " + nginxProtocol + " ");
        nginx.awaitAccessLog(sourceIp + " " + conn + " 2 " + nginxProtocol + " ");
        assertThat(nginx.accessLog().stream().filter(l -> l.startsWith(sourceIp + " " + conn + " ")))
                .as("nginx log lines of connection %s", conn).hasSize(2);
    }

    private static void assertCounts(ProxyClient client, long created, long reused) {
        Counts total = client.counters().total();
        assertThat(total.created()).as("connections created").isEqualTo(created);
        assertThat(total.reused()).as("connections reused").isEqualTo(reused);
    }

    private static long squidLines(String fragment) {
        return squid.accessLog().stream().filter(l -> l.contains(fragment)).count();
    }

    /** Sets {@code user}'s password with chpasswd, reading {@code user:password} from a private file. */
    private static void setPassword(Path chpasswd, String user, String password) throws IOException {
        Path input = Files.createTempFile(home, "chpasswd-", ".in");
        try {
            Files.setPosixFilePermissions(input, PosixFilePermissions.fromString("rw-------"));
            Files.writeString(input, user + ":" + password + "\n", StandardCharsets.UTF_8);
            Process process = new ProcessBuilder(chpasswd.toString())
                    .redirectInput(input.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("chpasswd still running after 20 s, killed it");
            }
            assertThat(process.exitValue()).as("chpasswd exit code").isZero();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while setting a password", e);
        } finally {
            Files.deleteIfExists(input);
        }
    }

    private static InetAddress address(String ip) {
        try {
            return InetAddress.getByName(ip);
        } catch (UnknownHostException e) {
            throw new AssertionError("not an address: " + ip, e);
        }
    }

    private static String randomHex(int bytes) {
        byte[] random = new byte[bytes];
        new SecureRandom().nextBytes(random);
        return HexFormat.of().formatHex(random);
    }

    /** Closes each in turn even if one fails; nulls (never started) are skipped. */
    private static void closeAll(AutoCloseable... resources) {
        RuntimeException first = null;
        for (AutoCloseable resource : resources) {
            if (resource == null) {
                continue;
            }
            try {
                resource.close();
            } catch (Exception e) {
                if (first == null) {
                    first = new IllegalStateException("cannot stop " + resource, e);
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
