package io.proxybench.lab.interop.peers;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A real microsocks SOCKS5 server on 127.0.0.1, without authentication or with one user name and password
 * (RFC 1929). {@link #close()} stops it by PID.
 */
public final class Microsocks implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(10);

    private final int port;
    private final PeerProcess process;

    private Microsocks(int port, PeerProcess process) {
        this.port = port;
        this.process = process;
    }

    /** A microsocks that lets any client in. */
    public static Microsocks start() {
        return launch(List.of());
    }

    /**
     * A microsocks that takes only {@code user} with {@code password} ({@code -u}, {@code -P}): it rejects other
     * credentials, and a client that offers none gets "no acceptable methods".
     */
    public static Microsocks startWithAuth(String user, String password) {
        return launch(List.of("-u", user, "-P", password));
    }

    private static Microsocks launch(List<String> auth) {
        Path microsocks = Peer.require("microsocks", "microsocks");
        Path folder = PeerProcess.newFolder("microsocks");
        int port = Peer.freePort();
        List<String> command = new ArrayList<>(List.of(microsocks.toString(), "-i", "127.0.0.1", "-p",
                Integer.toString(port)));
        command.addAll(auth);
        PeerProcess process = PeerProcess.launch("microsocks", folder, command, port, START_TIMEOUT, List.of());
        return new Microsocks(port, process);
    }

    public int port() {
        return port;
    }

    /** {@code socks5h://127.0.0.1:PORT}: microsocks resolves host names. */
    public String url() {
        return "socks5h://127.0.0.1:" + port;
    }

    @Override
    public void close() {
        process.close();
    }
}
