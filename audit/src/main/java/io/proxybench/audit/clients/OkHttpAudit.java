package io.proxybench.audit.clients;

import io.proxybench.audit.Answer;
import io.proxybench.audit.AuditedClient;
import io.proxybench.audit.Trust;
import io.proxybench.client.proxy.ProxyCredentials;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.ConnectionPool;
import okhttp3.Credentials;
import okhttp3.Dispatcher;
import okhttp3.OkHttp;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;

/**
 * OkHttp 5. Proxy credentials come from a {@code proxyAuthenticator}, which OkHttp also asks first for preemptive
 * credentials; it sees the CONNECT, not the user's request, so a second credential set needs a second client, made
 * with {@code newBuilder()} as OkHttp's documentation advises, which shares the first one's connection pool and
 * dispatcher.
 */
public final class OkHttpAudit implements AuditedClient {

    /** OkHttp's default keep-alive of an idle connection, minutes; kept when only the idle cap is raised. */
    private static final int KEEP_ALIVE_MINUTES = 5;

    @Override
    public String name() {
        return "OkHttp";
    }

    @Override
    public String version() {
        return OkHttp.VERSION;
    }

    @Override
    public String raiseLimits(int n) {
        return "dispatcher.setMaxRequests(" + n + "); dispatcher.setMaxRequestsPerHost(" + n + ");"
                + " builder.connectionPool(new ConnectionPool(" + n + ", 5, MINUTES))";
    }

    @Override
    public String perRequestCredentials() {
        return "client.newBuilder().proxyAuthenticator(session) per session, sharing the connection pool";
    }

    @Override
    public String isolation() {
        return "client.newBuilder().proxyAuthenticator(session).connectionPool(new ConnectionPool()) per session";
    }

    @Override
    public Handle open(Setup setup) throws Exception {
        Trust trust = Trust.of(setup.caFile());
        OkHttpClient.Builder builder = new OkHttpClient.Builder()
                .proxy(new Proxy(Proxy.Type.HTTP, new InetSocketAddress(setup.proxyHost(), setup.proxyPort())))
                .sslSocketFactory(trust.context().getSocketFactory(), trust.manager());
        if (setup.raiseTo() > 0) {
            Dispatcher dispatcher = new Dispatcher();
            dispatcher.setMaxRequests(setup.raiseTo());
            dispatcher.setMaxRequestsPerHost(setup.raiseTo());
            builder.dispatcher(dispatcher).connectionPool(pool(setup));
        }
        return new OkHandle(builder.build(), setup);
    }

    private static ConnectionPool pool(Setup setup) {
        return setup.raiseTo() > 0 ? new ConnectionPool(setup.raiseTo(), KEEP_ALIVE_MINUTES, TimeUnit.MINUTES)
                : new ConnectionPool();
    }

    /** One derived client per credential set, made on first use. */
    private static final class OkHandle implements Handle {
        private final OkHttpClient base;
        private final Setup setup;
        private final Map<ProxyCredentials, OkHttpClient> perCredentials = new ConcurrentHashMap<>();

        OkHandle(OkHttpClient base, Setup setup) {
            this.base = base;
            this.setup = setup;
        }

        @Override
        public CompletableFuture<Answer> get(URI url, ProxyCredentials credentials) {
            OkHttpClient client = perCredentials.computeIfAbsent(credentials, this::derive);
            CompletableFuture<Answer> answer = new CompletableFuture<>();
            client.newCall(new Request.Builder().url(url.toString()).build()).enqueue(new Callback() {
                @Override
                public void onResponse(Call call, Response response) {
                    try (response; ResponseBody body = response.body()) {
                        answer.complete(new Answer(response.code(), body.string(),
                                response.protocol() == Protocol.HTTP_2 ? Answer.H2 : Answer.HTTP11));
                    } catch (IOException | RuntimeException e) {
                        answer.completeExceptionally(e);
                    }
                }

                @Override
                public void onFailure(Call call, IOException e) {
                    answer.completeExceptionally(e);
                }
            });
            return answer;
        }

        private OkHttpClient derive(ProxyCredentials credentials) {
            String basic = Credentials.basic(credentials.user(), credentials.password());
            OkHttpClient.Builder b = base.newBuilder().proxyAuthenticator((route, response) ->
                    // Once preemptively, once more on a 407 that did not carry them yet; then give up.
                    basic.equals(response.request().header("Proxy-Authorization")) ? null
                            : response.request().newBuilder().header("Proxy-Authorization", basic).build());
            if (setup.isolate()) {
                b.connectionPool(pool(setup));
            }
            return b.build();
        }

        @Override
        public void close() {
            // Calls still running (a load cut short) would otherwise finish later and leave their connections idle.
            base.dispatcher().cancelAll();
            base.dispatcher().executorService().shutdown();
            base.connectionPool().evictAll();
            perCredentials.values().forEach(c -> c.connectionPool().evictAll());
        }
    }
}
