package io.proxybench.lab.interop.peers;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/** Helpers for interop tests that drive real peers (squid, dante, curl, hey) on loopback. */
public final class Peer {

    /** Debian keeps daemons in sbin folders, which a non-root PATH usually lacks. */
    private static final List<String> SBIN_FOLDERS = List.of("/usr/local/sbin", "/usr/sbin", "/sbin");

    private Peer() {
    }

    /**
     * Returns the absolute path of {@code binary}. When it is missing the test fails if env {@code CI=true}
     * (CI must run every interop test) and is skipped otherwise, with the apt-get line that installs it.
     */
    public static Path require(String binary, String debianPackage) {
        Optional<Path> found = find(binary);
        if (found.isPresent()) {
            return found.get();
        }
        String message = "interop peer " + binary + " missing: install with apt-get install -y " + debianPackage
                + " (bin/test does this as root)";
        if ("true".equals(System.getenv("CI"))) {
            throw new AssertionError(message);
        }
        Assumptions.abort(message);
        throw new IllegalStateException("unreachable: Assumptions.abort always throws");
    }

    /** A port on 127.0.0.1 that was free a moment ago (the kernel picks it from the ephemeral range). */
    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port on 127.0.0.1", e);
        }
    }

    /**
     * Runs a short client command to completion and returns what it printed. A command still running after
     * {@code timeout} is killed and the test fails with its output so far.
     */
    public static CommandResult run(List<String> command, Duration timeout) {
        Path stdout = null;
        Path stderr = null;
        try {
            stdout = Files.createTempFile("proxybench-run-", ".out");
            stderr = Files.createTempFile("proxybench-run-", ".err");
            Process process = new ProcessBuilder(command)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(stdout.toFile())
                    .redirectError(stderr.toFile())
                    .start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                List<ProcessHandle> spawned = process.descendants().toList();
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                spawned.forEach(ProcessHandle::destroyForcibly);
                throw new AssertionError(String.join(" ", command) + " still running after " + timeout
                        + ", killed it and its children\n--- stdout ---\n" + Files.readString(stdout, StandardCharsets.UTF_8)
                        + "\n--- stderr ---\n" + Files.readString(stderr, StandardCharsets.UTF_8));
            }
            return new CommandResult(List.copyOf(command), process.exitValue(),
                    Files.readString(stdout, StandardCharsets.UTF_8), Files.readString(stderr, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + String.join(" ", command), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while running " + String.join(" ", command), e);
        } finally {
            deleteQuietly(stdout);
            deleteQuietly(stderr);
        }
    }

    static boolean runningAsRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static Optional<Path> find(String binary) {
        List<String> folders = new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)));
        folders.addAll(SBIN_FOLDERS);
        return folders.stream()
                .filter(folder -> !folder.isEmpty())
                .map(folder -> Path.of(folder, binary))
                .filter(Files::isExecutable)
                .findFirst();
    }

    private static void deleteQuietly(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // A leftover temp file is harmless; the command's result matters more.
        }
    }
}
