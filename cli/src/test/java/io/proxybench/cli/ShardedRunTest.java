package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.records.JsonlReader;
import io.proxybench.records.RequestRecord;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One run spread over four processes, each {@code run --shard I/4} with one {@code --start-at}, against the lab:
 * merged, they are the run one process makes of the same schedule. Tolerance: scheduled times, record count,
 * outcomes and the exits of the sticky sessions are equal; the steady successful req/s agree within 10%. Latency is
 * not compared: four JVMs share this machine's cores with the lab, one does not.
 */
class ShardedRunTest {

    private static final int SHARDS = 4;
    /** Time for four JVMs to start and warm up on two cores before the shards' common start. */
    private static final Duration LEAD = Duration.ofSeconds(45);
    /** A process still running this long after its start is stopped and the test fails. */
    private static final Duration PROCESS_LIMIT = Duration.ofSeconds(120);
    private static final double THROUGHPUT_TOLERANCE = 0.10;

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

    /** {@code run} in a JVM of its own with the test's schedule and {@code extra}; output beside {@code out}. */
    private static Process run(Path out, String... extra) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), Main.class.getName(), "run",
                "--url", "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace",
                "--proxy", "http://u:p@127.0.0.1:" + lab.gatewayPort(), "--ca", lab.caFile().toString(),
                "--session-template", "{pass}_session-{id}", "--sessions", "20",
                "--rate", "100", "--duration", "4s", "--poisson", "--seed", "7", "--warmup", "2s",
                "--no-progress", "--json", "--out", out.toString()));
        command.addAll(List.of(extra));
        return new ProcessBuilder(command).redirectOutput(out.resolveSibling(out.getFileName() + ".out").toFile())
                .redirectError(out.resolveSibling(out.getFileName() + ".err").toFile()).start();
    }

    private static void await(Process process, Path out) throws Exception {
        if (!process.waitFor(PROCESS_LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError("run for " + out + " still running after " + PROCESS_LIMIT);
        }
        assertThat(process.exitValue()).as("run for %s: %s", out,
                Files.readString(out.resolveSibling(out.getFileName() + ".err"))).isZero();
    }

    private static JsonNode analyze(Path file) throws Exception {
        MainTest.Run r = MainTest.run("analyze", file.toString(), "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        return new ObjectMapper().readTree(r.out());
    }

    private static List<Long> schedNanos(List<RequestRecord> records) {
        return records.stream().map(r -> Math.round(r.sched() * 1e9)).sorted().toList();
    }

    @Test
    void fourShardsMergedAreTheRunOneProcessMakes() throws Exception {
        Path single = home.resolve("single.jsonl");
        Process one = run(single);
        await(one, single);

        Instant startAt = Instant.now().plus(LEAD).truncatedTo(ChronoUnit.SECONDS);
        List<Path> shards = new ArrayList<>();
        List<Process> processes = new ArrayList<>();
        try {
            for (int i = 0; i < SHARDS; i++) {
                Path out = home.resolve("shard-" + i + ".jsonl");
                shards.add(out);
                processes.add(run(out, "--shard", i + "/" + SHARDS, "--start-at", startAt.toString()));
            }
            for (int i = 0; i < SHARDS; i++) {
                await(processes.get(i), shards.get(i));
            }
        } finally {
            processes.forEach(Process::destroyForcibly);
        }

        Path merged = home.resolve("merged.jsonl");
        List<String> mergeArgs = new ArrayList<>(List.of("merge", "--out", merged.toString()));
        shards.forEach(s -> mergeArgs.add(s.toString()));
        MainTest.Run m = MainTest.run(mergeArgs.toArray(String[]::new));
        assertThat(m.exitCode()).as(m.err()).isZero();
        assertThat(m.out()).contains("merged 4 interval logs into " + merged + ".hlog");
        double spreadSeconds = Double.parseDouble(m.out().replaceAll("(?s).*shards started ([0-9.]+) s apart.*", "$1"));
        assertThat(spreadSeconds).as("--start-at lines the shards up").isLessThan(1.0);
        assertThat(Files.readString(Path.of(merged + ".hlog"))).contains("#start-at " + startAt);

        List<RequestRecord> whole = JsonlReader.read(single);
        List<RequestRecord> joined = JsonlReader.read(merged);
        assertThat(whole).hasSizeGreaterThan(300);
        assertThat(schedNanos(joined)).as("the shards fire the one process's scheduled times between them")
                .isEqualTo(schedNanos(whole));
        assertThat(joined.stream().map(RequestRecord::segment).distinct().count()).isEqualTo(SHARDS);

        JsonNode a = analyze(single);
        JsonNode b = analyze(merged);
        assertThat(b.path("records").asLong()).isEqualTo(a.path("records").asLong());
        assertThat(b.path("outcomes")).isEqualTo(a.path("outcomes"));
        assertThat(b.path("ok").asLong()).isEqualTo(whole.size());
        assertThat(exits(joined)).as("20 sticky sessions, each on its exit").hasSize(20).isEqualTo(exits(whole));
        double steadySingle = a.path("steady").path("steady_rps").asDouble();
        assertThat(b.path("steady").path("steady_rps").asDouble()).as("steady successful req/s, merged vs single")
                .isCloseTo(steadySingle, within(steadySingle * THROUGHPUT_TOLERANCE));
    }

    private static List<String> exits(List<RequestRecord> records) {
        return records.stream().map(RequestRecord::ip).filter(Objects::nonNull).distinct().sorted()
                .collect(Collectors.toList());
    }
}
