package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.analysis.doctor.DoctorReport;
import io.proxybench.analysis.doctor.DoctorSettings;
import io.proxybench.experiments.LabTargets;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code proxybench run} through the lab, then {@code proxybench doctor} on its records: a sticky run with the
 * default keep-alive is healthy; the same run with a keep-alive shorter than each session's gap, with a session per
 * request, or as two clients with the same sessions gets that cause named first.
 */
class DoctorCommandTest {

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

    /** 4 sticky sessions at 20 requests per second for 2 s; see the other. */
    private static Path run(String name, String... extra) throws Exception {
        return run(name, 4, 20, "2s", extra);
    }

    /**
     * {@code proxybench run} through the lab: {@code sessions} sticky sessions taking turns at {@code rate} requests
     * per second (0: no --sessions, for --rotation per-request). Writes {@code name}.jsonl and the summary
     * {@code name}.json; returns the records file.
     */
    private static Path run(String name, int sessions, int rate, String duration, String... extra) throws Exception {
        Path out = home.resolve(name + ".jsonl");
        List<String> args = new ArrayList<>(List.of("run", "--url", LabTargets.https(lab, LabTargets.TRACE).toString(),
                "--proxy", LabTargets.gateway(lab).toString(), "--ca", lab.caFile().toString(),
                "--session-template", "{pass}_session-{id}", "--rate", String.valueOf(rate), "--duration", duration,
                "--no-progress", "--json", "--out", out.toString()));
        if (sessions > 0) {
            args.addAll(List.of("--sessions", String.valueOf(sessions)));
        }
        args.addAll(List.of(extra));
        MainTest.Run r = MainTest.run(args.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.err()).isZero();
        Files.writeString(home.resolve(name + ".json"), r.out());
        return out;
    }

    private static JsonNode doctor(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("doctor", "--json"));
        all.addAll(List.of(args));
        MainTest.Run r = MainTest.run(all.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.err()).isZero();
        return new ObjectMapper().readTree(r.out());
    }

    @Test
    void aKeepAliveShorterThanTheSessionsGapIsNamedAndTheDefaultIsHealthy() throws Exception {
        // Each session's requests come 400 ms apart; a busy machine may bunch some, not most, under 100 ms.
        Path normal = run("normal", 4, 10, "3s");
        Path shortKeepAlive = run("short", 4, 10, "3s", "--keep-alive", "100ms");

        JsonNode healthy = doctor(normal.toString(), "--summary", home.resolve("normal.json").toString());
        assertThat(healthy.path("findings")).as(healthy.toString()).isEmpty();
        assertThat(healthy.path("verdict").asText()).startsWith("no problem found");

        JsonNode sick = doctor(shortKeepAlive.toString(), "--summary", home.resolve("short.json").toString());
        assertThat(sick.path("handshakes_per_1k").asDouble()).isGreaterThan(300);
        JsonNode first = sick.path("findings").get(0);
        assertThat(first.path("cause").asText()).as(sick.toString()).isEqualTo("keep_alive");
        assertThat(first.path("evidence").asText()).contains("idle connections (idle_timeout)");
        assertThat(sick.path("summary_handshakes_per_1k").asDouble())
                .isEqualTo(sick.path("handshakes_per_1k").asDouble());

        JsonNode told = doctor(shortKeepAlive.toString(), "--keep-alive", "100ms");
        assertThat(told.path("findings").get(0).path("evidence").asText())
                .contains("the configured keep-alive is 100 ms");
    }

    @Test
    void aSessionPerRequestIsChurn() throws Exception {
        Path perRequest = run("per-request", 0, 20, "2s", "--rotation", "per-request");

        MainTest.Run text = MainTest.run("doctor", perRequest.toString());

        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).contains("likely cause: per-request session churn (1000.0 handshakes per 1,000"
                + " requests)").contains("1. per-request session churn").contains("   evidence: ")
                .contains("   fix: rotate per task");
    }

    @Test
    void twoClientsWithTheSameSessionsEachOpenTheirOwnConnections() throws Exception {
        // Short-lived clients (10 sessions, 20 requests each): the second's 10 connections are 250 per 1,000.
        Path a = run("client-a", 10, 20, "1s");
        Path b = run("client-b", 10, 20, "1s");

        JsonNode r = doctor(a.toString(), b.toString());

        assertThat(r.path("findings").get(0).path("cause").asText()).as(r.toString()).isEqualTo("client_pools");
        assertThat(r.path("findings").get(0).path("count").asInt()).isGreaterThanOrEqualTo(10);
        assertThat(r.path("sources")).hasSize(2);
    }

    @Test
    void theDemoDiagnosesRecordsHandedToIt() throws Exception {
        DoctorReport report = DoctorSettings.oneClient("demo run", run("demo", 0, 20, "2s", "--rotation",
                "per-request"));

        assertThat(report.findings()).isNotEmpty();
        assertThat(report.findings().get(0).cause()).isEqualTo("session_churn");
    }

    @Test
    void aCutLastLineIsANoteNotAnError() throws Exception {
        Path cut = home.resolve("cut.jsonl");
        Files.writeString(cut, """
                {"sched":0.0,"done":0.1,"start_lag":0.0,"status":200,"conn":1,"reused":false,"session":"s"}
                {"sched":0.2,"done":0.3,"start_lag":0.0,"status":200,"conn":1,"reused":true,"session":"s"}
                {"sched":0.4,"do""");

        MainTest.Run r = MainTest.run("doctor", cut.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("2 records from cut.jsonl; 2 on a connection, 1 connection opened")
                .contains("note: " + cut + ": the last line (line 3, 16 bytes) was cut and left out");
    }

    @Test
    void badInputExitsWith2NamingIt() {
        MainTest.Run missing = MainTest.run("doctor", home.resolve("nothing.jsonl").toString());
        assertThat(missing.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(missing.err().strip().lines()).hasSize(1).first().asString().contains("nothing.jsonl");

        MainTest.Run threshold = MainTest.run("doctor", "x.jsonl", "--min-per-1000", "-5");
        assertThat(threshold.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(threshold.err()).contains("--min-per-1000");

        MainTest.Run proxy = MainTest.run("doctor", "x.jsonl", "--proxy", "http://gw:1");
        assertThat(proxy.exitCode()).as("doctor reads files; it has no --proxy").isEqualTo(Main.BAD_ARGUMENTS);
    }
}
