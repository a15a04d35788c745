package io.proxybench.audit.clients;

import io.proxybench.audit.Answer;
import io.proxybench.audit.AuditedClient;
import io.proxybench.audit.Trust;
import io.proxybench.client.proxy.ProxyCredentials;
import java.net.URI;
import java.util.concurrent.CompletableFuture;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.auth.AuthScope;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.auth.CredentialsProviderBuilder;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.client5.http.ssl.ClientTlsStrategyBuilder;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.HttpVersion;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.VersionInfo;

/**
 * Apache HttpClient 5, its async client. Proxy credentials come from a {@code CredentialsProvider}, which a request
 * may bring in its own {@code HttpClientContext}; the pool's route names the proxy but not the credentials. A
 * connection carries a "state", the context's user token, and a request leases only connections of its own state:
 * a user token per session keeps sessions apart.
 */
public final class ApacheAudit implements AuditedClient {

    @Override
    public String name() {
        return "Apache HttpClient 5 async";
    }

    @Override
    public String version() {
        VersionInfo v = VersionInfo.loadVersionInfo("org.apache.hc.client5", HttpAsyncClients.class.getClassLoader());
        return v == null ? "unknown" : v.getRelease();
    }

    @Override
    public String raiseLimits(int n) {
        return "PoolingAsyncClientConnectionManagerBuilder.create().setMaxConnTotal(" + n + ").setMaxConnPerRoute(" + n
                + ")";
    }

    @Override
    public String perRequestCredentials() {
        return "an HttpClientContext per request with its own CredentialsProvider";
    }

    @Override
    public String isolation() {
        return "context.setUserToken(session) on each request's context";
    }

    @Override
    public Handle open(Setup setup) throws Exception {
        PoolingAsyncClientConnectionManagerBuilder pool = PoolingAsyncClientConnectionManagerBuilder.create()
                .setTlsStrategy(ClientTlsStrategyBuilder.create().setSslContext(Trust.of(setup.caFile()).context())
                        .buildAsync());
        if (setup.raiseTo() > 0) {
            pool.setMaxConnTotal(setup.raiseTo()).setMaxConnPerRoute(setup.raiseTo());
        }
        HttpHost proxy = new HttpHost("http", setup.proxyHost(), setup.proxyPort());
        CloseableHttpAsyncClient client = HttpAsyncClients.custom().setConnectionManager(pool.build()).setProxy(proxy)
                .build();
        client.start();
        return new ApacheHandle(client, proxy, setup.isolate());
    }

    private record ApacheHandle(CloseableHttpAsyncClient client, HttpHost proxy, boolean isolate) implements Handle {

        @Override
        public CompletableFuture<Answer> get(URI url, ProxyCredentials credentials) {
            HttpClientContext context = HttpClientContext.create();
            context.setCredentialsProvider(CredentialsProviderBuilder.create()
                    .add(new AuthScope(proxy), credentials.user(), credentials.password().toCharArray()).build());
            if (isolate) {
                context.setUserToken(credentials);
            }
            CompletableFuture<Answer> answer = new CompletableFuture<>();
            client.execute(SimpleRequestBuilder.get(url).build(), context, new FutureCallback<>() {
                @Override
                public void completed(SimpleHttpResponse r) {
                    answer.complete(new Answer(r.getCode(), r.getBodyText() == null ? "" : r.getBodyText(),
                            HttpVersion.HTTP_2.equals(r.getVersion()) ? Answer.H2 : Answer.HTTP11));
                }

                @Override
                public void failed(Exception e) {
                    answer.completeExceptionally(e);
                }

                @Override
                public void cancelled() {
                    answer.cancel(false);
                }
            });
            return answer;
        }

        @Override
        public void close() {
            client.close(CloseMode.GRACEFUL);
        }
    }
}
