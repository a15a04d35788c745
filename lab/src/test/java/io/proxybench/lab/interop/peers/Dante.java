package io.proxybench.lab.interop.peers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A real dante 1.4 SOCKS5 server on 127.0.0.1, without authentication or with username/password checked against
 * the system's users, relaying for clients on 127.0.0.0/8 from 127.0.0.1. Its config and pid file live in a
 * private folder; {@link #close()} stops it by PID.
 */
public final class Dante implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration LOG_WAIT = Duration.ofSeconds(5);

    private final int port;
    private final PeerProcess process;

    private Dante(int port, PeerProcess process) {
        this.port = port;
        this.process = process;
    }

    /** A dante that relays for any client without authentication. */
    public static Dante start() {
        return launch(null);
    }

    /**
     * A dante that requires SOCKS5 username/password auth ({@code socksmethod: username}) and relays only for
     * {@code user}, a system user whose password dante checks against the system's password database (so it
     * must run as root to read the shadow file). The caller creates the user and removes it afterwards.
     */
    public static Dante startWithUsername(String user) {
        if (!user.matches("[a-z_][a-z0-9_-]*")) {
            throw new IllegalArgumentException("'" + user + "' is not a plain system user name");
        }
        return launch(user);
    }

    private static Dante launch(String user) {
        Path danted = Peer.require("danted", "dante-server");
        Path folder = PeerProcess.newFolder("danted");
        int port = Peer.freePort();
        Path config = folder.resolve("danted.conf");
        try {
            Files.writeString(config, config(port, user), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write danted config in " + folder, e);
        }
        PeerProcess process = PeerProcess.launch("danted", folder,
                List.of(danted.toString(), "-f", config.toString(), "-p", folder.resolve("danted.pid").toString()),
                port, START_TIMEOUT, List.of());
        return new Dante(port, process);
    }

    public int port() {
        return port;
    }

    /** {@code socks5h://127.0.0.1:PORT}, for curl {@code -x}: dante resolves host names (hey has no SOCKS). */
    public String url() {
        return "socks5h://127.0.0.1:" + port;
    }

    /**
     * Waits up to 5 s for a line of dante's log containing every fragment, e.g. {@code "tcp/connect",
     * "127.0.0.1.8080"} (dante writes addresses as {@code IP.PORT}), and returns it.
     */
    public String awaitLog(String... fragments) {
        return process.awaitLine(process.output(), LOG_WAIT, fragments);
    }

    @Override
    public void close() {
        process.close();
    }

    private static String config(int port, String user) {
        String method = user == null ? "none" : "username";
        String ruleAuth = user == null ? "" : "    socksmethod: username\n    user: " + user + "\n";
        return """
                # proxybench interop dante: loopback only, authentication: %2$s
                logoutput: stderr
                internal: 127.0.0.1 port = %1$d
                external: 127.0.0.1
                socksmethod: %2$s
                clientmethod: none
                user.privileged: root
                user.unprivileged: nobody
                client pass {
                    from: 127.0.0.0/8 to: 0.0.0.0/0
                }
                socks pass {
                    from: 127.0.0.0/8 to: 0.0.0.0/0
                %3$s    log: connect disconnect error
                }
                """.formatted(port, method, ruleAuth);
    }
}
