package io.proxybench.audit.clients;

import io.proxybench.audit.Answer;
import io.proxybench.audit.AuditedClient;
import io.proxybench.audit.Trust;
import io.proxybench.client.proxy.ProxyCredentials;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jetty.client.BasicAuthentication;
import org.eclipse.jetty.client.BufferingResponseListener;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.HttpProxy;
import org.eclipse.jetty.client.Result;
import org.eclipse.jetty.client.transport.HttpClientTransportOverHTTP;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.io.ClientConnector;
import org.eclipse.jetty.util.Jetty;
import org.eclipse.jetty.util.ssl.SslContextFactory;

/**
 * Jetty's HttpClient 12 with its default transport (HTTP/1.1). Proxy credentials belong to the proxy: its
 * {@code AuthenticationStore} keeps one result per proxy URI and puts it on every CONNECT. A request's own
 * {@code Proxy-Authorization} header is not a CONNECT header: it travels inside the tunnel to the origin. So one
 * client carries one credential set per proxy host:port, and two sessions need two clients.
 */
public final class JettyAudit implements AuditedClient {

    /** The response bodies kept, bytes: a trace is a few hundred. */
    private static final int MAX_BODY = 64 * 1024;

    @Override
    public String name() {
        return "Jetty HttpClient";
    }

    @Override
    public String version() {
        return Jetty.VERSION;
    }

    @Override
    public String raiseLimits(int n) {
        return "httpClient.setMaxConnectionsPerDestination(" + n + ")";
    }

    @Override
    public String perRequestCredentials() {
        return "none: one AuthenticationStore result per proxy URI (a request's Proxy-Authorization header would go"
                + " to the origin)";
    }

    @Override
    public boolean credentialsPerRequest() {
        return false;
    }

    @Override
    public String isolation() {
        return "one HttpClient per session, each with its session's AuthenticationStore result";
    }

    @Override
    public Handle open(Setup setup) throws Exception {
        return new JettyHandle(setup);
    }

    /** One client for one credential set, or with isolation one client per credential set. */
    private static final class JettyHandle implements Handle {
        private final Setup setup;
        private final Trust trust;
        private final HttpClient shared;
        /** The shared client's credentials, stored on first use. */
        private ProxyCredentials sharedCredentials;
        private final Map<ProxyCredentials, HttpClient> perCredentials = new ConcurrentHashMap<>();

        JettyHandle(Setup setup) throws Exception {
            this.setup = setup;
            this.trust = Trust.of(setup.caFile());
            this.shared = setup.isolate() ? null : start(null);
        }

        private HttpClient start(ProxyCredentials credentials) {
            SslContextFactory.Client tls = new SslContextFactory.Client();
            tls.setSslContext(trust.context());
            ClientConnector connector = new ClientConnector();
            connector.setSslContextFactory(tls);
            HttpClient jetty = new HttpClient(new HttpClientTransportOverHTTP(connector));
            if (setup.raiseTo() > 0) {
                jetty.setMaxConnectionsPerDestination(setup.raiseTo());
            }
            jetty.getProxyConfiguration().addProxy(new HttpProxy(setup.proxyHost(), setup.proxyPort()));
            if (credentials != null) {
                store(jetty, credentials);
            }
            try {
                jetty.start();
            } catch (Exception e) {
                throw new IllegalStateException("Jetty's HttpClient did not start: " + e.getMessage(), e);
            }
            return jetty;
        }

        private void store(HttpClient jetty, ProxyCredentials credentials) {
            URI proxy = URI.create("http://" + setup.proxyHost() + ":" + setup.proxyPort());
            jetty.getAuthenticationStore().addAuthenticationResult(new BasicAuthentication.BasicResult(proxy,
                    HttpHeader.PROXY_AUTHORIZATION, credentials.user(), credentials.password()));
        }

        @Override
        public CompletableFuture<Answer> get(URI url, ProxyCredentials credentials) {
            HttpClient jetty;
            if (setup.isolate()) {
                jetty = perCredentials.computeIfAbsent(credentials, this::start);
            } else {
                jetty = shared;
                synchronized (this) {
                    if (sharedCredentials == null) {
                        sharedCredentials = credentials;
                        store(shared, credentials);
                    } else if (!sharedCredentials.equals(credentials)) {
                        throw new IllegalArgumentException("one Jetty HttpClient holds one proxy account per proxy"
                                + " URI; open it with isolate for a client per credential set");
                    }
                }
            }
            CompletableFuture<Answer> answer = new CompletableFuture<>();
            // No Proxy-Authorization header on the request: Jetty would send it to the origin.
            jetty.newRequest(url).send(new BufferingResponseListener(MAX_BODY) {
                        @Override
                        public void onComplete(Result result) {
                            if (result.isFailed()) {
                                answer.completeExceptionally(result.getFailure());
                            } else {
                                answer.complete(new Answer(result.getResponse().getStatus(), getContentAsString(),
                                        result.getResponse().getVersion() == HttpVersion.HTTP_2 ? Answer.H2
                                                : Answer.HTTP11));
                            }
                        }
                    });
            return answer;
        }

        @Override
        public void close() throws Exception {
            if (shared != null) {
                shared.stop();
            } else {
                for (HttpClient c : perCredentials.values()) {
                    c.stop();
                }
            }
        }
    }
}
