package io.proxybench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.opentest4j.TestAbortedException;

/**
 * {@code proxybench lab --json} in a JVM of its own, started through {@code prlimit} with an open-files limit of
 * its own, so that the lab's sockets count against neither the test's limit nor another lab's. Its output goes to
 * {@code <name>.out} and {@code <name>.err} in a folder the caller gives. {@link #close()} stops it by its PID.
 */
final class LabProcess implements AutoCloseable {

    /** A lab that prints no endpoints by then is taken as failed to start. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);
    /** The child's own bound: it stops by itself after this even if nobody stops it. */
    private static final String RUN_FOR = "15m";

    private final Process process;
    private final JsonNode endpoints;

    private LabProcess(Process process, JsonNode endpoints) {
        this.process = process;
        this.endpoints = endpoints;
    }

    /**
     * Checks that a child may have {@code openFiles} descriptors: {@code prlimit} sets both limits to it, which
     * lowering always allows and raising allows only to a user who may (root with CAP_SYS_RESOURCE).
     *
     * @throws TestAbortedException naming the limits, what {@code prlimit} said and the fix, when it cannot
     */
    static void requireOpenFiles(int openFiles, String why) throws IOException, InterruptedException {
        String refused;
        try {
            Process check = new ProcessBuilder("prlimit", "--nofile=" + openFiles + ":" + openFiles, "--", "true")
                    .redirectErrorStream(true).start();
            String said = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (check.waitFor() == 0) {
                return;
            }
            refused = "prlimit said: " + said;
        } catch (IOException notFound) {
            refused = "prlimit (util-linux) is not installed: " + notFound.getMessage();
        }
        throw new TestAbortedException("a child process needs " + openFiles + " open files (" + why
                + ") but its limit cannot be set: open-files limits here are " + openFilesLimits() + "; " + refused
                + ". Raise the hard limit first, e.g. `ulimit -Hn " + openFiles + "` as root (a container needs"
                + " CAP_SYS_RESOURCE for that)");
    }

    /** This process's open-files limits as {@code /proc/self/limits} gives them: "soft N, hard N". */
    private static String openFilesLimits() throws IOException {
        return Files.readAllLines(Path.of("/proc/self/limits")).stream()
                .filter(l -> l.startsWith("Max open files"))
                .map(l -> l.substring("Max open files".length()).trim().split("\\s+"))
                .map(f -> "soft " + f[0] + ", hard " + f[1])
                .findFirst().orElse("unknown");
    }

    /**
     * Starts a lab with {@code labArgs} (after {@code lab --json --for 15m}) in a JVM with {@code jvmArgs}, limited
     * to {@code openFiles} descriptors, and waits for its endpoints.
     *
     * @throws IllegalStateException when it exits or prints nothing within a minute (it is stopped then)
     */
    static LabProcess start(String name, Path dir, int openFiles, List<String> jvmArgs, String... labArgs)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("prlimit", "--nofile=" + openFiles + ":" + openFiles, "--",
                Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(jvmArgs);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "lab", "--json", "--for", RUN_FOR));
        command.addAll(List.of(labArgs));
        Path out = dir.resolve(name + ".out");
        Path err = dir.resolve(name + ".err");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        ObjectMapper json = new ObjectMapper();
        try {
            while (System.nanoTime() < deadline && process.isAlive()) {
                String printed = Files.readString(out);
                if (printed.endsWith("\n")) {
                    return new LabProcess(process, json.readTree(printed));
                }
                Thread.sleep(100);
            }
            throw new IllegalStateException("lab " + name + " printed no endpoints within " + START_TIMEOUT
                    + (process.isAlive() ? "" : " and exited with " + process.exitValue()) + "; its stderr: "
                    + Files.readString(err).strip());
        } catch (IOException | RuntimeException | InterruptedException e) {
            stop(process);
            throw e;
        }
    }

    long pid() {
        return process.pid();
    }

    /** The {@code https://} proxy port. */
    int gatewayTlsPort() {
        return URI.create(endpoints.path("gateway_tls").asText()).getPort();
    }

    int targetHttpsPort() {
        return URI.create(endpoints.path("target_https").asText()).getPort();
    }

    Path caFile() {
        return Path.of(endpoints.path("ca_file").asText());
    }

    /** The gateway's counters from its admin endpoint. */
    JsonNode gatewayCounters() throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(endpoints.path("admin").asText()))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        return new ObjectMapper().readTree(response.body());
    }

    /**
     * Stops the lab (SIGTERM: its shutdown hook closes it) and waits for it to exit; kills it when it has not
     * within 20 s.
     *
     * @return true when it exited by itself after SIGTERM
     */
    boolean stop() throws InterruptedException {
        return stop(process);
    }

    private static boolean stop(Process process) throws InterruptedException {
        process.destroy();
        if (process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
            return true;
        }
        process.destroyForcibly();
        process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        return false;
    }

    /** Stops the lab if it still runs; interrupted, kills it at once. */
    @Override
    public void close() {
        if (!process.isAlive()) {
            return;
        }
        try {
            stop(process);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
