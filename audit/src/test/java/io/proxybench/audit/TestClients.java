package io.proxybench.audit;

import io.proxybench.client.PoolLimits;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxyCredentials;
import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.ProxySpec;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Clients whose behaviour is known by construction, built on proxybench's client over HTTP/1.1, so that a test can
 * check what the audit measures against what must be true.
 */
enum TestClients implements AuditedClient {

    /** One connection for every request: one tunnel, one exit. */
    ONE_CONNECTION(PoolLimits.builder().maxPerKey(1).maxPerExit(1).maxTotal(1).keepAlive(Duration.ofSeconds(60))
            .acquireTimeout(Duration.ofSeconds(30)).build(), false),
    /** A new connection per request, closed after it: a tunnel and (on a rotating gateway) an exit per request. */
    CONNECTION_PER_REQUEST(PoolLimits.builder().maxPerKey(1024).maxPerExit(1024).maxTotal(1024).keepAlive(Duration.ZERO)
            .acquireTimeout(Duration.ofSeconds(30)).build(), false),
    /** Keeps the first credentials it is given for every request: it mixes sessions by construction. */
    FIRST_CREDENTIALS_ONLY(PoolLimits.defaults(), true);

    private final PoolLimits limits;
    private final boolean firstCredentialsOnly;

    TestClients(PoolLimits limits, boolean firstCredentialsOnly) {
        this.limits = limits;
        this.firstCredentialsOnly = firstCredentialsOnly;
    }

    @Override
    public String version() {
        return "test";
    }

    @Override
    public String raiseLimits(int inFlight) {
        return "(a test client: limits fixed)";
    }

    @Override
    public String perRequestCredentials() {
        return firstCredentialsOnly ? "its first credentials for every request" : "credentials per request";
    }

    @Override
    public String isolation() {
        return "none";
    }

    @Override
    public Handle open(Setup setup) {
        ProxySpec gateway = new ProxySpec(ProxyScheme.HTTP, setup.proxyHost(), setup.proxyPort(), null);
        ProxyClient client = ProxyClient.builder().proxy(gateway).limits(limits)
                .tls(TlsSettings.caFile(setup.caFile()).withAlpn(TlsSettings.HTTP11_ONLY)).build();
        AtomicReference<ProxyCredentials> first = new AtomicReference<>();
        return new Handle() {
            @Override
            public CompletableFuture<Answer> get(URI url, ProxyCredentials credentials) {
                first.compareAndSet(null, credentials);
                ProxyCredentials used = firstCredentialsOnly ? first.get() : credentials;
                return client.send(ProxyRequest.get(url.toString()).withProxy(gateway.withCredentials(used)))
                        .thenApply(r -> new Answer(r.status(), r.bodyText(), r.protocol()));
            }

            @Override
            public void close() {
                client.close();
            }
        };
    }
}
