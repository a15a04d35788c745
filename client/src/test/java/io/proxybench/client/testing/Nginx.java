package io.proxybench.client.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * nginx as a test's peer: one foreground process on loopback whose files (config, pid, logs, temp folders) all stay
 * in the test's folder; the test writes only what goes inside {@code http { }}.
 */
public final class Nginx {

    private Nginx() {
    }

    /**
     * Starts nginx with {@code http} as its {@code http} block's servers and settings.
     *
     * @param folder where its files go; deleted when it stops
     * @param purpose what the test uses it for, written at the top of the config
     * @param http the lines inside {@code http { }}, each ending in a newline
     * @param port a port it listens on, which it is ready once it accepts on
     * @param packages the Debian packages that install nginx (and whatever else the test needs), for a skip message
     * @return the running peer; close it to stop nginx
     */
    public static ExternalPeer start(Path folder, String purpose, String http, int port, String packages) {
        Path nginx = ExternalPeer.require("nginx", packages);
        Path config = folder.resolve("nginx.conf");
        try {
            Files.writeString(config, config(folder, purpose, http), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return ExternalPeer.start("nginx", folder,
                List.of(nginx.toString(), "-p", folder.toString(), "-c", config.toString()), port);
    }

    private static String config(Path folder, String purpose, String http) {
        return """
                # proxybench %2$s: loopback only, one foreground process, files in %1$s
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
                %3$s}
                """.formatted(folder, purpose, http);
    }
}
