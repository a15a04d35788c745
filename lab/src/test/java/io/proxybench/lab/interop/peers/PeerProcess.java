package io.proxybench.lab.interop.peers;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real peer running in the foreground under {@code timeout}, with its config, logs and pid file in a
 * folder of its own. {@link #close()} stops it and everything it spawned by PID, then deletes the folder.
 */
final class PeerProcess implements AutoCloseable {

    /** Upper bound on a peer's life should the JVM die without closing it. */
    private static final String MAX_LIFETIME = "15m";
    private static final Duration STOP_GRACE = Duration.ofSeconds(5);
    private static final long PROBE_INTERVAL_MILLIS = 50;
    private static final int TAIL_LINES = 25;

    private final String name;
    private final Path folder;
    private final Path output;
    private final List<Path> logs;
    private final Process process;

    private PeerProcess(String name, Path folder, Path output, List<Path> logs, Process process) {
        this.name = name;
        this.folder = folder;
        this.output = output;
        this.logs = logs;
        this.process = process;
    }

    /** A fresh private folder for one peer's config, logs and pid file. */
    static Path newFolder(String name) {
        try {
            return Files.createTempDirectory("proxybench-" + name + "-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temp folder for " + name, e);
        }
    }

    /**
     * Starts {@code command} and waits until 127.0.0.1:{@code port} accepts connections. On failure the
     * peer is stopped and the error carries the tail of its output and of {@code logs}.
     */
    static PeerProcess launch(String name, Path folder, List<String> command, int port, Duration startTimeout,
                              List<Path> logs) {
        Path timeout = Peer.require("timeout", "coreutils");
        List<String> wrapped = new ArrayList<>(List.of(timeout.toString(), "--kill-after=5s", MAX_LIFETIME));
        wrapped.addAll(command);
        Path output = folder.resolve(name + ".out");
        Process process;
        try {
            process = new ProcessBuilder(wrapped)
                    .directory(folder.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + String.join(" ", command), e);
        }
        PeerProcess peer = new PeerProcess(name, folder, output, List.copyOf(logs), process);
        try {
            peer.awaitAccepting(String.join(" ", command), port, startTimeout);
            return peer;
        } catch (RuntimeException | Error e) {
            peer.close();
            throw e;
        }
    }

    /** The last lines of the peer's stdout/stderr and logs, for failure messages. */
    String logTails() {
        StringBuilder text = new StringBuilder();
        for (Path file : Stream.concat(Stream.of(output), logs.stream()).toList()) {
            text.append("\n--- ").append(file).append(" (last ").append(TAIL_LINES).append(" lines) ---\n");
            text.append(tail(file));
        }
        return text.toString();
    }

    /** The peer's combined stdout and stderr. */
    Path output() {
        return output;
    }

    /**
     * Waits up to {@code timeout} for a line of {@code file} containing every fragment and returns it; peers
     * log a transaction just after it ends, so a client may finish before its line appears.
     */
    String awaitLine(Path file, Duration timeout, String... fragments) {
        long deadline = System.nanoTime() + timeout.toNanos();
        do {
            for (String line : readLines(file)) {
                if (Stream.of(fragments).allMatch(line::contains)) {
                    return line;
                }
            }
            sleep(PROBE_INTERVAL_MILLIS);
        } while (System.nanoTime() < deadline);
        throw new AssertionError(name + " logged no line containing all of " + List.of(fragments) + " in " + file
                + " within " + timeout + logTails());
    }

    /**
     * Waits up to {@code timeout} until {@code count} lines of {@code file} contain every fragment, and returns
     * them; fails with the lines found so far when fewer appear.
     */
    List<String> awaitLines(Path file, int count, Duration timeout, String... fragments) {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<String> matching;
        do {
            matching = readLines(file).stream().filter(line -> Stream.of(fragments).allMatch(line::contains)).toList();
            if (matching.size() >= count) {
                return matching;
            }
            sleep(PROBE_INTERVAL_MILLIS);
        } while (System.nanoTime() < deadline);
        throw new AssertionError(name + " logged " + matching.size() + " of " + count + " lines containing all of "
                + List.of(fragments) + " in " + file + " within " + timeout + logTails());
    }

    /** The lines of one of the peer's files so far; none if it is not written yet. */
    static List<String> readLines(Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private void awaitAccepting(String command, int port, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError(name + " exited with code " + process.exitValue()
                        + " before accepting connections on 127.0.0.1:" + port + "; command: " + command
                        + logTails());
            }
            if (accepts(port)) {
                return;
            }
            sleep(PROBE_INTERVAL_MILLIS);
        }
        throw new AssertionError(name + " did not accept connections on 127.0.0.1:" + port + " within " + timeout
                + "; command: " + command + logTails());
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
            return true;
        } catch (IOException notYet) {
            return false;
        }
    }

    /** SIGTERM, then SIGKILL after a grace period; then SIGKILL to any helper it left behind. */
    @Override
    public void close() {
        List<ProcessHandle> spawned = process.descendants().toList();
        process.destroy();
        try {
            if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        spawned.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        deleteRecursively(folder);
    }

    private static String tail(Path file) {
        if (!Files.exists(file)) {
            return "(not written)\n";
        }
        List<String> lines = readLines(file);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size())) + "\n";
    }

    private void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for " + name, e);
        }
    }

    private static void deleteRecursively(Path folder) {
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete peer folder " + folder, e);
        }
    }
}
