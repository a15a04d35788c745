package io.proxybench.jmh.sidebyside;

import io.netty.handler.codec.http.cookie.Cookie;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.HttpClientRequest;
import reactor.netty.http.client.HttpClientResponse;
import reactor.netty.resources.ConnectionProvider;
import reactor.netty.transport.ProxyProvider;

/**
 * Reactor Netty's HttpClient doing the scraper workload as its documentation has it: one {@link ConnectionProvider}
 * shared by a client per session, each made from one base client with {@code .proxy(...)} carrying the session's
 * credentials (the pool key includes the proxy settings, credentials too, so sessions never share a connection),
 * {@code compress(true)} (asks for gzip and decodes it) and {@code followRedirect(true)}. Reactor Netty keeps no
 * cookies: each session keeps those its responses set (redirects included) and sends them on every request.
 */
final class ReactorNettyScraper implements Scraper {

    private final ConnectionProvider pool;
    private final List<HttpClient> sessions = new ArrayList<>();
    private final String url;

    ReactorNettyScraper(String gateway, String url, Path caFile, int sessionCount, int concurrency) throws Exception {
        this.url = url;
        HostPort proxy = HostPort.parse(gateway);
        pool = ConnectionProvider.builder("scraper").maxConnections(concurrency)
                .pendingAcquireTimeout(Duration.ofSeconds(30)).build();
        SslContext tls = SslContextBuilder.forClient().trustManager(caFile.toFile()).build();
        HttpClient base = HttpClient.create(pool).secure(spec -> spec.sslContext(tls)).compress(true)
                .followRedirect(true);
        for (int s = 0; s < sessionCount; s++) {
            String password = "lab_session-s" + s;
            Jar jar = new Jar();
            sessions.add(base.proxy(spec -> spec.type(ProxyProvider.Proxy.HTTP).host(proxy.host()).port(proxy.port())
                            .username("lab").password(user -> password))
                    .doOnRequest((request, connection) -> jar.addTo(request))
                    .doOnRedirect((response, connection) -> jar.save(response))
                    .doOnResponse((response, connection) -> jar.save(response)));
        }
    }

    @Override
    public CompletableFuture<Integer> fetch(int session) {
        return sessions.get(session).get().uri(url).responseSingle((response, body) -> {
            if (response.status().code() != 200) {
                throw new IllegalStateException("Reactor Netty got " + response.status().code() + " for " + url);
            }
            return body.asByteArray().map(bytes -> bytes.length).defaultIfEmpty(0);
        }).toFuture();
    }

    @Override
    public void close() {
        pool.dispose();
    }

    /** One session's cookies by name: replaced as they are set, all sent back (one host, path {@code /}). */
    private static final class Jar {
        private final Map<String, Cookie> cookies = new ConcurrentHashMap<>();

        void save(HttpClientResponse response) {
            for (Set<Cookie> set : response.cookies().values()) {
                for (Cookie cookie : set) {
                    cookies.put(cookie.name(), cookie);
                }
            }
        }

        void addTo(HttpClientRequest request) {
            for (Cookie cookie : cookies.values()) {
                request.addCookie(cookie);
            }
        }
    }
}
