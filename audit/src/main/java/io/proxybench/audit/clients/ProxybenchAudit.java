package io.proxybench.audit.clients;

import io.proxybench.audit.Answer;
import io.proxybench.audit.AuditedClient;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.pool.PoolLimits;
import io.proxybench.client.proxy.ProxyCredentials;
import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.tunnel.TlsSettings;
import java.net.URI;
import java.util.concurrent.CompletableFuture;

/**
 * proxybench's own client. Its pool key holds the proxy's credentials, so sessions never share a connection and no
 * workaround is needed; a request names its credentials with {@link ProxyRequest#withProxy}.
 */
public final class ProxybenchAudit implements AuditedClient {

    @Override
    public String name() {
        return "proxybench";
    }

    @Override
    public String version() {
        String v = ProxyClient.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    @Override
    public String raiseLimits(int n) {
        return "builder.limits(new PoolLimits(" + n + ", " + n + ", 1024, ofSeconds(60), null, 0, ofSeconds(30)))";
    }

    @Override
    public String perRequestCredentials() {
        return "ProxyRequest.withProxy(gateway.withCredentials(session)) per request";
    }

    @Override
    public String isolation() {
        return "none needed: the pool key holds the credentials";
    }

    @Override
    public Handle open(Setup setup) {
        ProxySpec gateway = new ProxySpec(ProxyScheme.HTTP, setup.proxyHost(), setup.proxyPort(), null);
        ProxyClient.Builder builder = ProxyClient.builder().proxy(gateway)
                .tls(setup.caFile() == null ? TlsSettings.system() : TlsSettings.caFile(setup.caFile()));
        if (setup.raiseTo() > 0) {
            PoolLimits d = PoolLimits.defaults();
            builder.limits(new PoolLimits(setup.raiseTo(), setup.raiseTo(), Math.max(d.maxTotal(), setup.raiseTo()),
                    d.keepAlive(), d.maxAge(), d.maxRequestsPerConnection(), d.acquireTimeout()));
        }
        ProxyClient client = builder.build();
        return new Handle() {
            @Override
            public CompletableFuture<Answer> get(URI url, ProxyCredentials credentials) {
                return client.send(ProxyRequest.get(url.toString()).withProxy(gateway.withCredentials(credentials)))
                        .thenApply(r -> new Answer(r.status(), r.bodyText(), r.protocol()));
            }

            @Override
            public void close() {
                client.close();
            }
        };
    }
}
