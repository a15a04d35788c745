package io.proxybench.lab.interop.peers;

import io.proxybench.lab.pki.LabCa;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A real nginx 1.22 on 127.0.0.1 as an independent origin: a TLS port offering h2 and http/1.1 by ALPN, with a
 * certificate for {@code localhost} and {@code 127.0.0.1} issued by the lab CA, and a plain HTTP/1.1 port. Both
 * serve {@code /trace}, a body of {@code key=value} lines ({@code ip}, {@code conn}, {@code req}, {@code proto})
 * from nginx's own variables, and log every request as
 * {@code $remote_addr $connection $connection_requests $server_protocol $server_port "$request" $status}.
 * It runs in the foreground as one process ({@code daemon off; master_process off;}) with config, logs, pid and
 * temp files in a private folder; {@link #close()} stops it by PID.
 */
public final class Nginx implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration LOG_WAIT = Duration.ofSeconds(5);

    private final int httpsPort;
    private final int httpPort;
    private final Path accessLog;
    private final PeerProcess process;

    private Nginx(int httpsPort, int httpPort, Path accessLog, PeerProcess process) {
        this.httpsPort = httpsPort;
        this.httpPort = httpPort;
        this.accessLog = accessLog;
        this.process = process;
    }

    /** Starts nginx with a server certificate from {@code ca}; clients trust it through {@code ca.certFile()}. */
    public static Nginx start(LabCa ca) {
        Path nginx = Peer.require("nginx", "nginx-light");
        Path folder = PeerProcess.newFolder("nginx");
        int httpsPort = Peer.freePort();
        int httpPort = Peer.freePort();
        while (httpPort == httpsPort) {
            httpPort = Peer.freePort();
        }
        Path config = folder.resolve("nginx.conf");
        Path accessLog = folder.resolve("access.log");
        Path errorLog = folder.resolve("error.log");
        ServerPem pem = ServerPem.write(ca, folder);
        try {
            Files.writeString(config, config(folder, httpsPort, httpPort, pem.key(), pem.chain(), accessLog, errorLog),
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write nginx config in " + folder, e);
        }
        PeerProcess process = PeerProcess.launch("nginx", folder,
                List.of(nginx.toString(), "-p", folder.toString(), "-c", config.toString()),
                httpsPort, START_TIMEOUT, List.of(errorLog, accessLog));
        return new Nginx(httpsPort, httpPort, accessLog, process);
    }

    /** The TLS port: h2 and http/1.1 by ALPN. */
    public int httpsPort() {
        return httpsPort;
    }

    /** The plain HTTP/1.1 port. */
    public int httpPort() {
        return httpPort;
    }

    /** {@code https://HOST:HTTPS_PORT/trace}; {@code host} is {@code 127.0.0.1} or {@code localhost}. */
    public String httpsTrace(String host) {
        return "https://" + host + ":" + httpsPort + "/trace";
    }

    /** {@code http://127.0.0.1:HTTP_PORT/trace}. */
    public String httpTrace() {
        return "http://127.0.0.1:" + httpPort + "/trace";
    }

    /** The access log's lines so far (the readiness probe sends no request, so it leaves none). */
    public List<String> accessLog() {
        return PeerProcess.readLines(accessLog);
    }

    /**
     * Waits up to 5 s for an access log line containing every fragment, e.g. {@code "127.0.0.1 7 2 HTTP/2.0"},
     * and returns it.
     */
    public String awaitAccessLog(String... fragments) {
        return process.awaitLine(accessLog, LOG_WAIT, fragments);
    }

    /** The last lines of nginx's output and logs, for failure messages. */
    public String logTails() {
        return process.logTails();
    }

    /** The {@code key=value} lines of a {@code /trace} body as a map, in order. */
    public static Map<String, String> trace(String body) {
        Map<String, String> trace = new LinkedHashMap<>();
        for (String line : body.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                trace.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return trace;
    }

    @Override
    public void close() {
        process.close();
    }

    private static String config(Path folder, int httpsPort, int httpPort, Path key, Path chain, Path accessLog,
            Path errorLog) {
        return """
                # proxybench interop nginx: loopback only, one foreground process, everything in %1$s
                daemon off;
                master_process off;
                worker_processes 1;
                pid %1$s/nginx.pid;
                error_log %6$s notice;
                events {
                    worker_connections 256;
                }
                http {
                    client_body_temp_path %1$s/body;
                    proxy_temp_path %1$s/proxy;
                    fastcgi_temp_path %1$s/fastcgi;
                    uwsgi_temp_path %1$s/uwsgi;
                    scgi_temp_path %1$s/scgi;
                    log_format trace '$remote_addr $connection $connection_requests $server_protocol '
                                     '$server_port "$request" $status';
                    access_log %5$s trace;
                    default_type text/plain;
                    keepalive_requests 1000;
                    keepalive_timeout 60s;
                    server {
                        listen 127.0.0.1:%2$d ssl http2;
                        listen 127.0.0.1:%3$d;
                        server_name localhost 127.0.0.1;
                        ssl_certificate %4$s;
                        ssl_certificate_key %7$s;
                        ssl_protocols TLSv1.2 TLSv1.3;
                        location /trace {
                            return 200 "ip=$remote_addr\\nconn=$connection\\nreq=$connection_requests\\nproto=$server_protocol\\n";
                        }
                        location / {
                            return 404 "not found\\n";
                        }
                    }
                }
                """.formatted(folder, httpsPort, httpPort, chain, accessLog, errorLog, key);
    }
}
