package io.proxybench.client.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A real server (nginx, a python script) on 127.0.0.1 for the client's interop tests, run in the foreground under
 * {@code timeout} from a folder of its own; {@link #close()} stops it and what it spawned by PID and deletes the
 * folder. A missing peer skips the test with the line that installs it, and fails it when env {@code CI=true}: CI
 * runs every interop test. (The lab module's interop tests have their own peers; these live here because nothing
 * outside the client module may use its internal packages.)
 */
public final class ExternalPeer implements AutoCloseable {

    /** Upper bound on a peer's life should the JVM die without closing it. */
    private static final String MAX_LIFETIME = "10m";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration STOP_GRACE = Duration.ofSeconds(5);
    private static final List<String> SBIN_FOLDERS = List.of("/usr/local/sbin", "/usr/sbin", "/sbin");

    private final String name;
    private final Path folder;
    private final Path output;
    private final Process process;

    private ExternalPeer(String name, Path folder, Path output, Process process) {
        this.name = name;
        this.folder = folder;
        this.output = output;
        this.process = process;
    }

    /**
     * The absolute path of {@code binary}, searched in PATH and the sbin folders; when missing, the test is skipped
     * (failed under {@code CI=true}) with {@code apt-get install -y PACKAGES}.
     */
    public static Path require(String binary, String debianPackages) {
        Optional<Path> found = find(binary);
        if (found.isEmpty()) {
            missing(binary, debianPackages);
        }
        return found.orElseThrow();
    }

    /**
     * Skips the test (fails it under {@code CI=true}) when {@code present} is false: for a peer that is more than a
     * binary, such as a python module.
     */
    public static void requireThat(boolean present, String what, String debianPackages) {
        if (!present) {
            missing(what, debianPackages);
        }
    }

    /** A port on 127.0.0.1 that was free a moment ago. */
    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port on 127.0.0.1", e);
        }
    }

    /** A fresh private folder for one peer's files; {@link #close()} deletes it. */
    public static Path newFolder(String name) {
        try {
            return Files.createTempDirectory("proxybench-" + name + "-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temp folder for " + name, e);
        }
    }

    /**
     * Runs {@code command} in {@code folder} and waits until 127.0.0.1:{@code port} accepts connections; on failure
     * stops it and fails with the tail of its output.
     */
    public static ExternalPeer start(String name, Path folder, List<String> command, int port) {
        List<String> wrapped = new ArrayList<>(
                List.of(require("timeout", "coreutils").toString(), "--kill-after=5s", MAX_LIFETIME));
        wrapped.addAll(command);
        Path output = folder.resolve(name + ".out");
        Process process;
        try {
            process = new ProcessBuilder(wrapped).directory(folder.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + String.join(" ", command), e);
        }
        ExternalPeer peer = new ExternalPeer(name, folder, output, process);
        try {
            peer.awaitAccepting(String.join(" ", command), port);
            return peer;
        } catch (RuntimeException | Error e) {
            peer.close();
            throw e;
        }
    }

    /** The peer's output so far, for failure messages. */
    public String output() {
        try {
            return Files.exists(output) ? Files.readString(output, StandardCharsets.UTF_8) : "(nothing yet)";
        } catch (IOException e) {
            return "(cannot read " + output + ": " + e.getMessage() + ")";
        }
    }

    /** SIGTERM, SIGKILL after a grace period, then SIGKILL to anything it left; deletes its folder. */
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

    private void awaitAccepting(String command, int port) {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError(name + " exited with code " + process.exitValue() + " before accepting "
                        + "connections on 127.0.0.1:" + port + "; command: " + command + "\n" + output());
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
                return;
            } catch (IOException notYet) {
                sleep();
            }
        }
        throw new AssertionError(name + " did not accept connections on 127.0.0.1:" + port + " within "
                + START_TIMEOUT + "; command: " + command + "\n" + output());
    }

    private static void missing(String what, String debianPackages) {
        String message = "interop peer " + what + " missing: install with apt-get install -y " + debianPackages
                + " (bin/test does this as root)";
        if ("true".equals(System.getenv("CI"))) {
            throw new AssertionError(message);
        }
        Assumptions.abort(message);
    }

    private static Optional<Path> find(String binary) {
        List<String> folders = new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)));
        folders.addAll(SBIN_FOLDERS);
        return folders.stream().filter(folder -> !folder.isEmpty()).map(folder -> Path.of(folder, binary))
                .filter(Files::isExecutable).findFirst();
    }

    private static void sleep() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for a peer", e);
        }
    }

    private static void deleteRecursively(Path folder) {
        try (Stream<Path> paths = Files.walk(folder)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException ignored) {
            // A leftover temp folder is harmless; the test's result matters more.
        }
    }
}
