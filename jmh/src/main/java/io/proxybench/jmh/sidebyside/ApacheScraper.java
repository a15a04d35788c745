package io.proxybench.jmh.sidebyside;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.hc.client5.http.async.methods.SimpleHttpRequest;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.auth.AuthScope;
import org.apache.hc.client5.http.auth.CredentialsProvider;
import org.apache.hc.client5.http.cookie.BasicCookieStore;
import org.apache.hc.client5.http.cookie.CookieStore;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.auth.CredentialsProviderBuilder;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.client5.http.ssl.ClientTlsStrategyBuilder;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.io.CloseMode;

/**
 * Apache HttpClient 5's async client doing the scraper workload as its documentation has it: one client, its proxy
 * as the default route's, and per session what a request's {@link HttpClientContext} carries: a credentials provider
 * for the proxy, a cookie store, and a user token, so that a request leases only its own session's connections (the
 * pool's route names the proxy, not the credentials). Redirects followed; since 5.6 the async client asks for gzip
 * and decodes it ({@code ContentCompressionAsyncExec}, on unless disabled) as the classic one does.
 */
final class ApacheScraper implements Scraper {

    private final CloseableHttpAsyncClient client;
    private final List<Session> sessions = new ArrayList<>();
    private final URI url;

    ApacheScraper(String gateway, String url, Path caFile, int sessionCount, int concurrency) throws Exception {
        HostPort address = HostPort.parse(gateway);
        HttpHost proxy = new HttpHost("http", address.host(), address.port());
        client = HttpAsyncClients.custom()
                .setConnectionManager(PoolingAsyncClientConnectionManagerBuilder.create()
                        .setTlsStrategy(ClientTlsStrategyBuilder.create().setSslContext(CaTrust.context(caFile))
                                .buildAsync())
                        .setMaxConnTotal(concurrency + sessionCount)
                        .setMaxConnPerRoute(concurrency + sessionCount)
                        .build())
                .setProxy(proxy)
                .build();
        client.start();
        for (int s = 0; s < sessionCount; s++) {
            sessions.add(new Session("s" + s, CredentialsProviderBuilder.create()
                    .add(new AuthScope(proxy), "lab", ("lab_session-s" + s).toCharArray()).build(),
                    new BasicCookieStore()));
        }
        this.url = URI.create(url);
    }

    @Override
    public CompletableFuture<Integer> fetch(int session) {
        CompletableFuture<Integer> length = new CompletableFuture<>();
        // A request per call: the exec chain adds the session's headers to the request it is given.
        SimpleHttpRequest request = SimpleRequestBuilder.get(url).build();
        client.execute(request, sessions.get(session).context(), new FutureCallback<SimpleHttpResponse>() {
            @Override
            public void completed(SimpleHttpResponse response) {
                if (response.getCode() != 200) {
                    length.completeExceptionally(new IllegalStateException("Apache got " + response.getCode()
                            + " for " + url));
                } else {
                    length.complete(response.getBodyBytes() == null ? 0 : response.getBodyBytes().length);
                }
            }

            @Override
            public void failed(Exception e) {
                length.completeExceptionally(e);
            }

            @Override
            public void cancelled() {
                length.cancel(false);
            }
        });
        return length;
    }

    @Override
    public void close() {
        client.close(CloseMode.GRACEFUL);
    }

    /** What a session's requests share; a context is made per request, since a context is not thread-safe. */
    private record Session(String token, CredentialsProvider credentials, CookieStore cookies) {
        HttpClientContext context() {
            HttpClientContext context = HttpClientContext.create();
            context.setCredentialsProvider(credentials);
            context.setCookieStore(cookies);
            context.setUserToken(token);
            return context;
        }
    }
}
