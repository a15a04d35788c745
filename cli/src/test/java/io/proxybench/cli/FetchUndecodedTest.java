package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A body in a coding fetch cannot decode is written as received, and fetch says so; a decoded one says nothing. */
class FetchUndecodedTest {

    private static final byte[] BODY = "bytes in a coding of the last century".getBytes(StandardCharsets.US_ASCII);

    private static HttpServer origin;
    private static String base;

    @BeforeAll
    static void start() throws Exception {
        origin = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        origin.createContext("/compress", exchange -> answer(exchange, "compress"));
        origin.createContext("/identity", exchange -> answer(exchange, "identity"));
        origin.start();
        base = "http://127.0.0.1:" + origin.getAddress().getPort();
    }

    private static void answer(HttpExchange exchange, String coding) throws IOException {
        exchange.getResponseHeaders().set("Content-Encoding", coding);
        exchange.sendResponseHeaders(200, BODY.length);
        exchange.getResponseBody().write(BODY);
        exchange.close();
    }

    @AfterAll
    static void stop() {
        origin.stop(0);
    }

    @Test
    void aCodingFetchCannotDecodeIsWrittenAsReceivedAndSaid() {
        FetchRun run = FetchRun.of(base + "/compress");

        assertThat(run.exitCode()).as(run.describe()).isZero();
        assertThat(run.body()).isEqualTo(BODY);
        assertThat(run.err()).contains("the body was written as received", "Content-Encoding \"compress\"",
                "gzip, deflate, br, zstd");
    }

    @Test
    void noNoteWhenTheUserAskedForTheBodyAsReceivedOrItHasNoCoding() {
        assertThat(FetchRun.of("--raw", base + "/compress").err()).isEmpty();
        assertThat(FetchRun.of("-H", "Accept-Encoding: compress", base + "/compress").err()).isEmpty();
        assertThat(FetchRun.of(base + "/identity").err()).isEmpty();
    }
}
