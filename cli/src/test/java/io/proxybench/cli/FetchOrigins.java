package io.proxybench.cli;

import io.proxybench.client.testing.ExternalPeer;
import io.proxybench.lab.interop.peers.Peer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

/**
 * The real origins of {@code fetch}'s interop test, on 127.0.0.1: nginx (gzip on for every type and for proxied
 * requests, {@code /r301} → {@code /r302} (a relative Location) → {@code /r307} → {@code /body.txt}, over http and
 * https with a self-signed certificate from openssl) and the Python origin {@code fetch_origin.py} (br, zstd, deflate,
 * gzip and identity bodies, cookies, and faulty answers). Both serve the same {@link #body()}. {@link #close()} stops
 * them by PID and deletes their folders.
 */
final class FetchOrigins implements AutoCloseable {

    /** The body both serve: 150 KB of random words, which compress as a page does. */
    static final String BODY_FILE = "body.txt";

    private final Path folder;
    private final Path cert;
    private final int nginxHttp;
    private final int nginxHttps;
    private final int python;
    private final ExternalPeer nginx;
    private final ExternalPeer origin;

    private FetchOrigins(Path folder, Path cert, int nginxHttp, int nginxHttps, int python, ExternalPeer nginx,
            ExternalPeer origin) {
        this.folder = folder;
        this.cert = cert;
        this.nginxHttp = nginxHttp;
        this.nginxHttps = nginxHttps;
        this.python = python;
        this.nginx = nginx;
        this.origin = origin;
    }

    static FetchOrigins start() throws IOException {
        Path nginxBinary = ExternalPeer.require("nginx", "nginx-light");
        Path openssl = ExternalPeer.require("openssl", "openssl");
        Path python3 = Path.of("/usr/bin/python3");
        ExternalPeer.requireThat(Files.isExecutable(python3) && Peer.run(List.of(python3.toString(), "-c",
                "import brotli, zstandard"), Duration.ofSeconds(30)).exitCode() == 0,
                "/usr/bin/python3 with brotli and zstandard", "python3-brotli python3-zstandard");
        Path folder = ExternalPeer.newFolder("fetch-origins");
        Path www = Files.createDirectories(folder.resolve("www"));
        Files.writeString(www.resolve(BODY_FILE), words(150_000), StandardCharsets.UTF_8);
        Path cert = folder.resolve("cert.pem");
        Path key = folder.resolve("key.pem");
        Peer.run(List.of(openssl.toString(), "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout",
                key.toString(), "-out", cert.toString(), "-days", "2", "-subj", "/CN=127.0.0.1", "-addext",
                "subjectAltName=IP:127.0.0.1,DNS:localhost"), Duration.ofSeconds(60)).assertSuccess();
        Path script = Files.createDirectories(folder.resolve("python")).resolve("fetch_origin.py");
        try (var in = FetchOrigins.class.getResourceAsStream("fetch_origin.py")) {
            Files.copy(in, script);
        }
        int http = ExternalPeer.freePort();
        int https = ExternalPeer.freePort();
        int py = ExternalPeer.freePort();
        Files.createDirectories(folder.resolve("nginx"));
        Path config = folder.resolve("nginx/nginx.conf");
        Files.writeString(config, nginxConfig(folder.resolve("nginx"), www, http, https, cert, key));
        ExternalPeer nginx = ExternalPeer.start("nginx", folder.resolve("nginx"), List.of(nginxBinary.toString(),
                "-p", folder.resolve("nginx").toString(), "-c", config.toString()), https);
        ExternalPeer origin;
        try {
            origin = ExternalPeer.start("fetch-origin", folder.resolve("python"), List.of(python3.toString(), script.toString(),
                    Integer.toString(py), www.toString()), py);
        } catch (RuntimeException | Error e) {
            nginx.close();
            throw e;
        }
        return new FetchOrigins(folder, cert, http, https, py, nginx, origin);
    }

    /** The body file as both origins serve it. */
    Path body() {
        return folder.resolve("www").resolve(BODY_FILE);
    }

    /** The certificate nginx's https port presents, for --ca and curl's --cacert. */
    Path cert() {
        return cert;
    }

    /** {@code http://127.0.0.1:PORT} of nginx. */
    String nginxHttp() {
        return "http://127.0.0.1:" + nginxHttp;
    }

    /** {@code https://127.0.0.1:PORT} of nginx. */
    String nginxHttps() {
        return "https://127.0.0.1:" + nginxHttps;
    }

    /** {@code http://127.0.0.1:PORT} of the Python origin. */
    String python() {
        return "http://127.0.0.1:" + python;
    }

    @Override
    public void close() {
        try {
            origin.close();
        } finally {
            nginx.close();
            deleteQuietly(folder);
        }
    }

    /** Deterministic text of random words, {@code bytes} long. */
    private static String words(int bytes) {
        Random random = new Random(39);
        String[] dictionary = {"proxy", "exit", "tunnel", "session", "gateway", "origin", "header", "body", "cookie",
            "redirect", "latency", "socks", "connect", "handshake", "residential", "rotation", "sticky", "pool"};
        StringBuilder text = new StringBuilder(bytes + 32);
        while (text.length() < bytes) {
            text.append(dictionary[random.nextInt(dictionary.length)]).append(random.nextInt(1000))
                    .append(random.nextInt(12) == 0 ? '\n' : ' ');
        }
        text.setLength(bytes);
        return text.toString();
    }

    private static String nginxConfig(Path prefix, Path www, int http, int https, Path cert, Path key) {
        return """
                # fetch's interop nginx: loopback only, one foreground process, everything in %1$s
                daemon off;
                master_process off;
                worker_processes 1;
                pid %1$s/nginx.pid;
                error_log %1$s/error.log notice;
                events { worker_connections 256; }
                http {
                    client_body_temp_path %1$s/body;
                    proxy_temp_path %1$s/proxy;
                    fastcgi_temp_path %1$s/fastcgi;
                    uwsgi_temp_path %1$s/uwsgi;
                    scgi_temp_path %1$s/scgi;
                    access_log %1$s/access.log;
                    default_type application/octet-stream;
                    types { text/plain txt; }
                    gzip on;
                    gzip_types *;
                    gzip_min_length 1;
                    gzip_proxied any;
                    gzip_http_version 1.0;
                    server {
                        listen 127.0.0.1:%3$d;
                        listen 127.0.0.1:%4$d ssl http2;
                        server_name 127.0.0.1;
                        ssl_certificate %5$s;
                        ssl_certificate_key %6$s;
                        root %2$s;
                        location = /r301 { return 301 $scheme://$http_host/r302; }
                        location = /r302 { absolute_redirect off; return 302 /r307; }
                        location = /r307 { return 307 $scheme://$http_host/body.txt; }
                    }
                }
                """.formatted(prefix, www, http, https, cert, key);
    }

    private static void deleteQuietly(Path folder) {
        try (Stream<Path> files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // A leftover temp folder is harmless; the test's result matters more.
        }
    }
}
