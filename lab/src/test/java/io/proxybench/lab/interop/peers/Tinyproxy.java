package io.proxybench.lab.interop.peers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A real tinyproxy on 127.0.0.1: HTTP forward proxy and CONNECT to any port, no auth, clients from 127.0.0.0/8. As
 * root it runs as {@code nobody}, so its folder is handed to that user. {@link #close()} stops it by PID.
 */
public final class Tinyproxy implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(10);

    private final int port;
    private final PeerProcess process;

    private Tinyproxy(int port, PeerProcess process) {
        this.port = port;
        this.process = process;
    }

    public static Tinyproxy start() {
        Path tinyproxy = Peer.require("tinyproxy", "tinyproxy");
        Path folder = PeerProcess.newFolder("tinyproxy");
        int port = Peer.freePort();
        Path config = folder.resolve("tinyproxy.conf");
        // No ConnectPort line: CONNECT may reach any port.
        String text = """
                Port %d
                Listen 127.0.0.1
                Timeout 600
                MaxClients 256
                Allow 127.0.0.0/8
                LogLevel Error
                LogFile "%s"
                PidFile "%s"
                DisableViaHeader Yes
                """.formatted(port, folder.resolve("tinyproxy.log"), folder.resolve("tinyproxy.pid"));
        if (Peer.runningAsRoot()) {
            text += "User nobody\nGroup nogroup\n";
        }
        try {
            Files.writeString(config, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write tinyproxy config in " + folder, e);
        }
        if (Peer.runningAsRoot()) {
            Peer.run(List.of("chown", "-R", "nobody", folder.toString()), Duration.ofSeconds(10));
        }
        PeerProcess process = PeerProcess.launch("tinyproxy", folder,
                List.of(tinyproxy.toString(), "-d", "-c", config.toString()), port, START_TIMEOUT,
                List.of(folder.resolve("tinyproxy.log")));
        return new Tinyproxy(port, process);
    }

    /** {@code http://127.0.0.1:PORT}. */
    public String url() {
        return "http://127.0.0.1:" + port;
    }

    @Override
    public void close() {
        process.close();
    }
}
