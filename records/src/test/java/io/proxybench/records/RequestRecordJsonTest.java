package io.proxybench.records;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RequestRecordJsonTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    static final RequestRecord FULL = RequestRecord.builder(0.005, 0.4).startLag(0.0001).queue(0.0002).dns(0.001)
            .tcp(0.01).proxyTls(0.02).socks(0.03).connect(0.04).tls(0.05).request(0.06).total(0.395).status(200)
            .ip("203.0.113.7").loc("US").firstError("tcp_ConnectException").outcome(Outcome.HARD_BLOCK)
            .reused(true).conn(42L).session("s1").attempt(2).bytesOut(900L).bytesIn(5000L).handshakeBytes(4100L)
            .bodyLen(1234L).challenge(true).http("HTTP/1.1").body("<html>hi</html>").closed("server_close")
            .scheme("https").gatewayConnectionId(2L).build();

    static final RequestRecord FAILED = RequestRecord.builder(1.0, 1.5).startLag(0.0003).tcp(0.01).total(0.5)
            .error("tls_TimeoutException").outcome(Outcome.PROXY_FAILURE).build();

    static final RequestRecord REDIRECT = RequestRecord.builder(2.0, 2.3).startLag(0.0001).request(0.01).status(302)
            .reused(true).conn(7L).session("s1").bytesOut(200L).bytesIn(350L).handshakeBytes(0L).hop(1)
            .location("https://example.com/next?a=1").build();

    @Test
    void aRedirectsRecordNamesItsPlaceAndWhereItLed() throws Exception {
        JsonNode json = MAPPER.readTree(Jsonl.MAPPER.writeValueAsString(REDIRECT));
        assertThat(json.get("hop").asInt()).isEqualTo(1);
        assertThat(json.get("location").asText()).isEqualTo("https://example.com/next?a=1");
        assertThat(json.has("outcome")).isFalse();
        assertThat(REDIRECT.redirect()).isTrue();
        assertThat(FULL.redirect()).isFalse();
    }

    @Test
    void fieldNamesAreTheDesignDocs() throws Exception {
        JsonNode json = MAPPER.readTree(Jsonl.MAPPER.writeValueAsString(FULL));
        assertThat(json.fieldNames()).toIterable().containsExactlyInAnyOrder(
                "sched", "done", "start_lag", "queue", "dns", "tcp", "proxy_tls", "socks", "connect", "tls",
                "request", "total", "status", "ip", "loc", "first_error", "outcome", "reused", "conn", "session",
                "attempt", "bytes_out", "bytes_in", "handshake_bytes", "body_len", "challenge", "http", "body",
                "closed", "scheme", "gateway_connection_id");
        assertThat(json.get("start_lag").asDouble()).isEqualTo(0.0001);
        assertThat(json.get("outcome").asText()).isEqualTo("hard_block");
        assertThat(json.get("reused").asBoolean()).isTrue();
    }

    @Test
    void absentPhasesAreOmittedNotZero() throws Exception {
        JsonNode json = MAPPER.readTree(Jsonl.MAPPER.writeValueAsString(FAILED));
        assertThat(json.fieldNames()).toIterable().containsExactlyInAnyOrder(
                "sched", "done", "start_lag", "tcp", "total", "error", "outcome");
        assertThat(json.get("error").asText()).isEqualTo("tls_TimeoutException");
        assertThat(json.get("outcome").asText()).isEqualTo("proxy_failure");
    }

    @Test
    void roundTripThroughWriterAndReader() throws Exception {
        Path file = dir.resolve("run.jsonl");
        try (JsonlWriter out = new JsonlWriter(file)) {
            out.write(FULL);
            out.write(FAILED);
            out.write(REDIRECT);
        }
        assertThat(Files.readAllLines(file)).hasSize(3);
        assertThat(JsonlReader.read(file)).containsExactly(FULL, FAILED, REDIRECT);
    }

    @Test
    void readsASeedHarnessLineIgnoringUnknownFields() throws Exception {
        Path file = dir.resolve("seed.jsonl");
        Files.writeString(file, """
                {"sched": 0.005, "start_lag": 0.0001, "status": 200, "tcp": 0.021, "connect": 0.03, \
                "tls": 0.2, "request": 0.15, "ip": "198.51.100.4", "loc": "DE", "total": 0.41, "done": 0.415, \
                "extra": {"nested": [1, 2]}}
                """);
        RequestRecord r = JsonlReader.read(file).get(0);
        assertThat(r).isEqualTo(RequestRecord.builder(0.005, 0.415).startLag(0.0001).tcp(0.021).connect(0.03)
                .tls(0.2).request(0.15).total(0.41).status(200).ip("198.51.100.4").loc("DE").build());
        assertThat(r.ok()).isTrue();
        assertThat(FAILED.ok()).isFalse();
    }
}
