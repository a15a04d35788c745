package io.proxybench.audit.clients;

import io.proxybench.audit.Answer;
import io.proxybench.audit.AuditedClient;
import io.proxybench.client.PoolLimits;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxyCredentials;
import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.ProxySpec;
import java.net.URI;
import java.util.Locale;
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

    /** The line that builds {@link #raised}: the defaults but for the two caps a key and an exit get. */
    @Override
    public String raiseLimits(int n) {
        PoolLimits l = raised(n);
        return String.format(Locale.ROOT, "builder.limits(PoolLimits.builder().maxPerKey(%d).maxPerExit(%d)"
                + ".maxTotal(%d).build())", l.maxPerKey(), l.maxPerExit(), l.maxTotal());
    }

    /** The default limits with {@code n} connections per key and per exit, and room for them in total. */
    static PoolLimits raised(int n) {
        return PoolLimits.builder().maxPerKey(n).maxPerExit(n)
                .maxTotal(Math.max(PoolLimits.defaults().maxTotal(), n)).build();
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
            builder.limits(raised(setup.raiseTo()));
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
