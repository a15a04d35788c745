package io.proxybench.jmh.sidebyside;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Authenticator;
import java.net.CookieManager;
import java.net.InetSocketAddress;
import java.net.PasswordAuthentication;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.zip.GZIPInputStream;
import javax.net.ssl.SSLContext;

/**
 * The JDK's {@code java.net.http.HttpClient} doing the scraper workload as its documentation has it: the proxy
 * selector, the authenticator and the cookie handler belong to a client, so one client per session (sharing one
 * executor and one TLS context), HTTP/1.1, redirects followed ({@code NORMAL}). The JDK neither asks for gzip nor
 * decodes it: each request asks for it and the body is decoded with {@link GZIPInputStream}, as users of this client
 * do. The JDK sends Basic credentials on a CONNECT only with {@value #TUNNELING_PROPERTY} set to nothing, read once
 * when its HTTP classes load: the constructor sets it, before the first client is built.
 */
final class JdkScraper implements Scraper {

    static final String TUNNELING_PROPERTY = "jdk.http.auth.tunneling.disabledSchemes";

    private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "jdk-client");
        t.setDaemon(true);
        return t;
    });
    private final List<HttpClient> sessions = new ArrayList<>();
    private final HttpRequest request;

    JdkScraper(String gateway, String url, Path caFile, int sessionCount) throws Exception {
        System.setProperty(TUNNELING_PROPERTY, "");
        HostPort proxy = HostPort.parse(gateway);
        ProxySelector selector = ProxySelector.of(new InetSocketAddress(proxy.host(), proxy.port()));
        SSLContext tls = CaTrust.context(caFile);
        for (int s = 0; s < sessionCount; s++) {
            PasswordAuthentication account = new PasswordAuthentication("lab", ("lab_session-s" + s).toCharArray());
            sessions.add(HttpClient.newBuilder()
                    .version(HttpClient.Version.HTTP_1_1)
                    .proxy(selector)
                    .authenticator(new Authenticator() {
                        @Override
                        protected PasswordAuthentication getPasswordAuthentication() {
                            return getRequestorType() == RequestorType.PROXY ? account : null;
                        }
                    })
                    .cookieHandler(new CookieManager())
                    .followRedirects(HttpClient.Redirect.NORMAL)
                    .sslContext(tls)
                    .executor(executor)
                    .build());
        }
        request = HttpRequest.newBuilder(URI.create(url)).header("Accept-Encoding", "gzip").build();
    }

    @Override
    public CompletableFuture<Integer> fetch(int session) {
        return sessions.get(session).sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()).thenApply(r -> {
            if (r.statusCode() != 200) {
                throw new IllegalStateException("the JDK's client got " + r.statusCode() + " for " + r.uri());
            }
            boolean gzip = r.headers().firstValue("Content-Encoding").filter("gzip"::equalsIgnoreCase).isPresent();
            return gzip ? gunzippedLength(r.body()) : r.body().length;
        });
    }

    private static int gunzippedLength(byte[] body) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            return in.readAllBytes().length;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** On Java 17 a client's connections close when it is collected or at the JDK's keep-alive timeout. */
    @Override
    public void close() {
        sessions.clear();
        executor.shutdown();
    }
}
