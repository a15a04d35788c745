package io.proxybench.lab.interop.peers;

import io.proxybench.lab.pki.LabCa;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A real nghttpx 1.52 on 127.0.0.1 in HTTP/2 proxy mode ({@code http2-proxy=yes}): a TLS listener offering h2 and
 * http/1.1 by ALPN, with a certificate for {@code localhost} and {@code 127.0.0.1} issued by the lab CA, that
 * takes each CONNECT stream (RFC 9113 §8.5) and forwards it as an HTTP/1.1 CONNECT to one backend forward proxy
 * (squid). One worker, one foreground process; config, logs and pid file in a private folder; {@link #close()}
 * stops it by PID.
 */
public final class Nghttpx implements AutoCloseable {

    /** What nghttpx advertises as SETTINGS_MAX_CONCURRENT_STREAMS unless told otherwise. */
    public static final int DEFAULT_MAX_CONCURRENT_STREAMS = 100;

    /**
     * Backend connections nghttpx opens per {@code :authority} at once. Its default, 8, holds a 9th CONNECT to the
     * same host and port until one of the first 8 tunnels closes; a client that keeps its tunnels then waits for
     * ever, so the launcher raises it above any test's tunnel count.
     */
    private static final int BACKEND_CONNECTIONS_PER_HOST = 256;
    private static final Duration START_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration LOG_WAIT = Duration.ofSeconds(5);

    private final int port;
    private final Path accessLog;
    private final PeerProcess process;

    private Nghttpx(int port, Path accessLog, PeerProcess process) {
        this.port = port;
        this.accessLog = accessLog;
        this.process = process;
    }

    /** An HTTP/2 proxy in front of the forward proxy on 127.0.0.1:{@code backendPort}, 100 streams per connection. */
    public static Nghttpx start(LabCa ca, int backendPort) {
        return start(ca, backendPort, DEFAULT_MAX_CONCURRENT_STREAMS);
    }

    /** As {@link #start(LabCa, int)}, advertising {@code maxConcurrentStreams} streams per client connection. */
    public static Nghttpx start(LabCa ca, int backendPort, int maxConcurrentStreams) {
        Path nghttpx = Peer.require("nghttpx", "nghttp2-proxy");
        Path folder = PeerProcess.newFolder("nghttpx");
        int port = Peer.freePort();
        Path config = folder.resolve("nghttpx.conf");
        Path accessLog = folder.resolve("access.log");
        Path errorLog = folder.resolve("error.log");
        ServerPem pem = ServerPem.write(ca, folder);
        try {
            Files.writeString(config, config(folder, port, backendPort, maxConcurrentStreams, pem, accessLog, errorLog),
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write nghttpx config in " + folder, e);
        }
        PeerProcess process = PeerProcess.launch("nghttpx", folder,
                List.of(nghttpx.toString(), "--conf=" + config), port, START_TIMEOUT, List.of(errorLog, accessLog));
        return new Nghttpx(port, accessLog, process);
    }

    public int port() {
        return port;
    }

    /** {@code https://127.0.0.1:PORT}, the proxy URL for a client that trusts the lab CA. */
    public String url() {
        return "https://127.0.0.1:" + port;
    }

    /**
     * The access log's lines so far, one per finished stream or HTTP/1.1 request:
     * {@code $remote_addr:$remote_port "$request" $status $alpn}, e.g.
     * {@code 127.0.0.1:41234 "CONNECT 127.0.0.1:8443 HTTP/2" 200 h2}; the client's address and port name its
     * connection, so streams of one connection share them.
     */
    public List<String> accessLog() {
        return PeerProcess.readLines(accessLog);
    }

    /** Waits up to 5 s until {@code count} access log lines contain every fragment, and returns them. */
    public List<String> awaitAccessLog(int count, String... fragments) {
        return process.awaitLines(accessLog, count, LOG_WAIT, fragments);
    }

    /** The last lines of nghttpx's output and logs, for failure messages. */
    public String logTails() {
        return process.logTails();
    }

    @Override
    public void close() {
        process.close();
    }

    private static String config(Path folder, int port, int backendPort, int maxConcurrentStreams, ServerPem pem,
            Path accessLog, Path errorLog) {
        return """
                # proxybench interop nghttpx: loopback only, one worker process, everything in %1$s
                frontend=127.0.0.1,%2$d
                backend=127.0.0.1,%3$d
                http2-proxy=yes
                private-key-file=%4$s
                certificate-file=%5$s
                workers=1
                single-process=yes
                pid-file=%1$s/nghttpx.pid
                accesslog-file=%6$s
                accesslog-format=$remote_addr:$remote_port "$request" $status $alpn
                errorlog-file=%7$s
                frontend-http2-max-concurrent-streams=%8$d
                backend-connections-per-host=%9$d
                # No OCSP fetching (it would start a helper script and reach out); no DNS: the backend is an address.
                no-ocsp=yes
                """.formatted(folder, port, backendPort, pem.key(), pem.chain(), accessLog, errorLog,
                maxConcurrentStreams, BACKEND_CONNECTIONS_PER_HOST);
    }
}
