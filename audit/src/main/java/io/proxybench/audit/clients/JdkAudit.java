package io.proxybench.audit.clients;

import io.proxybench.audit.Answer;
import io.proxybench.audit.AuditedClient;
import io.proxybench.audit.Trust;
import io.proxybench.client.proxy.ProxyCredentials;
import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The JDK's {@code java.net.http.HttpClient}. It takes a request's own {@code Proxy-Authorization} header onto the
 * CONNECT, but only once Basic is allowed there: the JDK refuses Basic credentials on tunnels unless the system
 * property {@value #TUNNELING_PROPERTY} is set (to nothing), read once when its HTTP classes load. {@link #open}
 * sets it when it is not set yet; without it every CONNECT to a gateway that asks for an account ends with 407.
 */
public final class JdkAudit implements AuditedClient {

    public static final String TUNNELING_PROPERTY = "jdk.http.auth.tunneling.disabledSchemes";

    @Override
    public String name() {
        return "JDK HttpClient";
    }

    @Override
    public String version() {
        Runtime.Version v = Runtime.version();
        return v.feature() + "." + v.interim() + "." + v.update();
    }

    /**
     * The JDK has no connection limit to raise. Over h2 it sends every request on one connection per origin once one
     * is open, and fails those past the server's concurrent streams ({@code IOException: too many concurrent
     * streams}) instead of opening another; HTTP/1.1 gives it a connection per request in flight.
     */
    @Override
    public String raiseLimits(int n) {
        return "builder.version(HttpClient.Version.HTTP_1_1) (no limit to raise; over h2 it fails the requests past"
                + " the server's stream limit)";
    }

    @Override
    public String perRequestCredentials() {
        return "a Proxy-Authorization header per request, with -D" + TUNNELING_PROPERTY + "=";
    }

    @Override
    public String isolation() {
        return "one HttpClient per session";
    }

    @Override
    public String requires() {
        return "-D" + TUNNELING_PROPERTY + "= (empty): without it the JDK sends no Basic credentials on a CONNECT and"
                + " the gateway answers 407";
    }

    @Override
    public Handle open(Setup setup) throws Exception {
        if (System.getProperty(TUNNELING_PROPERTY) == null) {
            System.setProperty(TUNNELING_PROPERTY, "");
        }
        Trust trust = Trust.of(setup.caFile());
        HttpClient.Builder builder = HttpClient.newBuilder()
                .proxy(ProxySelector.of(new InetSocketAddress(setup.proxyHost(), setup.proxyPort())))
                .sslContext(trust.context());
        if (setup.raiseTo() > 0) {
            builder.version(HttpClient.Version.HTTP_1_1);
        }
        return new JdkHandle(builder, setup.isolate(), setup.timeout());
    }

    /** One client, or with isolation one per credential set, made on first use. */
    private static final class JdkHandle implements Handle {
        private final HttpClient.Builder builder;
        private final boolean isolate;
        private final Duration timeout;
        private final HttpClient shared;
        private final Map<ProxyCredentials, HttpClient> perCredentials = new ConcurrentHashMap<>();

        JdkHandle(HttpClient.Builder builder, boolean isolate, Duration timeout) {
            this.builder = builder;
            this.isolate = isolate;
            this.timeout = timeout;
            this.shared = isolate ? null : builder.build();
        }

        @Override
        public CompletableFuture<Answer> get(URI url, ProxyCredentials credentials) {
            HttpClient client = isolate ? perCredentials.computeIfAbsent(credentials, c -> builder.build()) : shared;
            HttpRequest request = HttpRequest.newBuilder(url).header("Proxy-Authorization", "Basic " + credentials.basicToken())
                    .timeout(timeout).build();
            return client.sendAsync(request, HttpResponse.BodyHandlers.ofString()).thenApply(r -> new Answer(
                    r.statusCode(), r.body(), r.version() == HttpClient.Version.HTTP_2 ? Answer.H2 : Answer.HTTP11));
        }

        /**
         * On Java 21 and later an {@link HttpClient} is {@link AutoCloseable} and closes its connections once its
         * requests are done, each within its time limit; on 17 they close when the client is collected, or at the
         * JDK's keep-alive timeout.
         */
        @Override
        public void close() throws Exception {
            for (HttpClient c : isolate ? perCredentials.values() : List.of(shared)) {
                if (c instanceof AutoCloseable closeable) {
                    closeable.close();
                }
            }
            perCredentials.clear();
        }
    }
}
