package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.analysis.asn.MmdbWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code proxybench analyze} on a hand-made run (the figures are worked out in the fixture's comment). */
class AnalyzeCommandTest {

    /**
     * 8 records in two shards, 5 successes. Successes per second of done: s0 1, s1 2, s2 1, s3 1; 90% of 5
     * (4.5) is reached in s3, so the window is s1-s2: median 1.5, min 1, max 2. tcp of the successes 10, 20,
     * 30, 40, 50 ms: p50 30, p90 50, p99 50 (HdrHistogram's: the value of rank ceil(n p / 100)). Exits: 10.0.0.1, 10.0.0.2, 10.0.1.5 (two /24s) and
     * 192.168.7.9; US 3, DE 1, FR 1. Outcomes: data 5, hard 1 (429), proxy 2 (connect_407, tcp_ConnectException).
     */
    private static final String SHARD_1 = """
            {"sched": 0.1, "done": 0.5, "start_lag": 0, "status": 200, "ip": "10.0.0.1", "loc": "US", "tcp": 0.01, "bytes_out": 300, "bytes_in": 700}
            {"sched": 0.9, "done": 1.2, "start_lag": 0, "status": 200, "ip": "10.0.0.2", "loc": "US", "tcp": 0.02, "bytes_out": 300, "bytes_in": 900}
            {"sched": 1.0, "done": 1.3, "start_lag": 0, "error": "connect_407"}
            {"sched": 1.1, "done": 1.7, "start_lag": 0, "status": 200, "ip": "10.0.1.5", "loc": "DE", "tcp": 0.03, "bytes_out": 300, "bytes_in": 1100}
            """;
    private static final String SHARD_2 = """
            {"sched": 1.9, "done": 2.4, "start_lag": 0, "status": 200, "ip": "192.168.7.9", "loc": "FR", "tcp": 0.04, "bytes_out": 300, "bytes_in": 1300}

            {"sched": 2.0, "done": 2.5, "start_lag": 0, "status": 429, "ip": "10.0.0.1", "loc": "US", "tcp": 0.5}
            {"sched": 2.1, "done": 2.6, "start_lag": 0, "error": "tcp_ConnectException"}
            {"sched": 3.0, "done": 3.5, "start_lag": 0, "status": 200, "ip": "10.0.0.1", "loc": "US", "tcp": 0.05, "bytes_out": 300, "bytes_in": 1500}
            """;
    /** 10.0.0.0/24 in AS 64500, 10.0.1.0/24 in AS 64501, 192.168.* nowhere: 2 ASes, the largest with 2 of 4 IPs. */
    private static final String IP2ASN = """
            10.0.0.0\t10.0.0.255\t64500\tUS\tEXAMPLE-A
            10.0.1.0\t10.0.1.255\t64501\tDE\tEXAMPLE-B
            """;

    @TempDir
    Path dir;

    private List<String> shards() throws Exception {
        return List.of(Files.writeString(dir.resolve("run_1.jsonl"), SHARD_1).toString(),
                Files.writeString(dir.resolve("run_2.jsonl"), SHARD_2).toString());
    }

    private static MainTest.Run analyze(List<String> files, String... options) {
        String[] args = new String[1 + files.size() + options.length];
        args[0] = "analyze";
        for (int i = 0; i < files.size(); i++) {
            args[1 + i] = files.get(i);
        }
        System.arraycopy(options, 0, args, 1 + files.size(), options.length);
        return MainTest.run(args);
    }

    @Test
    void twoShardsMergeIntoOneRunWithTheHandComputedFigures() throws Exception {
        MainTest.Run r = analyze(shards());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out().lines()).contains(
                "8 records, 5 ok",
                "steady successful req/s, seconds 1-2: median 1.5, min 1, max 2",
                "tcp       p50=   30.0 ms  p90=   50.0 ms  p99=   50.0 ms",
                "failures by phase: connect 1, status 1, tcp 1",
                "errors: connect_407 1, tcp_ConnectException 1",
                "exits: 4 unique IPs, 3 unique /24 subnets",
                "successes per exit country: US 3, DE 1, FR 1",
                "bytes per successful request: 1,400",
                "outcomes: data 5, hard_block 1, soft_block 0, target_error 0, proxy_failure 2",
                "block rate 0-60 s: 16.7% (1 hard, 0 soft of 6 answered; 2 proxy failures)");
        assertThat(r.out()).doesNotContain("ASNs", "note:");
    }

    @Test
    void jsonCarriesTheSameFiguresWithSnakeCaseNames() throws Exception {
        MainTest.Run r = analyze(shards(), "--json", "--window", "2");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertThat(json.path("records").asLong()).isEqualTo(8);
        assertThat(json.path("ok").asLong()).isEqualTo(5);
        assertThat(json.path("steady").path("steady_rps").asDouble()).isEqualTo(1.5);
        assertThat(json.path("phases_ms").path("tcp").path("p99").asDouble()).isCloseTo(50, within(0.05));
        assertThat(json.path("failures_by_phase").path("connect").asLong()).isEqualTo(1);
        assertThat(json.path("exits").path("unique_exits").asInt()).isEqualTo(4);
        assertThat(json.path("outcomes").path("proxy_failure").asLong()).isEqualTo(2);
        assertThat(json.path("window_seconds").asLong()).isEqualTo(2);
        assertThat(json.path("block_windows")).hasSize(2);
        assertThat(json.path("block_windows").get(1).path("start_second").asLong()).isEqualTo(2);
        assertThat(json.path("block_windows").get(1).path("hard_blocks").asLong()).isEqualTo(1);
        assertThat(json.path("bytes_per_success").asDouble()).isEqualTo(1400);
        assertThat(json.path("asns").isNull()).isTrue();
    }

    @Test
    void anIp2AsnTableGivesTheAsSpread() throws Exception {
        Path table = Files.writeString(dir.resolve("ip2asn-v4.tsv"), IP2ASN);
        MainTest.Run r = analyze(shards(), "--ip2asn", table.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out().lines()).contains("ASNs: 2 unique, largest holds 50.0% of exit IPs; exit IPs per AS:"
                + " AS64500 EXAMPLE-A 2, AS64501 EXAMPLE-B 1; 1 not in the table");
        JsonNode asns = new ObjectMapper().readTree(analyze(shards(), "--ip2asn", table.toString(), "--json").out())
                .path("asns");
        assertThat(asns.path("unique_asns").asInt()).isEqualTo(2);
        assertThat(asns.path("largest_asn_share").asDouble()).isEqualTo(0.5);
        assertThat(asns.path("unknown_ips").asInt()).isEqualTo(1);
        assertThat(asns.path("ips_per_asn").get(0).path("exit_ips").asLong()).isEqualTo(2);
    }

    @Test
    void expectWithoutBodiesIsANoteNotASilentNoOp() throws Exception {
        MainTest.Run r = analyze(shards(), "--expect", "\"price\":");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).containsPattern("note: \\d+ answered records carry no body, so --expect could not be"
                + " checked on them \\(run with --keep-body");
        assertThat(r.out()).contains("outcomes: data 5,");
        JsonNode json = new ObjectMapper().readTree(analyze(shards(), "--expect-json", "price", "--json").out());
        assertThat(json.path("notes").get(0).asText()).contains("carry no body");
    }

    /** A run killed mid-write leaves its last line cut: analyze reads the rest and says so; gzip'd files alike. */
    @Test
    void aCutLastLineIsLeftOutWithANoteAndAMalformedOneElsewhereIsAnError() throws Exception {
        Path cut = Files.writeString(dir.resolve("cut.jsonl"), SHARD_1 + "{\"sched\": 0.1, \"done");
        MainTest.Run r = analyze(List.of(cut.toString()));
        assertThat(r.exitCode()).as(r.err()).isZero();
        long lines = SHARD_1.lines().count();
        assertThat(r.out()).contains(lines + " records").contains("note: " + cut + ": the last line (line "
                + (lines + 1) + ", 20 bytes) was cut and left out");

        Path gz = dir.resolve("cut.jsonl.gz");
        byte[] zipped;
        try (java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream()) {
            try (java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(bytes)) {
                z.write(Files.readAllBytes(cut));
            }
            zipped = bytes.toByteArray();
        }
        Files.write(gz, java.util.Arrays.copyOf(zipped, zipped.length - 5)); // the gzip trailer cut too
        MainTest.Run g = analyze(List.of(gz.toString()));
        assertThat(g.exitCode()).as(g.err()).isZero();
        assertThat(g.out()).contains(lines + " records").contains("was cut and left out");

        Path middle = Files.writeString(dir.resolve("middle.jsonl"), "{\"sched\": 0.1, \"done\n" + SHARD_1);
        MainTest.Run m = analyze(List.of(middle.toString()));
        assertThat(m.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(m.err()).contains(middle + ":1: ");
    }

    /** A record analyze cannot count is named by its file and line; a missing time is an error, never 0. */
    @Test
    void aRecordWithoutOutcomeStatusOrErrorOrWithoutSchedIsNamedByItsLine() throws Exception {
        long lines = SHARD_1.lines().count();
        Path noAnswer = Files.writeString(dir.resolve("no-answer.jsonl"),
                SHARD_1 + "\n{\"sched\": 1.5, \"done\": 1.9, \"start_lag\": 0}\n" + SHARD_1);
        Path noSched = Files.writeString(dir.resolve("no-sched.jsonl"), SHARD_1 + "{\"done\":1.2,\"total\":0.2}\n");

        MainTest.Run a = analyze(List.of(noAnswer.toString()));
        MainTest.Run s = analyze(List.of(noSched.toString()));

        assertThat(a.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(a.err().strip()).isEqualTo("proxybench analyze: " + noAnswer + ":" + (lines + 2) + ": the record"
                + " has no outcome, status or error, and every record has one: was the line written by proxybench run"
                + " or the seed harness?");
        assertThat(s.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(s.err().strip()).startsWith("proxybench analyze: " + noSched + ":" + (lines + 1) + ": the record"
                + " has no \"sched\" (its scheduled start, seconds after the run's start)")
                .doesNotContain("scheduled at").hasLineCount(1);
    }

    @Test
    void unreadableOrMalformedInputIsOneLineNamingFileAndLineWithExitCode2() throws Exception {
        List<String> good = shards();
        Path bad = Files.writeString(dir.resolve("bad.jsonl"), SHARD_1 + "{\"sched\": 0.1, \"done\n");
        Path badTable = Files.writeString(dir.resolve("bad.tsv"), "10.0.0.0\t10.0.0.255\tAS64500\tUS\tX\n");
        Path missing = dir.resolve("missing.jsonl");
        record Case(List<String> files, String[] options, String message) {}
        for (Case c : List.of(
                new Case(List.of(good.get(0), missing.toString()), new String[0], "cannot read " + missing + ": no such file"),
                new Case(List.of(bad.toString()), new String[0], bad + ":5: "),
                new Case(List.of(dir.toString()), new String[0], "cannot read " + dir + ": "),
                new Case(good, new String[] {"--ip2asn", badTable.toString()}, badTable + ":1: AS_number"),
                new Case(good, new String[] {"--window", "0"}, "--window 0 must be at least 1 second"),
                new Case(good, new String[] {"--expect", "("}, "--expect '(' is not a regex"),
                new Case(good, new String[] {"--expect", "a", "--expect-json", "b"}, "exclude each other"),
                new Case(List.of(), new String[0], "Missing required parameter"))) {
            MainTest.Run r = analyze(c.files(), c.options());
            assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.BAD_ARGUMENTS);
            assertThat(r.err()).contains(c.message());
            assertThat(r.err().strip().lines()).hasSize(1);
            assertThat(r.out()).isEmpty();
        }
    }

    @Test
    void aMaxMindAsnDatabaseGivesTheSameAsSpreadAsTheTable() throws Exception {
        Path db = new MmdbWriter("GeoLite2-ASN")
                .asn("10.0.0.0/24", 64500, "EXAMPLE-A")
                .asn("10.0.1.0/24", 64501, "EXAMPLE-B")
                .write(dir.resolve("GeoLite2-ASN.mmdb"));
        MainTest.Run r = analyze(shards(), "--asn-db", db.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out().lines()).contains("ASNs: 2 unique, largest holds 50.0% of exit IPs; exit IPs per AS:"
                + " AS64500 EXAMPLE-A 2, AS64501 EXAMPLE-B 1; 1 not in the table");
    }

    @Test
    void asnDatabaseErrorsAreOneLineWithExitCode2() throws Exception {
        List<String> good = shards();
        Path table = Files.writeString(dir.resolve("ip2asn-v4.tsv"), IP2ASN);
        Path city = new MmdbWriter("GeoLite2-City").add("10.0.0.0/8", Map.of("city", "Berlin"))
                .write(dir.resolve("GeoLite2-City.mmdb"));
        Path missing = dir.resolve("missing.mmdb");
        record Case(String[] options, String message) {}
        for (Case c : List.of(
                new Case(new String[] {"--ip2asn", table.toString(), "--asn-db", table.toString()},
                        "--ip2asn and --asn-db exclude each other"),
                new Case(new String[] {"--asn-db", table.toString()}, table + ": not a MaxMind DB (.mmdb) file"),
                new Case(new String[] {"--asn-db", city.toString()}, city + ": database type 'GeoLite2-City'"),
                new Case(new String[] {"--asn-db", missing.toString()}, "cannot read " + missing + ": no such file"))) {
            MainTest.Run r = analyze(good, c.options());
            assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.BAD_ARGUMENTS);
            assertThat(r.err()).contains(c.message());
            assertThat(r.err().strip().lines()).hasSize(1);
            assertThat(r.out()).isEmpty();
        }
    }

    /** Shards written by run --segment are checked as one run: every segment of their sequence once. */
    @Test
    void segmentedShardsMustCoverTheirSequenceOnce() throws Exception {
        String first = Files.writeString(dir.resolve("shard-0.jsonl"), """
                {"sched": 0.1, "done": 0.2, "start_lag": 0, "status": 200, "ip": "10.0.0.1", "segment": "0:1/2 of 0,1/2,1"}
                """).toString();
        String second = Files.writeString(dir.resolve("shard-1.jsonl"), """
                {"sched": 0.2, "done": 0.3, "start_lag": 0, "status": 200, "ip": "10.0.0.2", "segment": "1/2:1 of 0,1/2,1"}
                """).toString();

        MainTest.Run both = analyze(List.of(first, second), "--json");
        MainTest.Run one = analyze(List.of(first));

        assertThat(both.exitCode()).as(both.err()).isZero();
        assertThat(one.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(one.err()).contains("segment 1/2:1 of 0,1/2,1 is missing: no file holds its records");
        assertThat(one.out()).isEmpty();
    }

    /**
     * The README's claim: {@code analyze} gives a records file's handshakes per 1,000 requests, reuse rate and
     * connections opened, a failed setup on a connection of its own among them, in text and JSON.
     */
    @Test
    void theSeedsHeadlineFiguresFromRecordsThatSayWhetherTheirConnectionWasNew() throws Exception {
        Path file = Files.writeString(dir.resolve("scraper.jsonl"), """
                {"sched":0.0,"done":0.1,"start_lag":0.0,"total":0.1,"status":200,"conn":1,"reused":false,"outcome":"data"}
                {"sched":0.2,"done":0.3,"start_lag":0.0,"total":0.1,"status":200,"conn":1,"reused":true,"outcome":"data"}
                {"sched":0.4,"done":0.5,"start_lag":0.0,"total":0.1,"status":200,"conn":1,"reused":true,"outcome":"data"}
                {"sched":0.6,"done":0.7,"start_lag":0.0,"total":0.1,"error":"connect_407","reused":false,\
                "outcome":"proxy_failure"}
                """);
        MainTest.Run text = analyze(List.of(file.toString()));
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out().lines()).contains(
                "handshakes per 1,000 requests: 500.0, reuse rate 50.0%, 2 connections opened");

        JsonNode json = new ObjectMapper().readTree(analyze(List.of(file.toString()), "--json").out());
        assertThat(json.path("handshakes_per_1k").asDouble()).isEqualTo(500);
        assertThat(json.path("reuse_rate").asDouble()).isEqualTo(0.5);
        assertThat(json.path("connections_opened").asLong()).isEqualTo(2);
    }
}
