package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Seed 002's HTTP/2 to the proxy through {@code proxybench h2-gateway}, run on the lab it starts and read from its
 * JSON, and its option errors. Over HTTP/1.1 every tunnel in flight holds a connection to the gateway, over HTTP/2
 * they share one; lowering the gateway's streams per connection makes the HTTP/2 lane open more. A modest rate (60
 * req/s for 2 s per lane) with a 50 ms client-gateway round trip, so that HTTP/1.1 tunnels overlap without the
 * two-core machine's CPU deciding the figures, and the gateway's default rapid-reset guard (the client ends its
 * tunnels without resets, so the HTTP/2 lane keeps its connection). No timing assertions: counts and ratios with wide
 * margins. Every test runs the command, whose lab (round trip, streams per gateway connection) is set by its options.
 */
class H2GatewayCommandTest {

    @TempDir
    static Path home;

    /** The lanes with the gateway's default 100 streams per connection, run once for the tests that read them. */
    static JsonNode result;

    @BeforeAll
    static void run() throws Exception {
        // The labs the command starts keep their CA here, not in the user's ~/.proxybench.
        System.setProperty("proxybench.home", home.toString());
        result = h2Gateway();
    }

    @AfterAll
    static void clear() {
        System.clearProperty("proxybench.home");
    }

    private static JsonNode h2Gateway(String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("h2-gateway", "--rate", "60", "--duration", "2s", "--rtt", "50ms",
                "--json"));
        args.addAll(List.of(extra));
        MainTest.Run r = MainTest.run(args.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.err()).isZero();
        return new ObjectMapper().readTree(r.out());
    }

    @Test
    void overHttp2AFewGatewayConnectionsCarryTheTunnelsThatOverHttp11EachNeedOne() {
        JsonNode http1 = result.path("lanes").get(0);
        JsonNode http2 = result.path("lanes").get(1);
        assertThat(http1.path("lane").asText()).isEqualTo("HTTP/1.1 proxy");
        assertThat(http2.path("lane").asText()).isEqualTo("HTTP/2 proxy");
        for (JsonNode lane : List.of(http1, http2)) {
            assertThat(lane.path("scheduled").asLong()).isEqualTo(120);
            assertThat(lane.path("ok").asLong()).as(lane.path("errors").toString()).isGreaterThanOrEqualTo(114);
            assertThat(lane.path("tunnels").asLong()).as("a new tunnel per request").isEqualTo(120);
            assertThat(lane.path("unique_exits_per_ok").asDouble()).as("an exit per tunnel").isGreaterThan(0.99);
            assertThat(lane.path("gateway_connections_peak_from").asText()).startsWith("lab:");
        }
        assertThat(http1.path("gateway_connections_opened").asLong()).as("a gateway connection per tunnel")
                .isEqualTo(120);
        assertThat(http2.path("gateway_connections_opened").asLong()).isBetween(1L, 3L);
        long peak1 = http1.path("gateway_connections_peak").asLong();
        long peak2 = http2.path("gateway_connections_peak").asLong();
        assertThat(peak2).isGreaterThanOrEqualTo(1);
        assertThat(peak2 * 5).as("HTTP/2 peak %d vs HTTP/1.1 peak %d", peak2, peak1).isLessThanOrEqualTo(peak1);

        JsonNode phases2 = http2.path("phases_ms");
        assertThat(phases2.path("proxy_tls").path("count").asLong())
                .as("proxy TLS only on the requests that opened a gateway connection")
                .isEqualTo(http2.path("gateway_connections_opened").asLong());
        assertThat(phases2.path("connect").path("count").asLong()).as("every stream's CONNECT")
                .isEqualTo(http2.path("ok").asLong());
        assertThat(http1.path("phases_ms").path("proxy_tls").path("count").asLong())
                .isEqualTo(http1.path("ok").asLong());
        assertThat(http2.path("proxy_connections").path("fallback_tunnels").asLong()).isZero();
        assertThat(http2.path("proxy_connections").path("stream_tunnels").asLong()).isEqualTo(120);
        assertThat(http1.path("proxy_connections").isNull()).isTrue();
    }

    @Test
    void theJsonNamesTheRunAndEachFiguresSource() {
        assertThat(result.path("rate_per_second").asDouble()).isEqualTo(60);
        assertThat(result.path("seconds").asDouble()).isEqualTo(2);
        assertThat(result.path("max_in_flight").asInt()).isEqualTo(1024);
        assertThat(result.path("max_streams_per_connection").asInt()).isEqualTo(100);
        assertThat(result.path("gateway").asText()).contains("50ms client-gateway round trip",
                "a connection closed past 200 RST_STREAM in 30 s");
        assertThat(result.path("lanes")).hasSize(2);
        assertThat(result.path("lanes").get(0).fieldNames()).toIterable().contains("lane", "proxy_protocol",
                "scheduled", "ok", "failed", "errors", "steady_ok_per_second", "start_lag_p99_ms", "backlog_peak",
                "gateway_connections_peak", "gateway_connections_peak_from", "gateway_connections_opened",
                "gateway_connections_opened_from", "tunnels", "tunnels_from", "tunnels_per_gateway_connection",
                "unique_exits", "unique_exits_per_ok", "phases_ms", "proxy_connections");
        assertThat(result.path("lanes").get(1).path("proxy_protocol").asText()).isEqualTo("h2");
    }

    @Test
    void fewerStreamsPerConnectionAtTheGatewayMeanMoreConnectionsInTheHttp2Lane() throws Exception {
        JsonNode capped = h2Gateway("--gateway-max-streams", "1").path("lanes").get(1);
        long uncapped = result.path("lanes").get(1).path("gateway_connections_opened").asLong();

        assertThat(capped.path("ok").asLong()).as(capped.path("errors").toString()).isGreaterThanOrEqualTo(114);
        assertThat(capped.path("gateway_connections_opened").asLong())
                .as("one tunnel at a time per connection: as many connections as tunnels overlapped")
                .isGreaterThan(uncapped);
        assertThat(capped.path("tunnels_per_gateway_connection").asDouble())
                .isLessThan(result.path("lanes").get(1).path("tunnels_per_gateway_connection").asDouble());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--rate 0                        | --rate 0.0 is out of range: above 0, at most 20000 requests per second",
        "--duration 500ms                | --duration 500ms is out of range: at least 1s, at most 10m",
        "--max-in-flight 0               | --max-in-flight 0 is out of range: use 1 to 1024",
        "--max-streams 0                 | --max-streams 0 must be at least 1",
        "--gateway-max-streams 0         | --gateway-max-streams 0 must be at least 1",
        "--gateway-max-resets -1         | --gateway-max-resets -1 must not be negative; 0 turns the guard off",
        "--proxy http://u:p@127.0.0.1:9 --url https://127.0.0.1:9/"
                + " | h2-gateway needs the proxy's https:// endpoint (HTTP/2 to a proxy is negotiated by TLS ALPN)",
        "--proxy https://u:p@127.0.0.1:9 --url https://127.0.0.1:9/ --rtt 5ms"
                + " | --rtt applies to the embedded lab only; leave it out with --proxy",
    })
    void aBadOptionIsNamedWithTheFix(String args, String error) {
        List<String> command = new ArrayList<>(List.of("h2-gateway"));
        command.addAll(List.of(args.trim().split(" +")));
        MainTest.Run run = MainTest.run(command.toArray(String[]::new));

        assertThat(run.exitCode()).as(run.err()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(run.err()).contains(error.trim());
        assertThat(run.err().lines().count()).as("one line").isEqualTo(1);
    }
}
