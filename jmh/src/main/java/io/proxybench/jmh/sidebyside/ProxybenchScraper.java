package io.proxybench.jmh.sidebyside;

import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * proxybench's client as a user sets it up for the workload: one client, the session in the lab's password
 * ({@code lab_session-ID}), its defaults doing the rest: cookies per session, redirects followed, gzip asked for and
 * decoded. It offers h2 and HTTP/1.1 in its TLS handshakes, as by default; the bench's {@code proxybench-http1} row
 * offers HTTP/1.1 only, to show what HTTP/2 inside the tunnel costs.
 */
final class ProxybenchScraper implements Scraper {

    private final ProxyClient client;
    private final String url;

    /** @param alpn the protocols offered to the origin, in order ({@link TlsSettings#withAlpn}) */
    ProxybenchScraper(String gateway, String url, Path caFile, List<String> alpn) {
        this.client = ProxyClient.builder().proxy("http://lab:lab@" + gateway)
                .sessions(SessionTemplate.parse("{pass}_session-{id}"), SessionRouter.stickyPerKey())
                .tls(TlsSettings.caFile(caFile).withAlpn(alpn)).build();
        this.url = url;
    }

    @Override
    public CompletableFuture<Integer> fetch(int session) {
        return client.send(ProxyRequest.get(url).withSessionKey("s" + session)).thenApply(response -> {
            if (response.status() != 200) {
                throw new IllegalStateException("proxybench got " + response.status() + " for " + url);
            }
            return response.body().length;
        });
    }

    @Override
    public void close() {
        client.close();
    }
}
