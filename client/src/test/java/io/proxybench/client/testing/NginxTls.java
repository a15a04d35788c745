package io.proxybench.client.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * nginx on 127.0.0.1 as a TLS origin with one server per {@link Site}: each answers every request with 200 and
 * {@code sni=$ssl_server_name client=$ssl_client_s_dn}, so a test reads the SNI it sent ({@code sni=} empty without
 * one) and the client certificate nginx verified. A site with a client CA requires a client certificate signed by it
 * ({@code ssl_verify_client on}: nginx completes the handshake and answers 400 without one).
 */
public final class NginxTls implements AutoCloseable {

    private static final String PACKAGES = "nginx-light";

    private final ExternalPeer peer;

    private NginxTls(ExternalPeer peer) {
        this.peer = peer;
    }

    /**
     * A server of nginx.
     *
     * @param chain the certificate chain it presents, PEM
     * @param key its key, PEM
     * @param clientCa the CA client certificates must be signed by; null to ask for none
     */
    public record Site(int port, Path chain, Path key, Path clientCa) {}

    /** nginx serving {@code sites}, from {@code folder} (deleted when it stops). */
    public static NginxTls start(Path folder, List<Site> sites) {
        Path nginx = ExternalPeer.require("nginx", PACKAGES);
        Path config = folder.resolve("nginx.conf");
        try {
            Files.writeString(config, config(folder, sites), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new NginxTls(ExternalPeer.start("nginx", folder,
                List.of(nginx.toString(), "-p", folder.toString(), "-c", config.toString()), sites.get(0).port()));
    }

    /** nginx's output so far, for failure messages. */
    public String output() {
        return peer.output();
    }

    @Override
    public void close() {
        peer.close();
    }

    private static String config(Path folder, List<Site> sites) {
        String servers = sites.stream().map(site -> """
                    server {
                        listen 127.0.0.1:%d ssl;
                        ssl_certificate %s;
                        ssl_certificate_key %s;
                %s        location / {
                            return 200 "sni=$ssl_server_name client=$ssl_client_s_dn\\n";
                        }
                    }
                """.formatted(site.port(), site.chain(), site.key(), site.clientCa() == null ? ""
                : "        ssl_client_certificate " + site.clientCa() + ";\n        ssl_verify_client on;\n"))
                .collect(Collectors.joining());
        return """
                # proxybench TLS interop: loopback only, one foreground process, files in %1$s
                daemon off;
                master_process off;
                worker_processes 1;
                pid %1$s/nginx.pid;
                error_log %1$s/error.log notice;
                events {
                    worker_connections 64;
                }
                http {
                    client_body_temp_path %1$s/body;
                    proxy_temp_path %1$s/proxy;
                    fastcgi_temp_path %1$s/fastcgi;
                    uwsgi_temp_path %1$s/uwsgi;
                    scgi_temp_path %1$s/scgi;
                    access_log %1$s/access.log;
                    default_type text/plain;
                %2$s}
                """.formatted(folder, servers);
    }
}
