package io.proxybench.lab.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.lab.Lab;
import io.proxybench.lab.LabClient;
import io.proxybench.lab.LabClient.Response;
import io.proxybench.lab.LabConfig;
import java.net.Socket;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** With an account configured, the gateway admits only it, over Basic and SOCKS5, and says nothing more. */
class AuthIntegrationTest {

    @TempDir
    static Path home;

    static Lab lab;
    static LabClient client;
    static String tls;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(LabConfig.builder().home(home).auth("alice", "s3cret").build());
        client = new LabClient(lab);
        tls = "127.0.0.1:" + lab.targetHttpsPort();
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    @Test
    void connectWithoutCredentialsGets407WithAChallenge() throws Exception {
        try (LabClient.Tunnel t = client.connect(null, tls)) {
            assertThat(t.reply().status()).isEqualTo(407);
            assertThat(t.reply().headers()).containsEntry("proxy-authenticate", "Basic realm=\"proxybench lab\"");
        }
    }

    @Test
    void wrongUserAndWrongPasswordLookTheSame() throws Exception {
        Response wrongUser;
        Response wrongPassword;
        try (Socket s = client.gatewaySocket()) {
            wrongUser = LabClient.forward(s, "http://127.0.0.1:" + lab.targetHttpPort() + "/", "mallory:s3cret");
        }
        try (Socket s = client.gatewaySocket()) {
            wrongPassword = LabClient.forward(s, "http://127.0.0.1:" + lab.targetHttpPort() + "/", "alice:guess");
        }
        assertThat(wrongUser.status()).isEqualTo(407);
        assertThat(wrongPassword.status()).isEqualTo(407);
        assertThat(wrongUser.body()).isEqualTo(wrongPassword.body());
        assertThat(wrongPassword.body()).doesNotContain("guess").doesNotContain("alice");
    }

    @Test
    void theAccountWithASessionIsAdmitted() throws Exception {
        try (LabClient.Tunnel t = client.connect("alice:s3cret_session-auth1", tls)) {
            assertThat(t.reply().status()).isEqualTo(200);
            assertThat(t.get("/cdn-cgi/trace").status()).isEqualTo(200);
        }
    }

    @Test
    void socks5RequiresThePassword() throws Exception {
        try (LabClient.Tunnel t = client.socks5(null, null, "127.0.0.1", lab.targetHttpsPort())) {
            assertThat(t.reply().status()).isEqualTo(-1);
        }
        try (LabClient.Tunnel t = client.socks5("alice", "nope", "127.0.0.1", lab.targetHttpsPort())) {
            assertThat(t.reply().status()).isEqualTo(-2);
        }
        try (LabClient.Tunnel t = client.socks5("alice", "s3cret", "127.0.0.1", lab.targetHttpsPort())) {
            assertThat(t.reply().status()).isZero();
            assertThat(t.get("/cdn-cgi/trace").status()).isEqualTo(200);
        }
        assertThat(lab.gatewayCounters().authFailures()).isGreaterThanOrEqualTo(2);
    }
}
