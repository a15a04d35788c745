package io.proxybench.harness.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.RedirectPolicy;
import io.proxybench.client.Timeouts;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.cookie.CookieJars;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One fetch from Java, with no command: a plan runs to an outcome, which the views print as the command does. */
class FetchTest {

    /** A trace as the lab's {@code /cdn-cgi/trace} gives one: the exit's address and country. */
    private static final byte[] TRACE = "fl=1\nip=203.0.113.7\nloc=DE\n".getBytes(StandardCharsets.US_ASCII);

    @TempDir
    Path dir;

    @Test
    void aPlanRunsToAnOutcomeTheViewsPrint() throws Exception {
        HttpServer origin = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        origin.createContext("/cdn-cgi/trace", exchange -> {
            exchange.sendResponseHeaders(200, TRACE.length);
            try (OutputStream body = exchange.getResponseBody()) {
                body.write(TRACE);
            }
        });
        origin.start();
        try {
            Path file = dir.resolve("trace.txt");
            URI url = URI.create("http://127.0.0.1:" + origin.getAddress().getPort() + "/cdn-cgi/trace");
            FetchOutcome outcome = new Fetch(plan(url, file), OutputStream.nullOutputStream()).run();

            assertThat(outcome.exitCode()).as(outcome.message()).isZero();
            assertThat(outcome.message()).isNull();
            assertThat(Files.readAllBytes(file)).isEqualTo(TRACE);
            assertThat(printed(WriteOut.parse("%{http_code} %{ip} %{loc} %{size_written} %{filename_effective}"),
                    outcome)).isEqualTo("200 203.0.113.7 DE " + TRACE.length + " " + file);
            JsonNode json = new ObjectMapper().readTree(printed(WriteOut.json(), outcome));
            assertThat(json.get("status").asInt()).isEqualTo(200);
            assertThat(json.get("ip").asText()).isEqualTo("203.0.113.7");
            assertThat(json.has("errormsg")).as("no failure, no key").isFalse();
        } finally {
            origin.stop(0);
        }
    }

    @Test
    void aFailureIsInTheOutcomeWithCurlsExitCodeAndOneLine() throws Exception {
        Path file = dir.resolve("never.txt");
        FetchOutcome outcome = new Fetch(plan(URI.create("http://127.0.0.1:1/"), file),
                OutputStream.nullOutputStream()).run();

        assertThat(outcome.exitCode()).isEqualTo(FetchFailure.COULDNT_CONNECT);
        assertThat(outcome.message()).startsWith("nothing accepted a connection at 127.0.0.1:1 (");
        assertThat(file).as("no file, nor a part of one").doesNotExist();
        assertThat(dir).isEmptyDirectory();
        assertThat(printed(WriteOut.parse("%{exitcode} %{http_code}%{onerror} failed"), outcome))
                .isEqualTo("7 000 failed");
    }

    /** A direct GET of {@code url} into {@code file}, with the client's defaults otherwise. */
    private static FetchPlan plan(URI url, Path file) {
        return new FetchPlan(ProxyRequest.builder(url).build(), null, "PROXY_USER and PROXY_PASS", null,
                TlsSettings.system(), null, null, Timeouts.defaults(), RedirectPolicy.none(),
                RedirectPolicy.DEFAULT_MAX_HOPS, false, CookieJars.perSession(), null, file, 0, false);
    }

    private static String printed(WriteOut format, FetchOutcome outcome) {
        StringWriter out = new StringWriter();
        format.write(outcome, new PrintWriter(out), new PrintWriter(Writer.nullWriter()));
        return out.toString();
    }
}
