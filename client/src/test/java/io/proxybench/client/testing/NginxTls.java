package io.proxybench.client.testing;

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
        return new NginxTls(Nginx.start(folder, "TLS interop", servers(sites), sites.get(0).port(), PACKAGES));
    }

    /** nginx's output so far, for failure messages. */
    public String output() {
        return peer.output();
    }

    @Override
    public void close() {
        peer.close();
    }

    /** One {@code server} block per site, inside nginx's {@code http} block. */
    private static String servers(List<Site> sites) {
        return sites.stream().map(site -> """
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
    }
}
