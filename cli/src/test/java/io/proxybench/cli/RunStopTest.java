package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.harness.engine.Records;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.records.JsonlReader;
import io.proxybench.records.RequestRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code proxybench run} in a JVM of its own, stopped by a signal as a user's Ctrl-C, {@code timeout} or Kubernetes
 * stops it: the first SIGINT or SIGTERM ends the run with every record written, the requests in flight recorded as
 * aborted after the grace, the summary of the part that ran, and exit code 130 or 143; a second signal exits at once
 * with the records written so far readable. Each run is bounded (60 s schedule, the child killed after 90 s).
 */
class RunStopTest {

    private static final Duration CHILD_LIMIT = Duration.ofSeconds(90);

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

    /**
     * Starts {@code proxybench run} at 40 req/s for 60 s, half of them to a target that answers after 20 s, so that
     * requests are in flight whenever it is stopped.
     */
    private static Process run(Path dir) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), Main.class.getName(), "run",
                "--url", "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace",
                "--url", "https://127.0.0.1:" + lab.targetHttpsPort() + "/delay/20000",
                "--proxy", "http://u:p@127.0.0.1:" + lab.gatewayPort(), "--ca", lab.caFile().toString(),
                "--rate", "40", "--duration", "60s", "--no-progress", "--out", dir.resolve("run.jsonl").toString()));
        return new ProcessBuilder(command).redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile()).start();
    }

    /** Waits until the child's records file holds {@code lines} lines (it flushes every second). */
    private static void awaitRecords(Path file, int lines, Process child) throws Exception {
        long deadline = System.nanoTime() + CHILD_LIMIT.toNanos();
        while (System.nanoTime() < deadline && child.isAlive()) {
            if (Files.exists(file) && Files.readAllLines(file).size() >= lines) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the run wrote fewer than " + lines + " records in " + CHILD_LIMIT);
    }

    private static void signal(Process child, String signal) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(child.pid())).start();
        assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(kill.exitValue()).as("kill -" + signal).isZero();
    }

    /** The child's exit code, once it has exited by itself, or killed after {@link #CHILD_LIMIT}. */
    private static int exit(Process child) throws Exception {
        if (!child.waitFor(CHILD_LIMIT.toSeconds(), TimeUnit.SECONDS)) {
            child.destroyForcibly();
            throw new AssertionError("the run did not exit within " + CHILD_LIMIT);
        }
        return child.exitValue();
    }

    @Test
    void aFirstSigintStopsTheRunWithEveryRecordAndTheSummaryOfWhatRan(@TempDir Path dir) throws Exception {
        Process child = run(dir);
        Path records = dir.resolve("run.jsonl");
        awaitRecords(records, 60, child);

        long stoppedNanos = System.nanoTime();
        signal(child, "INT");
        int code = exit(child);
        double seconds = (System.nanoTime() - stoppedNanos) / 1e9;

        String out = Files.readString(dir.resolve("out.txt"));
        String err = Files.readString(dir.resolve("err.txt"));
        assertThat(code).as(out + err).isEqualTo(130);
        assertThat(err).contains("SIGINT: stopping the schedule");
        Matcher stopped = Pattern.compile("stopped by SIGINT at [0-9.]+ s: .* \\(([\\d,]+) requests? in flight then"
                + " had no reply within the grace: total_Aborted\\)").matcher(out);
        assertThat(stopped.find()).as(out).isTrue();
        // The delayed requests in flight waited the grace (5 s), not their 20 s, then were recorded as aborted.
        assertThat(seconds).as("exit after the stop").isLessThan(15);
        List<RequestRecord> written = JsonlReader.read(records);
        long aborted = written.stream().filter(r -> Records.ABORTED.equals(r.error())).count();
        assertThat(aborted).isPositive().isEqualTo(Long.parseLong(stopped.group(1).replace(",", "")));
        Matcher summary = Pattern.compile(": (\\d+)/(\\d+) ok,").matcher(out);
        assertThat(summary.find()).as(out).isTrue();
        assertThat(written).as("a record for every request that was due").hasSize(Integer.parseInt(summary.group(2)));
        assertThat(written.stream().filter(RequestRecord::ok).count()).isEqualTo(Long.parseLong(summary.group(1)));
        assertThat(Files.readString(records)).endsWith("\n");
        assertThat(Files.size(dir.resolve("run.jsonl.hlog"))).as("interval log written").isPositive();
    }

    @Test
    void sigtermStopsTheRunAsSigintDoesWithItsOwnExitCode(@TempDir Path dir) throws Exception {
        Process child = run(dir);
        awaitRecords(dir.resolve("run.jsonl"), 20, child);

        child.destroy(); // SIGTERM
        int code = exit(child);

        String out = Files.readString(dir.resolve("out.txt"));
        assertThat(code).as(out + Files.readString(dir.resolve("err.txt"))).isEqualTo(143);
        assertThat(out).contains("stopped by SIGTERM at");
        Matcher summary = Pattern.compile(": (\\d+)/(\\d+) ok,").matcher(out);
        assertThat(summary.find()).as(out).isTrue();
        assertThat(JsonlReader.read(dir.resolve("run.jsonl"))).hasSize(Integer.parseInt(summary.group(2)));
    }

    @Test
    void aSecondSignalExitsAtOnceWithTheRecordsSoFarReadable(@TempDir Path dir) throws Exception {
        Process child = run(dir);
        Path records = dir.resolve("run.jsonl");
        awaitRecords(records, 20, child);

        signal(child, "INT");
        Thread.sleep(300);
        long secondNanos = System.nanoTime();
        signal(child, "INT");
        int code = exit(child);

        assertThat(code).isEqualTo(130);
        assertThat((System.nanoTime() - secondNanos) / 1e9).as("no grace after the second").isLessThan(4);
        String err = Files.readString(dir.resolve("err.txt"));
        assertThat(err).contains("SIGINT again: records flushed, exiting now");
        assertThat(Files.readString(dir.resolve("out.txt"))).doesNotContain("ok,");
        String text = Files.readString(records, StandardCharsets.UTF_8);
        assertThat(text).endsWith("\n");
        assertThat(JsonlReader.read(records)).hasSizeGreaterThanOrEqualTo(20);
    }
}
