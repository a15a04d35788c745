package io.proxybench.jmh.sidebyside;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.eclipse.jetty.client.BasicAuthentication;
import org.eclipse.jetty.client.BufferingResponseListener;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.HttpProxy;
import org.eclipse.jetty.client.Result;
import org.eclipse.jetty.client.transport.HttpClientTransportOverHTTP;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.ArrayByteBufferPool;
import org.eclipse.jetty.io.ByteBufferPool;
import org.eclipse.jetty.io.ClientConnector;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;

/**
 * Jetty 12's HttpClient doing the scraper workload as Jetty's documentation has it for proxies: an {@link HttpProxy}
 * in the client's {@code ProxyConfiguration} and the proxy's credentials as a preemptive {@code BasicResult} in its
 * {@code AuthenticationStore}, which holds one result per proxy URI. So one client per session (its own cookie store
 * too), all sharing one thread pool, scheduler and buffer pool, as the documentation advises for many clients.
 * Redirects followed and gzip decoded by Jetty's defaults; connections kept alive in each client's pool.
 */
final class JettyScraper implements Scraper {

    /** The decoded page is kept whole to be measured, bytes: the workload's pages are 30 KB. */
    private static final int MAX_PAGE = 4 * 1024 * 1024;

    private final QueuedThreadPool threads = new QueuedThreadPool();
    private final ScheduledExecutorScheduler scheduler = new ScheduledExecutorScheduler("jetty-scheduler", true);
    private final ByteBufferPool buffers = new ArrayByteBufferPool();
    private final List<HttpClient> sessions = new ArrayList<>();
    private final URI url;

    JettyScraper(String gateway, String url, Path caFile, int sessionCount, int concurrency) throws Exception {
        this.url = URI.create(url);
        threads.setName("jetty-client");
        threads.setDaemon(true);
        threads.start();
        scheduler.start();
        HostPort proxy = HostPort.parse(gateway);
        URI proxyUri = URI.create("http://" + gateway);
        SslContextFactory.Client tls = new SslContextFactory.Client();
        tls.setSslContext(CaTrust.context(caFile));
        for (int s = 0; s < sessionCount; s++) {
            ClientConnector connector = new ClientConnector();
            connector.setSslContextFactory(tls);
            HttpClient client = new HttpClient(new HttpClientTransportOverHTTP(connector));
            client.setExecutor(threads);
            client.setScheduler(scheduler);
            client.setByteBufferPool(buffers);
            client.setMaxConnectionsPerDestination(concurrency);
            client.getProxyConfiguration().addProxy(new HttpProxy(proxy.host(), proxy.port()));
            client.getAuthenticationStore().addAuthenticationResult(new BasicAuthentication.BasicResult(proxyUri,
                    HttpHeader.PROXY_AUTHORIZATION, "lab", "lab_session-s" + s));
            client.start();
            sessions.add(client);
        }
    }

    @Override
    public CompletableFuture<Integer> fetch(int session) {
        CompletableFuture<Integer> length = new CompletableFuture<>();
        sessions.get(session).newRequest(url).send(new BufferingResponseListener(MAX_PAGE) {
            @Override
            public void onComplete(Result result) {
                if (result.isFailed()) {
                    length.completeExceptionally(result.getFailure());
                } else if (result.getResponse().getStatus() != 200) {
                    length.completeExceptionally(new IllegalStateException("Jetty got "
                            + result.getResponse().getStatus() + " for " + url));
                } else {
                    length.complete(getContent().length);
                }
            }
        });
        return length;
    }

    @Override
    public void close() throws Exception {
        for (HttpClient client : sessions) {
            client.stop();
        }
        scheduler.stop();
        threads.stop();
    }
}
