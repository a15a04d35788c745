package io.proxybench.lab.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.proxybench.client.cookie.CookieJar;
import io.proxybench.client.cookie.CookieJars;
import io.proxybench.lab.interop.peers.CommandResult;
import io.proxybench.lab.interop.peers.Peer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client's cookie files and curl's are one format: curl sends what a saved jar holds, and a jar loaded from what
 * curl stored sends what curl sends. A JDK HttpServer on 127.0.0.1 sets the cookies and echoes the {@code Cookie}
 * header it got; {@code www.example.com} is resolved to it by curl's {@code --resolve}, so domain cookies are real.
 */
@Tag("interop")
class CurlCookieInteropTest {

    /** What the server sets: host-only, domain, path, HttpOnly, Max-Age, deleted, Secure, public-suffix and prefixed. */
    private static final List<String> SET_COOKIES = List.of("host=1; Path=/", "dom=2; Domain=example.com; Path=/",
            "app=3; Path=/app", "ho=4; Path=/; HttpOnly", "ma=5; Path=/; Max-Age=3600", "gone=6; Path=/; Max-Age=0",
            "sec=7; Path=/; Secure", "ps=8; Domain=com; Path=/", "__Host-h=9; Secure; Path=/");

    @TempDir
    Path dir;

    private HttpServer server;
    private int port;

    @BeforeEach
    void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            if (exchange.getRequestURI().getPath().equals("/set")) {
                exchange.getResponseHeaders().put("Set-Cookie", SET_COOKIES);
            }
            String cookie = exchange.getRequestHeaders().getFirst("Cookie");
            byte[] body = (cookie == null ? "" : cookie).getBytes(StandardCharsets.ISO_8859_1);
            exchange.sendResponseHeaders(200, body.length == 0 ? -1 : body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        port = server.getAddress().getPort();
    }

    @AfterEach
    void stopServer() {
        server.stop(0);
    }

    @Test
    void curlSendsWhatASavedJarHolds() throws IOException {
        CookieJars jars = CookieJars.perSession();
        CookieJar jar = jars.forSession("A");
        jar.store(URI.create("http://www.example.com/set"), SET_COOKIES);
        jar.store(URI.create("http://127.0.0.1/set"), SET_COOKIES);
        Path file = dir.resolve("jar.txt");
        jars.save("A", file);

        Set<String> curlSentToSite = pairs(curl("-b", file.toString(), site("/app/page")).stdout());
        Set<String> curlSentToLoopback = pairs(curl("-b", file.toString(), loopback("/app/page")).stdout());

        assertThat(curlSentToSite).isEqualTo(pairs(jar.cookieHeader(URI.create("http://www.example.com/app/page"))
                .orElseThrow())).containsExactlyInAnyOrder("app=3", "host=1", "ho=4", "ma=5", "dom=2");
        assertThat(curlSentToLoopback).isEqualTo(pairs(jar.cookieHeader(URI.create("http://127.0.0.1/app/page"))
                .orElseThrow())).contains("sec=7", "__Host-h=9").doesNotContain("dom=2", "gone=6", "ps=8");
    }

    @Test
    void aJarLoadedFromWhatCurlStoredSendsWhatCurlSends() throws IOException {
        Path file = dir.resolve("curl.txt");
        curl("-c", file.toString(), site("/set"), "-o", "/dev/null", loopback("/set"), "-o", "/dev/null");
        CookieJars jars = CookieJars.perSession();

        int loaded = jars.load("B", file);

        CookieJar jar = jars.forSession("B");
        assertThat(loaded).as(Files.readString(file)).isEqualTo(11);
        for (String path : List.of("/", "/app/page")) {
            Set<String> curlSentToSite = pairs(curl("-b", file.toString(), site(path)).stdout());
            Set<String> curlSentToLoopback = pairs(curl("-b", file.toString(), loopback(path)).stdout());
            assertThat(pairs(jar.cookieHeader(URI.create("http://www.example.com" + path)).orElseThrow()))
                    .as(path).isEqualTo(curlSentToSite).contains("dom=2", "ho=4").doesNotContain("sec=7");
            assertThat(pairs(jar.cookieHeader(URI.create("http://127.0.0.1" + path)).orElseThrow()))
                    .as(path).isEqualTo(curlSentToLoopback).contains("sec=7", "__Host-h=9");
        }
        assertThat(jars.forSession("other").cookieHeader(URI.create("http://www.example.com/"))).isEmpty();
    }

    private String site(String path) {
        return "http://www.example.com:" + port + path;
    }

    private String loopback(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    private CommandResult curl(String... args) {
        List<String> command = new ArrayList<>(List.of(Peer.require("curl", "curl").toString(), "-q", "-sS",
                "--max-time", "10", "--resolve", "www.example.com:" + port + ":127.0.0.1"));
        command.addAll(List.of(args));
        return Peer.run(command, Duration.ofSeconds(30)).assertSuccess();
    }

    /** A {@code Cookie} header's pairs, whatever their order (curl's and the jar's differ among equal paths). */
    private static Set<String> pairs(String header) {
        return new TreeSet<>(Arrays.asList(header.strip().split("; ")));
    }
}
