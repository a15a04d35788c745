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
 * (squid). One worker in one foreground process ({@code single-process=yes}, which writes no pid file and ignores
 * the reload and graceful-shutdown signals); config and logs in a private folder; {@link #close()} stops it by PID.
 */
public final class Nghttpx implements AutoCloseable {

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

    /**
     * Limits on a client's HTTP/2 connection to nghttpx.
     *
     * @param maxConcurrentStreams what nghttpx advertises as SETTINGS_MAX_CONCURRENT_STREAMS
     *     ({@code frontend-http2-max-concurrent-streams})
     * @param maxStreamsPerConnection streams after which nghttpx sends GOAWAY on the connection
     *     ({@code frontend-max-requests}); 0 for no limit
     */
    public record Limits(int maxConcurrentStreams, int maxStreamsPerConnection) {

        /** nghttpx's own defaults: 100 concurrent streams, no limit per connection. */
        public static final Limits DEFAULT = new Limits(100, 0);

        public Limits withMaxConcurrentStreams(int streams) {
            return new Limits(streams, maxStreamsPerConnection);
        }

        public Limits withMaxStreamsPerConnection(int streams) {
            return new Limits(maxConcurrentStreams, streams);
        }
    }

    /** An HTTP/2 proxy in front of the forward proxy on 127.0.0.1:{@code backendPort}, with nghttpx's limits. */
    public static Nghttpx start(LabCa ca, int backendPort) {
        return start(ca, backendPort, Limits.DEFAULT);
    }

    /** As {@link #start(LabCa, int)}, with {@code limits} on each client connection. */
    public static Nghttpx start(LabCa ca, int backendPort, Limits limits) {
        Path nghttpx = Peer.require("nghttpx", "nghttp2-proxy");
        Path folder = PeerProcess.newFolder("nghttpx");
        int port = Peer.freePort();
        Path config = folder.resolve("nghttpx.conf");
        Path accessLog = folder.resolve("access.log");
        Path errorLog = folder.resolve("error.log");
        ServerPem pem = ServerPem.write(ca, folder);
        try {
            Files.writeString(config, config(folder, port, backendPort, limits, pem, accessLog, errorLog),
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

    private static String config(Path folder, int port, int backendPort, Limits limits, ServerPem pem,
            Path accessLog, Path errorLog) {
        String perConnection = limits.maxStreamsPerConnection() == 0 ? ""
                : "frontend-max-requests=" + limits.maxStreamsPerConnection() + "\n";
        return """
                # proxybench interop nghttpx: loopback only, one worker process, everything in %1$s
                frontend=127.0.0.1,%2$d
                backend=127.0.0.1,%3$d
                http2-proxy=yes
                private-key-file=%4$s
                certificate-file=%5$s
                workers=1
                single-process=yes
                accesslog-file=%6$s
                accesslog-format=$remote_addr:$remote_port "$request" $status $alpn
                errorlog-file=%7$s
                frontend-http2-max-concurrent-streams=%8$d
                backend-connections-per-host=%9$d
                # No OCSP stapling: it would run a helper script for a certificate that names no responder.
                no-ocsp=yes
                """.formatted(folder, port, backendPort, pem.key(), pem.chain(), accessLog, errorLog,
                limits.maxConcurrentStreams(), BACKEND_CONNECTIONS_PER_HOST) + perConnection;
    }
}
