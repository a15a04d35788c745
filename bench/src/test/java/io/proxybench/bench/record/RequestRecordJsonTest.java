package io.proxybench.bench.record;

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

    static final RequestRecord FULL = new RequestRecord(0.005, 0.4, 0.0001, 0.0002, 0.01, 0.02, 0.03, 0.04,
            0.05, 0.06, 0.395, 200, "203.0.113.7", "US", null, Outcome.HARD_BLOCK, true, 42L, "s1", 2,
            900L, 5000L, 4100L, "HTTP/1.1");

    static final RequestRecord FAILED = new RequestRecord(1.0, 1.5, 0.0003, null, 0.01, null, null, null, null,
            null, 0.5, null, null, null, "tls_TimeoutException", Outcome.PROXY_FAILURE, null, null, null, null,
            null, null, null, null);

    @Test
    void fieldNamesAreTheDesignDocs() throws Exception {
        JsonNode json = MAPPER.readTree(Jsonl.MAPPER.writeValueAsString(FULL));
        assertThat(json.fieldNames()).toIterable().containsExactlyInAnyOrder(
                "sched", "done", "start_lag", "queue", "tcp", "proxy_tls", "socks", "connect", "tls", "request",
                "total", "status", "ip", "loc", "outcome", "reused", "conn", "session", "attempt", "bytes_out",
                "bytes_in", "handshake_bytes", "http");
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
        }
        assertThat(Files.readAllLines(file)).hasSize(2);
        assertThat(JsonlReader.read(file)).containsExactly(FULL, FAILED);
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
        assertThat(r).isEqualTo(new RequestRecord(0.005, 0.415, 0.0001, null, 0.021, null, null, 0.03, 0.2,
                0.15, 0.41, 200, "198.51.100.4", "DE", null, null, null, null, null, null, null, null, null,
                null));
        assertThat(r.ok()).isTrue();
        assertThat(FAILED.ok()).isFalse();
    }
}
