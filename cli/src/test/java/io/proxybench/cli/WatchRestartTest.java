package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.records.RecordStream;
import io.proxybench.records.history.HistoryDir;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code proxybench watch} as a process, killed with SIGKILL and started again on the same history: the records of
 * every check the page counted a second before the kill are on disk and readable, the restarted watch's page data
 * holds them, {@code analyze --since} reads them, and SIGTERM then ends it with 143. Bounded: each wait is capped,
 * the processes are killed by PID at the end.
 */
class WatchRestartTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void killedWithSigkillAndStartedAgainItLosesNothingButTheLastSecond() throws Exception {
        try (Lab lab = Lab.start(LabConfig.builder().home(dir.resolve("lab")).build())) {
            Path config = dir.resolve("watch.yaml");
            Files.writeString(config, """
                    history: %s
                    listen: 127.0.0.1:0
                    probe_every: 0
                    rate: 5/s
                    ca: %s
                    providers:
                      - name: a
                        proxy: http://lab@127.0.0.1:%d
                        password_env: LAB_PASS
                        provider: lab
                        target: https://127.0.0.1:%d/cdn-cgi/trace
                    """.formatted(dir.resolve("history"), lab.caFile(), lab.gatewayPort(), lab.targetHttpsPort()));
            Process first = watch(config, "first");
            long counted;
            try {
                String base = base(first, "first");
                awaitChecks(base, 40);
                counted = checks(base);
                Thread.sleep(1500);
                assertThat(new ProcessBuilder("kill", "-KILL", String.valueOf(first.pid())).start()
                        .waitFor(10, TimeUnit.SECONDS)).isTrue();
                assertThat(first.waitFor(10, TimeUnit.SECONDS)).isTrue();
                assertThat(first.exitValue()).isEqualTo(137);
            } finally {
                first.destroyForcibly();
            }
            long onDisk = records(dir.resolve("history"));
            assertThat(onDisk).as("records on disk after SIGKILL, against the checks counted 1.5 s before it")
                    .isGreaterThanOrEqualTo(counted);

            Process second = watch(config, "second");
            try {
                String base = base(second, "second");
                assertThat(checks(base)).as("the restarted watch's page data").isGreaterThanOrEqualTo(onDisk);
                MainTest.Run analyze = MainTest.run("analyze", dir.resolve("history").toString(), "--provider", "a",
                        "--since", "10m", "--json");
                assertThat(analyze.exitCode()).as(analyze.err()).isZero();
                assertThat(JSON.readTree(analyze.out()).path("records").asLong()).isGreaterThanOrEqualTo(onDisk);
                second.destroy(); // SIGTERM
                assertThat(second.waitFor(30, TimeUnit.SECONDS)).isTrue();
                assertThat(second.exitValue()).isEqualTo(143);
                assertThat(Files.readString(dir.resolve("second.err"))).contains("watch: stopping");
            } finally {
                second.destroyForcibly();
            }
            assertThat(records(dir.resolve("history"))).isGreaterThan(onDisk);
        }
    }

    private Process watch(Path config, String name) throws IOException {
        ProcessBuilder b = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), Main.class.getName(), "watch",
                "--config", config.toString())).redirectOutput(dir.resolve(name + ".out").toFile())
                .redirectError(dir.resolve(name + ".err").toFile());
        b.environment().put("LAB_PASS", "lab");
        return b.start();
    }

    /** The page's address, once the watch has said it. */
    private String base(Process watch, String name) throws Exception {
        Pattern page = Pattern.compile("page: +(http://\\S+/)");
        long end = System.nanoTime() + LIMIT.toNanos();
        while (System.nanoTime() < end && watch.isAlive()) {
            Path err = dir.resolve(name + ".err");
            Matcher m = page.matcher(Files.exists(err) ? Files.readString(err) : "");
            if (m.find()) {
                return m.group(1);
            }
            Thread.sleep(100);
        }
        throw new AssertionError("watch did not say its page: " + Files.readString(dir.resolve(name + ".err")));
    }

    private static void awaitChecks(String base, long n) throws Exception {
        long end = System.nanoTime() + LIMIT.toNanos();
        while (checks(base) < n) {
            if (System.nanoTime() > end) {
                throw new AssertionError("fewer than " + n + " checks in " + LIMIT);
            }
            Thread.sleep(200);
        }
    }

    /** The checks of provider a in the page's data: its minutes and the minute so far. */
    private static long checks(String base) throws Exception {
        JsonNode a = JSON.readTree(HTTP.send(HttpRequest.newBuilder(URI.create(base + "api/series")).build(),
                HttpResponse.BodyHandlers.ofString()).body()).get("providers").get(0);
        long n = a.get("current").get("checks").asLong();
        for (JsonNode m : a.get("minutes")) {
            n += m.get("checks").asLong();
        }
        return n;
    }

    /** The records of provider a readable in the history, today's and yesterday's. */
    private static long records(Path history) throws IOException {
        HistoryDir h = new HistoryDir(history);
        long n = 0;
        LocalDate today = HistoryDir.dayOf(Instant.now());
        for (LocalDate day : List.of(today.minusDays(1), today)) {
            Path file = h.day("a", day).resolve(HistoryDir.RECORDS);
            if (Files.exists(file)) {
                try (RecordStream in = RecordStream.open(file)) {
                    while (in.next() != null) {
                        n++;
                    }
                }
            }
        }
        return n;
    }
}
