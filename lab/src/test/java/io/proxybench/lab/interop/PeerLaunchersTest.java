package io.proxybench.lab.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.proxybench.lab.interop.peers.CommandResult;
import io.proxybench.lab.interop.peers.Dante;
import io.proxybench.lab.interop.peers.Nghttpx;
import io.proxybench.lab.interop.peers.Peer;
import io.proxybench.lab.interop.peers.Squid;
import io.proxybench.lab.pki.LabCa;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real-peer launchers work: curl reaches a JDK HttpServer through squid, dante and nghttpx on loopback. */
@Tag("interop")
class PeerLaunchersTest {

    private HttpServer target;
    private String targetUrl;

    @BeforeEach
    void startTarget() throws IOException {
        target = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        target.createContext("/", exchange -> {
            byte[] body = ("target saw " + exchange.getRequestURI().getPath()).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        target.start();
        targetUrl = "http://127.0.0.1:" + target.getAddress().getPort();
    }

    @AfterEach
    void stopTarget() {
        target.stop(0);
    }

    @Test
    void squidForwardsPlainHttp() {
        try (Squid squid = Squid.start()) {
            CommandResult result = curl("-x", squid.url(), targetUrl + "/forward");

            assertThat(result.stdout()).isEqualTo("target saw /forward");
            assertThat(squid.awaitAccessLog("TCP_MISS/200", "GET " + targetUrl + "/forward")).isNotBlank();
        }
    }

    @Test
    void squidTunnelsConnectToAnEphemeralPort() {
        try (Squid squid = Squid.start()) {
            CommandResult result = curl("-p", "-x", squid.url(), targetUrl + "/tunnel");

            assertThat(result.stdout()).isEqualTo("target saw /tunnel");
            assertThat(squid.awaitAccessLog("TCP_TUNNEL/200", "CONNECT " + targetUrl.substring("http://".length())))
                    .isNotBlank();
        }
    }

    @Test
    void squidWithBasicAuthChallengesThenAdmits() {
        try (Squid squid = Squid.startWithBasicAuth("alice", "s3cret-pw")) {
            CommandResult anonymous = curl("-o", "/dev/null", "-w", "%{http_code}", "-x", squid.url(), targetUrl + "/");
            CommandResult wrong = curl("-o", "/dev/null", "-w", "%{http_code}", "-x", squid.url(),
                    "-U", "alice:wrong", targetUrl + "/");
            CommandResult admitted = curl("-x", squid.url(), "-U", "alice:s3cret-pw", targetUrl + "/authed");

            assertThat(anonymous.stdout()).isEqualTo("407");
            assertThat(wrong.stdout()).isEqualTo("407");
            assertThat(admitted.stdout()).isEqualTo("target saw /authed");
            assertThat(squid.awaitAccessLog("TCP_MISS/200", targetUrl + "/authed", " alice ")).isNotBlank();
        }
    }

    @Test
    void twoSquidsRunSideBySide() {
        try (Squid first = Squid.start(); Squid second = Squid.start()) {
            assertThat(first.port()).isNotEqualTo(second.port());
            assertThat(curl("-x", first.url(), targetUrl + "/one").stdout()).isEqualTo("target saw /one");
            assertThat(curl("-x", second.url(), targetUrl + "/two").stdout()).isEqualTo("target saw /two");
            second.awaitAccessLog(targetUrl + "/two");
            assertThat(second.accessLog()).noneMatch(line -> line.contains(targetUrl + "/one"));
        }
    }

    @Test
    void danteRelaysSocks5WithRemoteResolution() {
        try (Dante dante = Dante.start()) {
            int targetPort = target.getAddress().getPort();
            CommandResult result = curl("--socks5-hostname", "127.0.0.1:" + dante.port(),
                    "http://localhost:" + targetPort + "/socks");
            CommandResult viaUrl = curl("-x", dante.url(), targetUrl + "/socks-url");

            assertThat(result.stdout()).isEqualTo("target saw /socks");
            assertThat(viaUrl.stdout()).isEqualTo("target saw /socks-url");
            assertThat(dante.awaitLog("tcp/connect", "127.0.0.1." + targetPort)).isNotBlank();
        }
    }

    /** curl speaks HTTP/1.1 to nghttpx over TLS; nghttpx passes the CONNECT on to squid. */
    @Test
    void nghttpxTakesConnectOverTlsAndPassesItToSquid(@TempDir Path home) {
        LabCa ca = LabCa.loadOrCreate(home.resolve("lab-ca"));
        try (Squid squid = Squid.start(); Nghttpx nghttpx = Nghttpx.start(ca, squid.port())) {
            String target = targetUrl.substring("http://".length());
            CommandResult result = curl("-p", "-x", nghttpx.url(), "--proxy-cacert", ca.certFile().toString(),
                    targetUrl + "/nghttpx");

            assertThat(result.stdout()).isEqualTo("target saw /nghttpx");
            assertThat(nghttpx.awaitAccessLog(1, "\"CONNECT " + target + " HTTP/1.1\" 200 http/1.1")).hasSize(1);
            assertThat(squid.awaitAccessLog("TCP_TUNNEL/200", "CONNECT " + target)).isNotBlank();
        }
    }

    @Test
    void closeStopsThePeer(@TempDir Path home) {
        int squidPort;
        int dantePort;
        int nghttpxPort;
        try (Squid squid = Squid.start(); Dante dante = Dante.start();
                Nghttpx nghttpx = Nghttpx.start(LabCa.loadOrCreate(home.resolve("lab-ca")), squid.port())) {
            squidPort = squid.port();
            dantePort = dante.port();
            nghttpxPort = nghttpx.port();
        }
        for (int port : List.of(squidPort, dantePort, nghttpxPort)) {
            assertThatThrownBy(() -> new Socket(InetAddress.getLoopbackAddress(), port).close())
                    .as("nothing listens on %d after close", port)
                    .isInstanceOf(IOException.class);
        }
    }

    private static CommandResult curl(String... args) {
        List<String> command = new ArrayList<>(List.of(Peer.require("curl", "curl").toString(),
                "-q", "-sS", "--max-time", "10"));
        command.addAll(List.of(args));
        return Peer.run(command, Duration.ofSeconds(20)).assertSuccess();
    }
}
