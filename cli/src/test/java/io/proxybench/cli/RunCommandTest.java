package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.records.JsonlReader;
import io.proxybench.records.Outcome;
import io.proxybench.records.RequestRecord;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.faults.FaultPlan;
import io.proxybench.lab.gateway.GatewayCounters;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code proxybench run} end to end against the lab: records, summary, and the lab's own counters agree. */
class RunCommandTest {

    @TempDir
    static Path home;

    static Lab lab;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(LabConfig.builder().home(home).build());
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    private JsonNode run(Path out, String... extra) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("run",
                "--url", "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace",
                "--proxy", "http://u:p@127.0.0.1:" + lab.gatewayPort(),
                "--ca", lab.caFile().toString(), "--out", out.toString(), "--json"));
        args.addAll(List.of(extra));
        MainTest.Run r = MainTest.run(args.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.err()).isZero();
        return new ObjectMapper().readTree(r.out());
    }

    @Test
    void stickySessionsKeepTheirExitsAndEveryScheduledRequestHasARecord() throws Exception {
        lab.resetGatewayCounters();
        Path out = home.resolve("sticky.jsonl");
        JsonNode summary = run(out, "--rate", "100", "--duration", "2s", "--session-template", "{pass}_session-{id}",
                "--sessions", "10", "--rotation", "sticky", "--warmup", "none");
        List<RequestRecord> records = JsonlReader.read(out);
        assertThat(records).hasSize(200);
        assertThat(summary.path("records").asLong()).isEqualTo(200);
        assertThat(summary.path("ok").asLong()).isEqualTo(200);
        assertThat(summary.path("unique_exits").asLong()).isEqualTo(10);
        assertThat(records).allSatisfy(r -> assertThat(r.total()).isGreaterThanOrEqualTo(r.startLag()));
        GatewayCounters.Snapshot gateway = lab.gatewayCounters();
        long created = records.stream().filter(r -> Boolean.FALSE.equals(r.reused())).count();
        assertThat(gateway.tunnels(GatewayCounters.Kind.CONNECT)).isEqualTo(created);
        assertThat(summary.path("handshakes_per_1k").asDouble()).isEqualTo(1000.0 * created / 200);
        assertThat(summary.path("client_cpu").path("samples").asInt()).isPositive();
        assertThat(summary.has("warnings")).isTrue();
        assertThat(out.resolveSibling("sticky.jsonl.hlog")).isNotEmptyFile();
    }

    @Test
    void perRequestRotationGivesEveryRequestItsOwnExit() throws Exception {
        Path out = home.resolve("rotating.jsonl");
        JsonNode summary = run(out, "--rate", "50", "--duration", "2s", "--session-template", "{pass}_session-{id}",
                "--rotation", "per-request");
        assertThat(summary.path("ok").asLong()).as("ok; errors by label %s", summary.path("errors")).isEqualTo(100);
        assertThat(summary.path("unique_exits").asLong()).isEqualTo(100);
        assertThat(summary.path("handshakes_per_1k").asDouble()).isEqualTo(1000.0);
    }

    @Test
    void warmUpOpensEverySessionsTunnelBeforeTheRun() throws Exception {
        Path out = home.resolve("warm.jsonl");
        JsonNode summary = run(out, "--rate", "50", "--duration", "1s", "--session-template", "{pass}_session-{id}",
                "--sessions", "5");
        List<RequestRecord> records = JsonlReader.read(out);
        assertThat(records).hasSize(50).allSatisfy(r -> assertThat(r.reused()).isTrue());
        assertThat(summary.path("unique_exits").asLong()).isEqualTo(5);
        assertThat(summary.path("handshakes_per_1k").asDouble()).as("warm-up tunnels are not the run's").isZero();
        assertThat(summary.path("reuse_rate").asDouble()).isEqualTo(1.0);
    }

    @Test
    void aWarmUpPhaseAtTheRunsRateLeavesNoTraceInRecordsOrFigures() throws Exception {
        lab.resetTargetStats();
        Path out = home.resolve("warmfor.jsonl");
        JsonNode summary = run(out, "--rate", "50", "--duration", "1s", "--warmup", "1s",
                "--session-template", "{pass}_session-{id}", "--sessions", "5");

        assertThat(JsonlReader.read(out)).hasSize(50).allSatisfy(r -> assertThat(r.reused()).isTrue());
        assertThat(summary.path("records").asLong()).isEqualTo(50);
        assertThat(summary.path("handshakes_per_1k").asDouble()).isZero();
        assertThat(lab.targetStats().requestsTotal()).as("5 session warm-ups, 50 warm-up phase, 50 run")
                .isEqualTo(105);
    }

    @Test
    void aColdRunAndAWarmedRunDifferOnlyInWhatTheSummarySaysWasExcluded() throws Exception {
        String[] load = {"--rate", "200", "--duration", "1s", "--session-template", "{pass}_session-{id}",
            "--sessions", "4"};
        lab.resetTargetStats();
        Path coldOut = home.resolve("cold.jsonl");
        JsonNode cold = run(coldOut, concat(load, "--warmup", "sessions"));
        long coldAtTarget = lab.targetStats().requestsTotal();
        lab.resetTargetStats();
        Path warmOut = home.resolve("warm.jsonl");
        JsonNode warm = run(warmOut, load);
        long warmAtTarget = lab.targetStats().requestsTotal();

        List<RequestRecord> coldRecords = bySched(JsonlReader.read(coldOut));
        List<RequestRecord> warmRecords = bySched(JsonlReader.read(warmOut));
        assertThat(warmRecords).hasSize(200).hasSameSizeAs(coldRecords);
        assertThat(warmRecords).extracting(RequestRecord::sched, RequestRecord::session, RequestRecord::status)
                .as("the same requests at the same scheduled times")
                .containsExactlyElementsOf(coldRecords.stream()
                        .map(r -> tuple(r.sched(), r.session(), r.status())).toList());
        assertThat(cold.path("warm_up").isNull()).isTrue();
        assertThat(cold.path("warnings").toString()).contains("no warm-up before the schedule");
        JsonNode warmUp = warm.path("warm_up");
        assertThat(warmUp.path("seconds").asDouble()).as("the default at 200 req/s").isEqualTo(1.0);
        assertThat(warmUp.path("rate_per_s").asDouble()).isEqualTo(200);
        assertThat(warmUp.path("by_default").asBoolean()).isTrue();
        assertThat(warmUp.path("requests").asLong()).isEqualTo(200);
        assertThat(warm.path("warnings").toString()).doesNotContain("no warm-up");
        assertThat(warmAtTarget - coldAtTarget).as("what reached the target beyond the cold run's")
                .isEqualTo(warmUp.path("requests").asLong());
        assertThat(warm.path("records").asLong()).isEqualTo(cold.path("records").asLong());
    }

    private static String[] concat(String[] first, String... more) {
        return Stream.concat(Arrays.stream(first), Arrays.stream(more))
                .toArray(String[]::new);
    }

    private static List<RequestRecord> bySched(List<RequestRecord> records) {
        return records.stream().sorted(Comparator.comparingDouble(RequestRecord::sched)).toList();
    }

    @Test
    void burstsShareTheirScheduledTime() throws Exception {
        Path out = home.resolve("burst.jsonl");
        run(out, "--burst", "10", "--every", "500ms", "--duration", "1s");
        List<RequestRecord> records = JsonlReader.read(out);
        assertThat(records).hasSize(20);
        assertThat(records.stream().map(RequestRecord::sched).distinct().sorted().toList()).containsExactly(0.0, 0.5);
    }

    /** Two shards of one sequence fire the global schedule between them, each at its global times. */
    @Test
    void twoShardsFireTheirSegmentsOfTheScheduleAndSayWhichInTheirFiles() throws Exception {
        Path first = home.resolve("shard-0.jsonl");
        Path second = home.resolve("shard-1.jsonl");
        run(first, "--rate", "40", "--duration", "1s", "--segment", "0:1/4", "--segment-sequence", "0,1/4,1",
                "--warmup=none");
        run(second, "--rate", "40", "--duration", "1s", "--segment", "1/4:1", "--segment-sequence", "0,1/4,1",
                "--warmup=none");

        List<RequestRecord> a = JsonlReader.read(first);
        List<RequestRecord> b = JsonlReader.read(second);
        assertThat(a).hasSize(10).allSatisfy(r -> assertThat(r.segment()).isEqualTo("0:1/4 of 0,1/4,1"));
        assertThat(b).hasSize(30).allSatisfy(r -> assertThat(r.segment()).isEqualTo("1/4:1 of 0,1/4,1"));
        List<Long> union = new java.util.ArrayList<>();
        a.forEach(r -> union.add(Math.round(r.sched() * 1000)));
        b.forEach(r -> union.add(Math.round(r.sched() * 1000)));
        assertThat(union.stream().sorted().toList()).as("the single-process schedule: one request every 25 ms")
                .isEqualTo(java.util.stream.LongStream.range(0, 40).mapToObj(i -> i * 25).toList());
        assertThat(java.nio.file.Files.readString(home.resolve("shard-0.jsonl.hlog")))
                .contains("#segment 0:1/4 of 0,1/4,1");
    }

    @Test
    void aProxyFileRotatesRequestsOverItsProxies() throws Exception {
        Path file = home.resolve("proxies.txt");
        String gw = "127.0.0.1:" + lab.gatewayPort();
        java.nio.file.Files.writeString(file, "# two sticky sessions\nhttp://u:p_session-fa@" + gw + "\n\n"
                + "http://u:p_session-fb@" + gw + "\n");
        Path out = home.resolve("file.jsonl");
        MainTest.Run r = MainTest.run("run", "--url", "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace",
                "--proxy-file", file.toString(), "--ca", lab.caFile().toString(), "--out", out.toString(), "--json",
                "--rate", "20", "--duration", "1s");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(new ObjectMapper().readTree(r.out()).path("unique_exits").asLong()).isEqualTo(2);
    }

    @Test
    void retriesGoOutOnNewTunnelsAndAreCountedApartFromFirstTries() throws Exception {
        try (Lab faulty = Lab.start(LabConfig.builder().home(home).faults(new FaultPlan(0.25, 0, 0, 7)).build())) {
            Path out = home.resolve("retries.jsonl");
            MainTest.Run r = MainTest.run("run", "--url",
                    "https://127.0.0.1:" + faulty.targetHttpsPort() + "/cdn-cgi/trace",
                    "--proxy", "http://u:p@127.0.0.1:" + faulty.gatewayPort(), "--ca", faulty.caFile().toString(),
                    "--out", out.toString(), "--json", "--rate", "50", "--duration", "2s", "--retries", "4",
                    // A new tunnel per request, so that about a quarter of the first tries meet a refusal.
                    "--session-template", "{pass}_session-{id}", "--rotation", "per-request",
                    "--warmup", "sessions");
            assertThat(r.exitCode()).as(r.err()).isZero();
            JsonNode summary = new ObjectMapper().readTree(r.out());
            List<RequestRecord> records = JsonlReader.read(out);

            assertThat(records).hasSize(100);
            assertThat(records).allSatisfy(rec -> assertThat(rec.attempt() > 1).isEqualTo(rec.firstError() != null));
            List<String> firstErrors = records.stream().map(RequestRecord::firstError).filter(e -> e != null).toList();
            long retried = firstErrors.size();
            long refusedFirst = firstErrors.stream().filter(e -> e.startsWith("connect_")).count();
            assertThat(retried).as("a quarter of the tunnels are refused").isPositive();
            // Refusals are what this lab injects; a rare unrelated failure of a fresh tunnel may add one or two.
            assertThat(refusedFirst).as("first errors %s", firstErrors).isGreaterThanOrEqualTo(retried - 2);
            long failedSends = records.stream().mapToLong(rec -> rec.attempt() - 1).sum()
                    + records.stream().filter(rec -> rec.error() != null).count();
            assertThat(summary.path("first_tries").path("retried").asLong()).isEqualTo(retried);
            assertThat(summary.path("first_tries").path("ok_first_try").asLong() + retried).isEqualTo(100);
            assertThat(faulty.gatewayCounters().faults().get("refuse")).as("every refusal cost a send")
                    .isBetween(failedSends - 2, failedSends);
            assertThat(summary.path("ok").asLong()).isEqualTo(records.stream().filter(RequestRecord::ok).count());
        }
    }

    @Test
    void theClosedLoopIsLabelledAComparisonAndHasNoStartLag() throws Exception {
        Path out = home.resolve("closed.jsonl");
        JsonNode summary = run(out, "--closed-loop", "4", "--duration", "1s");
        List<RequestRecord> records = JsonlReader.read(out);

        assertThat(records).isNotEmpty().allSatisfy(r -> assertThat(r.startLag()).isZero());
        assertThat(summary.path("records").asLong()).isEqualTo(records.size());
        assertThat(summary.path("closed_loop").asBoolean()).isTrue();
        assertThat(summary.path("schedule").asText()).isEqualTo("closed loop, 4 workers for 1s");
        assertThat(summary.path("warnings").get(0).asText()).startsWith("closed loop: each worker waited");
        assertThat(records.stream().mapToDouble(RequestRecord::done).max().orElseThrow()).isLessThan(1 + 30);
    }

    @Test
    void aClosedLoopWarmsUpWithItsWorkersAndRecordsOnlyTheMeasuredPart() throws Exception {
        lab.resetTargetStats();
        Path out = home.resolve("closed-warm.jsonl");
        JsonNode summary = run(out, "--closed-loop", "2", "--duration", "1s", "--warmup", "1s");
        List<RequestRecord> records = JsonlReader.read(out);

        assertThat(records).isNotEmpty().allSatisfy(r -> assertThat(r.sched()).isNotNegative());
        assertThat(summary.path("records").asLong()).isEqualTo(records.size());
        assertThat(lab.targetStats().requestsTotal()).as("the warm-up's requests reached the target, unrecorded")
                .isGreaterThan(records.size());
    }

    @Test
    void http11OffersTheTargetOnlyHttp11WhichOtherwiseChoosesH2() throws Exception {
        Path byDefault = home.resolve("alpn-default.jsonl");
        Path http11 = home.resolve("alpn-http11.jsonl");
        run(byDefault, "--rate", "20", "--duration", "1s");
        run(http11, "--rate", "20", "--duration", "1s", "--http1.1", "--io-threads", "1");

        assertThat(JsonlReader.read(byDefault)).hasSize(20).allSatisfy(r -> assertThat(r.http()).isEqualTo("h2"));
        assertThat(JsonlReader.read(http11)).hasSize(20)
                .allSatisfy(r -> assertThat(r.http()).isEqualTo("http/1.1"));
    }

    @Test
    void recordsCarryOutcomeSessionHandshakeBytesAndBodyLength() throws Exception {
        Path out = home.resolve("fields.jsonl");
        run(out, "--rate", "20", "--duration", "1s", "--session-template", "{pass}_session-{id}", "--sessions", "2",
                "--warmup", "none", "--expect", "(?m)^ip=", "--keep-body");
        List<RequestRecord> records = JsonlReader.read(out);

        assertThat(records).hasSize(20).allSatisfy(r -> {
            assertThat(r.outcome()).isEqualTo(Outcome.DATA);
            assertThat(r.session()).isNotNull();
            assertThat(r.bodyLen()).isPositive();
            assertThat(r.body()).contains("ip=" + r.ip());
            assertThat(r.attempt()).isEqualTo(1);
        });
        assertThat(records.stream().map(RequestRecord::session).distinct()).hasSize(2);
        assertThat(records).filteredOn(r -> !r.reused()).isNotEmpty()
                .allSatisfy(r -> assertThat(r.handshakeBytes()).isGreaterThan(1000)
                        .isLessThan(r.bytesIn() + r.bytesOut()));
        assertThat(records).filteredOn(RequestRecord::reused).isNotEmpty()
                .allSatisfy(r -> assertThat(r.handshakeBytes()).isZero());

        Path decoys = home.resolve("decoys.jsonl");
        JsonNode summary = run(decoys, "--rate", "20", "--duration", "1s", "--expect-json", "price");
        assertThat(JsonlReader.read(decoys)).hasSize(20).allSatisfy(r -> {
            assertThat(r.outcome()).isEqualTo(Outcome.SOFT_BLOCK);
            assertThat(r.body()).isNull();
        });
        assertThat(summary.path("outcomes").path("soft_block").asLong()).isEqualTo(20);
    }

    @Test
    void badSessionOptionsAreRefusedBeforeTheOutputFileIsTouched() throws Exception {
        Path out = java.nio.file.Files.writeString(home.resolve("keep.jsonl"), "{\"sched\": 0}\n");
        for (String[] bad : List.of(new String[] {"--session-template", "user{bogus}", "--sessions", "2"},
                new String[] {"--session-template", "{pass}_session-{id}", "--sessions", "2", "--rotation",
                    "window:xx"},
                new String[] {"--rotation", "sticky"}, new String[] {"--rotation", "stickyy"},
                new String[] {"--session-template", "{pass}_session-{id}", "--sessions", "2", "--rotation",
                    "per-request"})) {
            List<String> args = new java.util.ArrayList<>(List.of("run", "--url", "https://127.0.0.1:1/",
                    "--rate", "10", "--duration", "1s", "--out", out.toString()));
            args.addAll(List.of(bad));
            MainTest.Run r = MainTest.run(args.toArray(String[]::new));
            assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.BAD_ARGUMENTS);
            assertThat(r.err().strip().lines()).hasSize(1);
            assertThat(out).as("after %s", List.of(bad)).hasContent("{\"sched\": 0}");
        }
    }

    @Test
    void noRecordsGivesTheSummaryAndWritesNoFileNorTouchesTheDefaultOne() throws Exception {
        Path defaultOut = Path.of("results.jsonl").toAbsolutePath();
        String before = java.nio.file.Files.exists(defaultOut) ? java.nio.file.Files.readString(defaultOut) : null;
        MainTest.Run r = MainTest.run("run", "--url", "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace",
                "--proxy", "http://u:p@127.0.0.1:" + lab.gatewayPort(), "--ca", lab.caFile().toString(),
                "--rate", "50", "--duration", "1s", "--warmup", "sessions", "--no-records", "--no-progress");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("records: none (--no-records)").doesNotContain("interval log:");
        assertThat(r.out()).contains("50/50 ok");
        if (before == null) {
            assertThat(defaultOut).doesNotExist();
            assertThat(Path.of(defaultOut + ".hlog")).doesNotExist();
        } else {
            assertThat(defaultOut).hasContent(before);
        }
    }

    @Test
    void noRecordsWithAnOptionAboutTheRecordsIsRefused() throws Exception {
        Path out = java.nio.file.Files.writeString(home.resolve("kept.jsonl"), "{\"sched\": 0}\n");
        for (String[] bad : List.of(new String[] {"--out", out.toString()},
                new String[] {"--hdr-log", home.resolve("x.hlog").toString()}, new String[] {"--keep-body"},
                new String[] {"--shard", "0/2"})) {
            List<String> args = new java.util.ArrayList<>(List.of("run", "--url", "https://127.0.0.1:1/",
                    "--rate", "10", "--duration", "1s", "--no-records"));
            args.addAll(List.of(bad));
            MainTest.Run r = MainTest.run(args.toArray(String[]::new));
            assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.BAD_ARGUMENTS);
            assertThat(r.err()).as("after %s", List.of(bad)).contains("--no-records").contains(bad[0]);
        }
        assertThat(out).hasContent("{\"sched\": 0}");
    }

    @Test
    void badInputIsAOneLineErrorWithExitCode2() {
        for (String[] args : List.of(
                new String[] {"run", "--url", "https://x/", "--rate", "0", "--duration", "1s"},
                new String[] {"run", "--url", "https://x/", "--rate", "10"},
                new String[] {"run", "--url", "ftp://x/", "--rate", "10", "--duration", "1s"},
                new String[] {"run", "--url", "https://x/", "--ramp", "10/s:oops"},
                new String[] {"run", "--url", "https://x/", "--rate", "10", "--duration", "1s", "--proxy",
                    "http://u:hunter2@h:"},
                new String[] {"run", "--url", "https://x/", "--rate", "10", "--duration", "1s", "--proxy-file",
                    "/nonexistent/proxies.txt"},
                new String[] {"run", "--url", "https://x/", "--burst", "5", "--duration", "1s"},
                new String[] {"run", "--url", "https://x/", "--closed-loop", "4", "--rate", "10", "--duration", "1s"},
                new String[] {"run", "--url", "https://x/", "--closed-loop", "0", "--duration", "1s"},
                new String[] {"run", "--url", "https://x/", "--closed-loop", "4"},
                new String[] {"run", "--url", "https://x/", "--rate", "10", "--duration", "1s", "--retries", "-1"},
                new String[] {"run", "--url", "https://x/", "--rate", "10", "--duration", "1s", "--warmup", "-1s"},
                new String[] {"run", "--url", "https://x/", "--rate", "10", "--duration", "1s", "--io-threads", "0"},
                new String[] {"run", "--url", "https://x/", "--rate", "10", "--duration", "1s", "--timeout",
                    "5s,handshake=1s"},
                new String[] {"run", "--url", "https://x/", "--rate", "10", "--duration", "1s", "--expect", "("},
                new String[] {"run", "--url", "https://x/", "--rate", "10", "--duration", "1s", "--expect", "a",
                    "--expect-json", "b"},
                new String[] {"run", "--url", "https://x/", "--rate", "10", "--duration", "1s", "--segment", "1/2"},
                new String[] {"run", "--url", "https://x/", "--rate", "10", "--duration", "1s", "--segment", "0:1/4",
                    "--segment-sequence", "0,1/2,1"},
                new String[] {"run", "--url", "https://x/", "--rate", "10", "--duration", "1s", "--segment-sequence",
                    "0,1/2,1"},
                new String[] {"run", "--url", "https://x/", "--closed-loop", "4", "--duration", "1s", "--segment",
                    "0:1/2"})) {
            MainTest.Run r = MainTest.run(args);
            assertThat(r.exitCode()).as(String.join(" ", args)).isEqualTo(Main.BAD_ARGUMENTS);
            assertThat(r.err().strip().lines()).hasSize(1);
            assertThat(r.err()).doesNotContain("hunter2");
        }
    }

    @Test
    void shardStartAndMetricsOptionsAreCheckedBeforeAnythingStarts() {
        String[][] cases = {
            {"--shard 4/4", "--shard 4/4: I must be from 0 to N-1"},
            {"--shard 0/20000", "N from 1 to 10000"},
            {"--shard 1:4", "--shard 1:4 is not I/N, shard I (from 0) of N"},
            {"--shard 0/2 --segment 0:1/2", "--shard 0/2 replaces --segment and --segment-sequence"},
            {"--start-at 14:00", "--start-at 14:00 is not a UTC time such as 2026-11-30T14:00:00Z"},
            {"--start-at 2020-01-01T00:00:00Z", "--start-at 2020-01-01T00:00:00Z passed"},
            {"--metrics-linger 5s", "--metrics-linger applies to --metrics-port; give both"},
            {"--metrics-host 0.0.0.0", "--metrics-host applies to --metrics-port; give both"},
            {"--warmup 10s --start-at " + java.time.Instant.now().plusSeconds(3).truncatedTo(
                    java.time.temporal.ChronoUnit.SECONDS), "comes before the warm-up (--warmup, 10s) could end"},
            {"--metrics-port 70000", "--metrics-port 70000 is not a port from 0 to 65535"},
        };
        for (String[] c : cases) {
            List<String> args = new java.util.ArrayList<>(List.of("run", "--url", "https://x/", "--rate", "10",
                    "--duration", "1s"));
            args.addAll(List.of(c[0].split(" ")));
            MainTest.Run r = MainTest.run(args.toArray(String[]::new));
            assertThat(r.exitCode()).as(c[0]).isEqualTo(Main.BAD_ARGUMENTS);
            assertThat(r.err()).as(c[0]).contains(c[1]);
        }
    }

    /** --shard I/N is the segment I/N:(I+1)/N of N equal ones, and the records say so. */
    @Test
    void shardIOfNFiresItsEqualPart() throws Exception {
        Path out = home.resolve("shard-1-of-4.jsonl");
        run(out, "--rate", "40", "--duration", "1s", "--shard", "1/4", "--warmup=none");
        List<RequestRecord> records = JsonlReader.read(out);
        assertThat(records).hasSize(10)
                .allSatisfy(r -> assertThat(r.segment()).isEqualTo("1/4:1/2 of 0,1/4,1/2,3/4,1"));
        assertThat(records.stream().map(r -> Math.round(r.sched() * 1000)).sorted().toList())
                .as("every fourth request of one every 25 ms, from the second")
                .isEqualTo(java.util.stream.LongStream.range(0, 10).mapToObj(i -> 25 + i * 100).toList());
    }
}
