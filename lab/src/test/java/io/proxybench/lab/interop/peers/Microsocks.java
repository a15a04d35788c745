package io.proxybench.lab.interop.peers;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** A real microsocks SOCKS5 server on 127.0.0.1, without authentication. {@link #close()} stops it by PID. */
public final class Microsocks implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(10);

    private final int port;
    private final PeerProcess process;

    private Microsocks(int port, PeerProcess process) {
        this.port = port;
        this.process = process;
    }

    public static Microsocks start() {
        Path microsocks = Peer.require("microsocks", "microsocks");
        Path folder = PeerProcess.newFolder("microsocks");
        int port = Peer.freePort();
        PeerProcess process = PeerProcess.launch("microsocks", folder,
                List.of(microsocks.toString(), "-i", "127.0.0.1", "-p", Integer.toString(port)), port,
                START_TIMEOUT, List.of());
        return new Microsocks(port, process);
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
