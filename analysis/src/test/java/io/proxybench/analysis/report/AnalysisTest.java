package io.proxybench.analysis.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.analysis.Expect;
import io.proxybench.analysis.SteadyWindow;
import io.proxybench.analysis.Tally;
import io.proxybench.analysis.stats.RecordClassifier;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.records.JsonlReader;
import io.proxybench.records.RequestRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AnalysisTest {

    /**
     * 13 records, 7 successes. Successes per second of done: s0 1, s1 3, s2 2, s3 1; 90% of 7 is reached in
     * s3, so the window is s1-s2: median 2.5, min 2, max 3. tcp of the successes 10..70 ms, total 100..700 ms
     * (the 403's 900 ms tcp is not a success's). Exits of successes: 10.0.0.1, 10.0.0.2, 10.0.1.5,
     * 192.168.7.9 (3 /24s); US 4, DE 2, FR 1. Bytes on two successes: 1000 and 1200. Outcomes: data 7, hard
     * 1 (403), soft 1 (410 whose recorded outcome wins), target 1 (request error), proxy 3 (tls x2, proxy_tls).
     * Percentiles are HdrHistogram's: the value of rank ceil(n * p / 100), within 0.1%.
     */
    static final String FIXTURE = """
            {"sched": 0.4, "done": 0.5, "start_lag": 0, "status": 200, "ip": "10.0.0.1", "loc": "US", "tcp": 0.010, "total": 0.1, "bytes_out": 100, "bytes_in": 900}
            {"sched": 0.9, "done": 1.1, "start_lag": 0, "status": 200, "ip": "10.0.0.2", "loc": "US", "tcp": 0.020, "total": 0.2, "bytes_out": 100, "bytes_in": 1100}
            {"sched": 1.1, "done": 1.4, "start_lag": 0, "status": 200, "ip": "10.0.1.5", "loc": "DE", "tcp": 0.030, "total": 0.3}
            {"sched": 1.4, "done": 1.8, "start_lag": 0, "status": 200, "ip": "10.0.0.1", "loc": "US", "tcp": 0.040, "total": 0.4}
            {"sched": 1.7, "done": 2.2, "start_lag": 0, "status": 200, "ip": "10.0.1.5", "loc": "DE", "tcp": 0.050, "total": 0.5}
            {"sched": 2.0, "done": 2.6, "start_lag": 0, "status": 200, "ip": "192.168.7.9", "loc": "FR", "tcp": 0.060, "total": 0.6}
            {"sched": 2.8, "done": 3.5, "start_lag": 0, "status": 200, "ip": "10.0.0.2", "loc": "US", "tcp": 0.070, "total": 0.7}
            {"sched": 1.4, "done": 1.5, "start_lag": 0, "status": 403, "ip": "10.0.0.1", "loc": "US", "tcp": 0.900, "total": 0.1}
            {"sched": 1.0, "done": 2.0, "start_lag": 0, "error": "tls_TimeoutException", "total": 1.0}
            {"sched": 2.8, "done": 2.9, "start_lag": 0, "error": "proxy_tls_SSLException", "total": 0.1}
            {"sched": 2.9, "done": 2.95, "start_lag": 0, "error": "tls_SSLHandshakeException", "total": 0.05}
            {"sched": 60.5, "done": 61.0, "start_lag": 0, "error": "request_SocketException", "total": 0.5}
            {"sched": 61.5, "done": 62.0, "start_lag": 0, "status": 410, "outcome": "soft_block", "total": 0.5}
            """;

    @TempDir
    Path dir;

    private List<RequestRecord> fixture() throws Exception {
        Path file = Files.writeString(dir.resolve("run.jsonl"), FIXTURE);
        return JsonlReader.read(file);
    }

    /** The analysis of {@code records} as analyze makes it: each classified, then counted. */
    private static Analysis analysis(List<RequestRecord> records, Expect expect) {
        RecordClassifier classifier = new RecordClassifier(expect);
        RunStatistics stats = new RunStatistics();
        records.forEach(r -> stats.add(classifier.classify(r)));
        return Analysis.of(stats, 60, null, classifier.withoutBody(), List.of());
    }

    @Test
    void reproducesTheHandComputedFigures() throws Exception {
        Analysis a = analysis(fixture(), null);
        assertThat(a.records()).isEqualTo(13);
        assertThat(a.ok()).isEqualTo(7);
        assertThat(a.steady()).isEqualTo(new SteadyWindow(1, 2, 2.5, 2, 3));
        assertThat(a.phasesMs()).containsOnlyKeys("tcp", "total");
        assertThat(a.phasesMs().get("tcp").count()).isEqualTo(7);
        assertThat(a.phasesMs().get("tcp").p50()).isCloseTo(40, within(0.04));
        assertThat(a.phasesMs().get("tcp").p90()).isCloseTo(70, within(0.07));
        assertThat(a.phasesMs().get("tcp").p99()).isCloseTo(70, within(0.07));
        assertThat(a.phasesMs().get("total").p99()).isCloseTo(700, within(0.7));
        assertThat(a.failuresByPhase()).isEqualTo(Map.of("tls", 2L, "proxy_tls", 1L, "request", 1L, "status",
                2L));
        assertThat(a.errors()).hasSize(4).containsEntry("tls_TimeoutException", 1L);
        assertThat(a.exits().uniqueExits()).isEqualTo(4);
        assertThat(a.exits().uniqueSubnets()).isEqualTo(3);
        assertThat(a.exits().perCountry()).containsExactly(new Tally("US", 4), new Tally("DE", 2),
                new Tally("FR", 1));
        assertThat(a.asns()).isNull();
        // Every record's wire bytes over the successes: (1000 + 1200) / 7.
        assertThat(a.bytesPerSuccess()).isEqualTo(2200.0 / 7);
        assertThat(a.outcomes()).containsExactly(Map.entry("data", 7L), Map.entry("hard_block", 1L),
                Map.entry("soft_block", 1L), Map.entry("target_error", 1L), Map.entry("proxy_failure", 3L));
        assertThat(a.blockWindows()).containsExactly(
                new BlockWindow(0, 11, 3, 1, 0, 1.0 / 8),
                new BlockWindow(60, 2, 0, 0, 1, 0.5));
        assertThat(a.blockExits()).containsExactly(
                new BlockExit("10.0.0.1", 3, 0, 1, 0, 1.0 / 3),
                new BlockExit("10.0.0.2", 2, 0, 0, 0, 0),
                new BlockExit("10.0.1.5", 2, 0, 0, 0, 0),
                new BlockExit("192.168.7.9", 1, 0, 0, 0, 0));
        assertThat(a.firstTries()).isEqualTo(new io.proxybench.analysis.FirstTries(7, 0, 0, 0, Map.of()));
        assertThat(a.medianBodyBytes()).isNull();
        assertThat(a.notes()).isEmpty();
    }

    /**
     * Bodies: successes of 1000, 1000, 1100, 1200 and 100 bytes (median 1000). The outcome run wrote stands: the
     * 100-byte success is data here because run said so (run decides the small-body rule as it records). Two kept
     * bodies are checked against --expect; the successes without a body keep run's outcome; a recorded hard block
     * stays one.
     */
    static final String BODIES = """
            {"sched": 0.1, "done": 0.2, "start_lag": 0, "status": 200, "ip": "10.0.0.1", "body_len": 1000, "outcome": "data", "body": "{\\\"price\\\": 3}"}
            {"sched": 0.2, "done": 0.3, "start_lag": 0, "status": 200, "ip": "10.0.0.2", "body_len": 1100, "outcome": "data", "body": "{\\\"captcha\\\": 1}"}
            {"sched": 0.3, "done": 0.4, "start_lag": 0, "status": 200, "ip": "10.0.0.3", "body_len": 1200, "outcome": "data"}
            {"sched": 0.4, "done": 0.5, "start_lag": 0, "status": 200, "ip": "10.0.0.4", "body_len": 100, "outcome": "data"}
            {"sched": 0.5, "done": 0.6, "start_lag": 0, "status": 403, "ip": "10.0.0.4", "body_len": 5000, "outcome": "hard_block"}
            {"sched": 0.6, "done": 0.9, "start_lag": 0, "status": 200, "ip": "10.0.0.5", "body_len": 1000, "outcome": "data", "attempt": 2, "first_error": "tls_SSLException"}
            {"sched": 0.7, "done": 1.0, "start_lag": 0, "error": "connect_502", "outcome": "proxy_failure", "attempt": 3, "first_error": "tcp_ConnectException"}
            """;

    @Test
    void keptBodiesWithoutTheExpectedDataAreSoftBlocksAndRecordedOutcomesStand() throws Exception {
        List<RequestRecord> records = JsonlReader.read(Files.writeString(dir.resolve("b.jsonl"), BODIES));

        Analysis plain = analysis(records, null);
        Analysis expecting = analysis(records, Expect.of(null, "price"));

        assertThat(plain.medianBodyBytes()).isEqualTo(1000.0);
        assertThat(plain.outcomes()).containsExactly(Map.entry("data", 5L), Map.entry("hard_block", 1L),
                Map.entry("soft_block", 0L), Map.entry("target_error", 0L), Map.entry("proxy_failure", 1L));
        assertThat(expecting.outcomes()).containsEntry("data", 4L).containsEntry("soft_block", 1L);
        assertThat(expecting.notes()).singleElement().asString().startsWith("3 answered records carry no body");
        assertThat(plain.notes()).isEmpty();
        assertThat(expecting.blockExits().get(0)).isEqualTo(new BlockExit("10.0.0.2", 1, 0, 0, 1, 1.0));
        assertThat(expecting.blockExits().get(1)).isEqualTo(new BlockExit("10.0.0.4", 2, 0, 1, 0, 0.5));
        assertThat(plain.firstTries()).isEqualTo(new io.proxybench.analysis.FirstTries(4, 2, 3, 1,
                Map.of("tls_SSLException", 1L, "tcp_ConnectException", 1L)));
        assertThat(plain.text().lines()).contains("first tries: 4/7 ok; 2 retried (3 retries), 1 of them ok",
                "outcomes: data 5, hard_block 1, soft_block 0, target_error 0, proxy_failure 1 (median body 1,000"
                        + " bytes)");
    }

    @Test
    void textShowsEachFigureOnItsLine() throws Exception {
        String text = analysis(fixture(), null).text();
        assertThat(text.lines()).contains(
                "13 records, 7 ok",
                "steady successful req/s, seconds 1-2: median 2.5, min 2, max 3",
                "tcp       p50=   40.0 ms  p90=   70.0 ms  p99=   70.0 ms",
                "failures by phase: proxy_tls 1, request 1, status 2, tls 2",
                "exits: 4 unique IPs, 3 unique /24 subnets",
                "successes per exit country: US 4, DE 2, FR 1",
                "bytes per successful request: 314",
                "outcomes: data 7, hard_block 1, soft_block 1, target_error 1, proxy_failure 3",
                "block rate 0-60 s: 12.5% (1 hard, 0 soft of 8 answered; 3 proxy failures)",
                "block rate 60-120 s: 50.0% (0 hard, 1 soft of 2 answered; 0 proxy failures)",
                "exits with blocks: 1 of 4; highest block rates: 10.0.0.1 33.3% (1 of 3)");
    }

    @Test
    void countriesBeyondTheTopFiveAreCounted() throws Exception {
        StringBuilder jsonl = new StringBuilder();
        for (String loc : List.of("US", "US", "DE", "FR", "NL", "GB", "JP", "BR")) {
            jsonl.append("{\"sched\": 0, \"done\": 0.5, \"start_lag\": 0, \"status\": 200, \"loc\": \"")
                    .append(loc).append("\"}\n");
        }
        List<RequestRecord> records = JsonlReader.read(Files.writeString(dir.resolve("c.jsonl"), jsonl));
        String text = analysis(records, null).text();
        assertThat(text.lines()).contains("successes per exit country: US 2, BR 1, DE 1, FR 1, GB 1, 2 more",
                "steady window: none (no second between ramp-up and the 90% mark)");
        assertThat(text).doesNotContain("bytes per successful request", "failures by");
    }

    @Test
    void jsonHasSnakeCaseNamesThroughout() throws Exception {
        JsonNode json = new ObjectMapper().readTree(analysis(fixture(), null).json());
        assertThat(json.path("steady").path("first_second").asLong()).isEqualTo(1);
        assertThat(json.path("exits").path("unique_subnets").asInt()).isEqualTo(3);
        assertThat(json.path("exits").path("per_country").get(0).path("key").asText()).isEqualTo("US");
        assertThat(json.path("phases_ms").path("tcp").path("p90").asDouble()).isCloseTo(70, within(0.07));
        assertThat(json.path("block_windows").get(1).path("block_rate").asDouble()).isEqualTo(0.5);
        assertThat(json.path("bytes_per_success").asDouble()).as("2200 / 7, to three decimals").isEqualTo(314.286);
        assertThat(json.has("asns")).isTrue();
    }

    @Test
    void aRecordWithNeitherStatusNorErrorIsRefused() throws Exception {
        List<RequestRecord> records = JsonlReader.read(Files.writeString(dir.resolve("t.jsonl"),
                "{\"sched\": 0, \"done\": 0.5, \"start_lag\": 0}\n"));
        assertThatThrownBy(() -> analysis(records, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no outcome, status or error");
    }
}
