package io.proxybench.jmh.sidebyside;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.X509TrustManager;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.ConnectionPool;
import okhttp3.Cookie;
import okhttp3.CookieJar;
import okhttp3.Credentials;
import okhttp3.Dispatcher;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;

/**
 * OkHttp 5 doing the same work as OkHttp's documentation has it: one client per session made with
 * {@code newBuilder()} (sharing the dispatcher and the connection pool, whose key includes the proxy authenticator,
 * so no connection serves two sessions), each with the session's proxy credentials and a {@link CookieJar} of its
 * own; redirects followed and gzip decoded by OkHttp's defaults.
 */
final class OkHttpScraper implements Scraper {

    private final OkHttpClient base;
    private final List<OkHttpClient> sessions = new ArrayList<>();
    private final Request request;

    OkHttpScraper(String gateway, String url, Path caFile, int sessionCount, int concurrency)
            throws IOException, GeneralSecurityException {
        Dispatcher dispatcher = new Dispatcher();
        dispatcher.setMaxRequests(concurrency);
        dispatcher.setMaxRequestsPerHost(concurrency);
        X509TrustManager trust = CaTrust.manager(caFile);
        SSLContext tls = CaTrust.context(caFile);
        HostPort proxy = HostPort.parse(gateway);
        base = new OkHttpClient.Builder()
                .proxy(new Proxy(Proxy.Type.HTTP, new InetSocketAddress(proxy.host(), proxy.port())))
                .sslSocketFactory(tls.getSocketFactory(), trust)
                .dispatcher(dispatcher)
                .connectionPool(new ConnectionPool(concurrency + sessionCount, 5, TimeUnit.MINUTES))
                .build();
        for (int s = 0; s < sessionCount; s++) {
            String basic = Credentials.basic("lab", "lab_session-s" + s);
            sessions.add(base.newBuilder()
                    .proxyAuthenticator((route, response) -> basic.equals(response.request()
                            .header("Proxy-Authorization")) ? null
                            : response.request().newBuilder().header("Proxy-Authorization", basic).build())
                    .cookieJar(new SessionJar())
                    .build());
        }
        request = new Request.Builder().url(url).build();
    }

    @Override
    public CompletableFuture<Integer> fetch(int session) {
        CompletableFuture<Integer> length = new CompletableFuture<>();
        sessions.get(session).newCall(request).enqueue(new Callback() {
            @Override
            public void onResponse(Call call, Response response) {
                try (response; ResponseBody body = response.body()) {
                    if (response.code() != 200) {
                        throw new IOException("OkHttp got " + response.code() + " for " + request.url());
                    }
                    length.complete(body.bytes().length);
                } catch (IOException | RuntimeException e) {
                    length.completeExceptionally(e);
                }
            }

            @Override
            public void onFailure(Call call, IOException e) {
                length.completeExceptionally(e);
            }
        });
        return length;
    }

    @Override
    public void close() {
        base.dispatcher().executorService().shutdown();
        base.connectionPool().evictAll();
    }

    /** One session's cookies: replaced by name as they are set, all sent back (one host, path {@code /}). */
    private static final class SessionJar implements CookieJar {
        private final List<Cookie> cookies = new ArrayList<>();

        @Override
        public synchronized void saveFromResponse(HttpUrl url, List<Cookie> set) {
            for (Cookie cookie : set) {
                cookies.removeIf(kept -> kept.name().equals(cookie.name()));
                cookies.add(cookie);
            }
        }

        @Override
        public synchronized List<Cookie> loadForRequest(HttpUrl url) {
            List<Cookie> matching = new ArrayList<>();
            for (Cookie cookie : cookies) {
                if (cookie.matches(url)) {
                    matching.add(cookie);
                }
            }
            return matching;
        }
    }
}
