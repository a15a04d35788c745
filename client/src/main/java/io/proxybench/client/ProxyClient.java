package io.proxybench.client;

import io.proxybench.client.cookie.CookieJars;
import io.proxybench.client.event.ClientCounts;
import io.proxybench.client.event.EventListener;
import io.proxybench.client.event.GatewayStats;
import io.proxybench.client.event.PoolGauges;
import io.proxybench.client.internal.call.CallEngine;
import io.proxybench.client.internal.call.ClientSettings;
import io.proxybench.client.internal.call.ResponseBodyStream;
import io.proxybench.client.internal.connect.TlsContexts;
import io.proxybench.client.internal.decode.DecodeLimits;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.ProxySelection;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import java.util.Collection;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.BiConsumer;

/**
 * A proxy-aware HTTP client whose pool is keyed by exit and origin: a connection is shared only by requests with
 * the same origin, proxy, proxy account (so the same session) and TLS settings. Every phase of every call is
 * reported to an {@link EventListener}, and {@link #counters()} gives created versus reused connections,
 * handshakes per 1,000 requests and wire bytes, in total and per exit.
 *
 * <pre>{@code
 * try (ProxyClient client = ProxyClient.builder()
 *         .proxy("http://user:pass@gateway.example:8080")
 *         .limits(PoolLimits.builder().maxPerKey(8).build())
 *         .build()) {
 *     ProxyResponse r = client.send(ProxyRequest.get("https://example.com/")).join();
 *     System.out.println(r.status() + " " + client.counters().total().handshakesPer1000());
 * }
 * }</pre>
 *
 * <p>Thread-safe; {@link #send} never blocks. Close it to release its threads and connections.
 */
public final class ProxyClient implements AutoCloseable {

    private final SessionRouter router;
    private final CallEngine engine;

    private ProxyClient(ClientSettings settings, int ioThreads) {
        this.router = settings.router();
        this.engine = new CallEngine(settings, ioThreads);
    }

    /**
     * A builder with every setting at its default: direct, no sessions, the system's trust, HTTP/1.1 to proxies,
     * {@link PoolLimits#defaults()}, {@link Timeouts#defaults()}.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Sends a request. The future completes with the response (whatever its status), its body read whole into memory
     * (up to {@link Builder#maxBodyBytes}; a longer body fails the call, see {@link #stream} for bodies of any size),
     * or fails with a {@link CallException}, which names the phase that failed and the wire bytes the call cost; after
     * {@link #close()} it fails with {@link IllegalStateException}. Cancelling the future cancels the call, as
     * {@link Call#cancel()}.
     *
     * @param request what to send
     * @return the response, once it has been read whole
     */
    public CompletableFuture<ProxyResponse> send(ProxyRequest request) {
        CallFuture<ProxyResponse> response = new CallFuture<>();
        response.call(engine.send(request, null, (r, failure) -> {
            if (failure == null) {
                response.complete(r);
            } else {
                response.completeExceptionally(failure);
            }
        }));
        return response;
    }

    /**
     * Sends a request and waits for its response, its body read whole as by {@link #send(ProxyRequest)}: the call
     * for simple programs and for virtual threads, which wait here without holding a carrier thread. Interrupting the
     * waiting thread cancels the call.
     *
     * @param request what to send
     * @return the response, whatever its status
     * @throws CallException when the call fails; {@link CallException#kind()} says how
     * @throws InterruptedException when the waiting thread is interrupted; the call is cancelled
     * @throws IllegalStateException after {@link #close()}
     */
    public ProxyResponse execute(ProxyRequest request) throws CallException, InterruptedException {
        CompletableFuture<ProxyResponse> response = send(request);
        try {
            return response.get();
        } catch (InterruptedException e) {
            response.cancel(true);
            throw e;
        } catch (ExecutionException e) {
            Throwable failure = e.getCause();
            if (failure instanceof CallException call) {
                throw call;
            }
            if (failure instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(failure);
        }
    }

    /**
     * Sends a request and tells {@code done} once: with the response (whatever its status) and null, or with null
     * and a {@link CallException} ({@link IllegalStateException} after {@link #close()}). It is told on the I/O thread
     * that completed the call, or on the calling thread when the call fails at once; it must not block. No future is
     * made: this is for load generators, which send many requests and want each to cost as little as it can (as
     * OkHttp's {@code enqueue}). An exception {@code done} throws is logged and goes no further.
     *
     * @param request what to send
     * @param done told the response or the failure
     * @return the call, to cancel it
     */
    public Call send(ProxyRequest request, BiConsumer<? super ProxyResponse, ? super Throwable> done) {
        return engine.send(request, null, done);
    }

    /**
     * Sends a request and gives its response as soon as its head has arrived, its body to be read as it comes: a body
     * of any size, in bounded memory (see {@link ResponseStream}). The future completes on a thread that is not one of
     * the client's I/O threads, or fails with a {@link CallException} when the call fails before the head; cancelling
     * it cancels the call.
     *
     * @param request what to send
     * @return the response's head and its body's stream
     */
    public CompletableFuture<ResponseStream> stream(ProxyRequest request) {
        CallFuture<ResponseStream> head = new CallFuture<>();
        ResponseBodyStream body = new ResponseBodyStream(head);
        head.call(engine.send(request, body, body));
        return head;
    }

    /** A call's future: cancelling it cancels the call. */
    private static final class CallFuture<T> extends CompletableFuture<T> {
        private volatile Call call;

        /** The call this future is of; cancels it when the future was cancelled before it was known. */
        void call(Call call) {
            this.call = call;
            if (isCancelled()) {
                call.cancel();
            }
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            boolean cancelled = super.cancel(mayInterruptIfRunning);
            Call c = call;
            if (cancelled && c != null) {
                c.cancel();
            }
            return cancelled;
        }
    }

    /**
     * Runs {@code task} on one of the client's I/O threads, the same one every time, once {@code delayNanos} have
     * passed: a load generator fires its requests from this timer in batches, instead of waking a thread of its own
     * per request. The task must not block, since the thread's connections wait while it runs.
     *
     * @param task what to run; an exception it throws is logged by the I/O thread and goes no further
     * @param delayNanos nanoseconds from now; 0 or less for the thread's next turn
     * @throws IllegalStateException after {@link #close()}
     */
    public void schedule(Runnable task, long delayNanos) {
        engine.schedule(task, delayNanos);
    }

    /**
     * Sends one request per session key before real traffic, so each session has its exit (and, with keep-alive,
     * its connection) in place. Failures are not errors here.
     *
     * @param sessionKeys the keys whose sessions to open
     * @param url what each warm-up request gets
     * @return completes when every warm-up request has answered or failed
     */
    public CompletableFuture<Void> warmUp(Collection<String> sessionKeys, String url) {
        return CompletableFuture.allOf(sessionKeys.stream()
                .map(key -> send(ProxyRequest.get(url).withSessionKey(key)).handle((r, e) -> null))
                .toArray(CompletableFuture[]::new));
    }

    /**
     * Marks {@code sessionKey}'s last response as blocked: its next request gets a new session. Does nothing without
     * sessions.
     *
     * @param sessionKey the key whose session to replace
     */
    public void markBlocked(String sessionKey) {
        if (router != null) {
            router.blocked(sessionKey);
        }
    }

    /**
     * Connections created and reused, requests, retries, wire bytes and closes, in total and per exit. A connection
     * whose setup failed after its TCP handshake completed (a SOCKS5 authentication rejected, a CONNECT refused, a
     * TLS handshake failed) counts as created, with its bytes as handshake bytes, and as closed with
     * {@link io.proxybench.client.event.CloseReason#ERROR}: 100 calls failing that way count 100 created, not 0.
     * See {@link io.proxybench.client.event.Counts}.
     *
     * @return the counters now
     */
    public ClientCounts counters() {
        return engine.counters();
    }

    /**
     * HTTP/2 connections to proxies and the tunnels they carried; fallbacks to HTTP/1.1 (all zero without
     * {@link ProxyProtocol#H2_PREFERRED}).
     *
     * @return the figures now
     */
    public GatewayStats gatewayStats() {
        return engine.gatewayStats();
    }

    /**
     * The pool's gauges: requests in flight, idle connections, waiting acquisitions, connections.
     *
     * @return the gauges now
     */
    public PoolGauges poolGauges() {
        return engine.poolGauges();
    }

    /** Closes every connection and stops the client's I/O threads; a second call does nothing. */
    @Override
    public void close() {
        engine.close();
    }

    /** How a client is built; every setting has a default, and each is set by name. Not thread-safe. */
    public static final class Builder {
        private ProxySelection proxies = ProxySelection.direct();
        /** The proxy {@link #proxy(ProxySpec)} gave, checked against {@code proxyProtocol}; null after a selection. */
        private ProxySpec proxy;
        private SessionTemplate template;
        private SessionRouter router;
        private TlsSettings tls = TlsSettings.system();
        /** TLS to {@code https://} proxies; null for {@link #tls}'s. */
        private TlsSettings proxyTls;
        private boolean forceConnect;
        private PoolLimits limits = PoolLimits.defaults();
        private boolean sessionLifetimeKeepAlive;
        private Timeouts timeouts = Timeouts.defaults();
        private int maxBodyBytes = 16 << 20;
        private boolean bodyPrefixOnly;
        private int maxStreamsPerConnection = 100;
        private ProxyProtocol proxyProtocol = ProxyProtocol.HTTP1;
        private int maxStreamsPerProxyConnection = 100;
        private int ioThreads;
        private String userAgent = "proxybench/0.1";
        private EventListener.Factory listeners = call -> EventListener.NONE;
        private RedirectPolicy redirects = RedirectPolicy.normal();
        private CookieJars cookies = CookieJars.perSession();
        private RetryPolicy retries = RetryPolicy.none();
        private boolean decompression = true;
        private long maxDecodedBytes = 1L << 30;
        private int maxDecodeRatio = 1000;
        private DnsResolver dns = DnsResolver.jdk();

        private Builder() {}

        /**
         * The proxy for requests that name none: {@code proxySelection(ProxySelection.of(proxy))}, or
         * {@link ProxySelection#direct()} for null.
         *
         * @param proxy the proxy, or null (the default) for direct
         * @return this builder
         */
        public Builder proxy(ProxySpec proxy) {
            this.proxies = proxy == null ? ProxySelection.direct() : ProxySelection.of(proxy);
            this.proxy = proxy;
            return this;
        }

        /**
         * Which proxy each request that names none takes, chosen per URL (a redirect's hop by its own URL), e.g.
         * {@code ProxySelection.fromEnvironment()} or a proxy {@linkplain ProxySelection#bypassing bypassing} some
         * hosts. Replaces what {@link #proxy(ProxySpec)} set; the last call wins. A proxy selected while
         * {@link #proxyProtocol} is {@link ProxyProtocol#H2_PREFERRED} is spoken to over HTTP/2 only when it is
         * {@code https://}.
         *
         * @param proxies the selection; {@link ProxySelection#direct()} is the default
         * @return this builder
         */
        public Builder proxySelection(ProxySelection proxies) {
            this.proxies = Objects.requireNonNull(proxies, "proxies");
            this.proxy = null;
            return this;
        }

        /**
         * The proxy for requests that name none, as a URL such as {@code http://user:pass@gateway:8080}.
         *
         * @param url {@code http://}, {@code https://}, {@code socks5://} or {@code socks5h://}
         * @return this builder
         * @throws IllegalArgumentException when the URL is not a proxy URL; the message names the part and never
         *     shows the password
         */
        public Builder proxy(String url) {
            return proxy(ProxySpec.parse(url));
        }

        /**
         * Sessions in the provider's dialect: a request with a {@linkplain ProxyRequest#withSessionKey session key}
         * gets the router's session id for that key, written into the proxy credentials with the template's values
         * (lifetime, country...); a request without one (or every request, without a router) rotates, with the
         * template's targeting written when it has any.
         *
         * @param template the provider's dialect and what every session asks for, e.g.
         *     {@code SessionTemplate.of(Dialect.named("oxylabs")).withCountry("US")}
         * @param router which session id each key gets, e.g. {@link SessionRouter#stickyPerKey()}; null for
         *     rotation only
         * @return this builder
         */
        public Builder sessions(SessionTemplate template, SessionRouter router) {
            this.template = template;
            this.router = router;
            return this;
        }

        /**
         * TLS to origins (and to {@code https://} proxies, unless {@link #proxyTls} says otherwise): how their
         * certificates are checked and pinned, which certificate the client presents, what ALPN offers; default
         * {@link TlsSettings#system()}.
         *
         * @param tls the settings
         * @return this builder
         */
        public Builder tls(TlsSettings tls) {
            this.tls = Objects.requireNonNull(tls, "tls");
            return this;
        }

        /**
         * TLS to {@code https://} proxies, when it differs from the origins': e.g. trust in a corporate CA file and a
         * client certificate for the proxy while origins use the system's trust. Its ALPN is the client's choice
         * ({@link #proxyProtocol}); its pins are checked against the proxy's host. Connections made with different
         * proxy TLS are never shared. Default: the settings given to {@link #tls}.
         *
         * @param proxyTls the settings, or null for those of {@link #tls}
         * @return this builder
         */
        public Builder proxyTls(TlsSettings proxyTls) {
            this.proxyTls = proxyTls;
            return this;
        }

        /**
         * Tunnel {@code http://} origins with CONNECT too, instead of forwarding absolute-URI requests (default
         * false).
         *
         * @param forceConnect true to tunnel every origin
         * @return this builder
         */
        public Builder forceConnect(boolean forceConnect) {
            this.forceConnect = forceConnect;
            return this;
        }

        /**
         * The pool's caps and lifetimes; default {@link PoolLimits#defaults()}. Changes nothing else.
         *
         * @param limits the limits
         * @return this builder
         */
        public Builder limits(PoolLimits limits) {
            this.limits = limits;
            return this;
        }

        /**
         * Keep a sticky session's idle connections for the lifetime its credentials ask for (e.g.
         * {@code _lifetime-10m}), instead of {@link PoolLimits#keepAlive()}, since its exit stays that long. Default
         * false: every connection keeps the limits' keep-alive.
         *
         * @param on true to keep sessions' connections for their lifetime
         * @return this builder
         */
        public Builder keepAliveForSessionLifetime(boolean on) {
            this.sessionLifetimeKeepAlive = on;
            return this;
        }

        /**
         * Time limits of each phase; default {@link Timeouts#defaults()}.
         *
         * @param timeouts the limits
         * @return this builder
         */
        public Builder timeouts(Timeouts timeouts) {
            this.timeouts = timeouts;
            return this;
        }

        /**
         * The longest body {@link ProxyClient#send} reads into memory (default 16 MiB): a longer one fails the call
         * ({@code request_BodyTooLargeException}, naming the limit), never returns cut. Bodies of any size are read
         * with {@link ProxyClient#stream}.
         *
         * @param bytes zero or more
         * @return this builder
         */
        public Builder maxBodyBytes(int bytes) {
            this.maxBodyBytes = bytes;
            this.bodyPrefixOnly = false;
            return this;
        }

        /**
         * Keep only each body's first bytes, reading and counting the rest ({@link ProxyResponse#bodyBytes()}),
         * instead of failing a body over {@link #maxBodyBytes}: for a load generator, which measures bodies and
         * needs none of them whole.
         *
         * @param bytes the prefix kept, zero or more
         * @return this builder
         */
        public Builder keepBodyPrefix(int bytes) {
            this.maxBodyBytes = bytes;
            this.bodyPrefixOnly = true;
            return this;
        }

        /**
         * Concurrent requests at most on one HTTP/2 connection to an origin (the origin's own limit applies too);
         * default 100.
         *
         * @param streams at least 1
         * @return this builder
         */
        public Builder maxStreamsPerConnection(int streams) {
            this.maxStreamsPerConnection = streams;
            return this;
        }

        /**
         * What to ask {@code https://} proxies for by ALPN: with {@link ProxyProtocol#H2_PREFERRED} each tunnel is a
         * stream on a shared HTTP/2 connection to the proxy, carrying its own credentials (so its own session); a
         * proxy that chooses HTTP/1.1 is used that way, reported by {@link EventListener#proxyProtocolFallback} and
         * counted in {@link ProxyClient#gatewayStats()}. Other proxy schemes are unaffected. Default HTTP1.
         *
         * @param protocol HTTP1 or H2_PREFERRED
         * @return this builder
         */
        public Builder proxyProtocol(ProxyProtocol protocol) {
            this.proxyProtocol = protocol;
            return this;
        }

        /**
         * Tunnels at most on one HTTP/2 connection to a proxy (the proxy's own limit applies too); default 100.
         *
         * @param streams at least 1
         * @return this builder
         */
        public Builder maxStreamsPerProxyConnection(int streams) {
            this.maxStreamsPerProxyConnection = streams;
            return this;
        }

        /**
         * I/O threads of the client.
         *
         * @param threads 0 (the default) for twice the cores
         * @return this builder
         */
        public Builder ioThreads(int threads) {
            this.ioThreads = threads;
            return this;
        }

        /**
         * The User-Agent of requests that set none (default {@code proxybench/0.1}).
         *
         * @param userAgent the header's value
         * @return this builder
         */
        public Builder userAgent(String userAgent) {
            this.userAgent = userAgent;
            return this;
        }

        /**
         * Which redirects calls follow; default {@link RedirectPolicy#normal()}: as browsers do, up to 20 hops, never
         * from https to http. Each hop rides the request's session (the same exit); the response lists the hops
         * ({@link ProxyResponse#redirects()}). {@link RedirectPolicy#none()} returns every 3xx as it is.
         *
         * @param policy the policy
         * @return this builder
         */
        public Builder redirects(RedirectPolicy policy) {
            this.redirects = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /**
         * Where cookies are kept; default {@link CookieJars#perSession()}: a jar per session key, so a cookie set
         * through one session (one exit) is never sent through another. Requests without a session key share one jar
         * of their own. {@link CookieJars#shared()} keeps one jar for all, as a browser would; null keeps none.
         * Cookies from a jar go with a request unless it sets a {@code Cookie} header itself.
         *
         * @param jars the jars, or null for no cookies
         * @return this builder
         */
        public Builder cookies(CookieJars jars) {
            this.cookies = jars;
            return this;
        }

        /**
         * When calls are sent again; default {@link RetryPolicy#none()}: one attempt (but for a reused connection
         * that gave no response at all, which is always sent once more on a new one).
         *
         * @param policy the policy
         * @return this builder
         */
        public Builder retries(RetryPolicy policy) {
            this.retries = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /**
         * Whether bodies are asked for compressed and decoded (default true): a request without an
         * {@code Accept-Encoding} of its own asks for the codings the client decodes here (gzip and deflate, and br
         * and zstd where their native libraries load), and its body is decoded as it arrives: {@link
         * ProxyResponse#body()} and a stream give the decoded bytes, {@link ProxyResponse#bytesIn()} stays the wire
         * bytes and {@link ProxyResponse#decodedBytes()} says how long the body decoded. A request that sets its own
         * {@code Accept-Encoding} gets the body as received, as does one whose coding the client cannot decode
         * (e.g. {@code compress}). Corrupt data fails the call ({@code request_ContentDecodingException}, naming the
         * coding); so does a body that decodes past {@link #decodeLimits}.
         *
         * @param on false to send no Accept-Encoding of the client's and decode nothing (hey's and oha's
         *     {@code --disable-compression})
         * @return this builder
         */
        public Builder decompression(boolean on) {
            this.decompression = on;
            return this;
        }

        /**
         * How far a body may grow when decoded (default 1 GiB, and 1,000× its encoded size once past 1 MiB): past
         * either, the call fails as a decompression bomb would. A buffered body is held to {@link #maxBodyBytes}
         * decoded as well.
         *
         * @param maxDecodedBytes the most bytes a body may decode to
         * @param maxDecodeRatio the most decoded bytes per encoded byte, past the first MiB
         * @return this builder
         */
        public Builder decodeLimits(long maxDecodedBytes, int maxDecodeRatio) {
            this.maxDecodedBytes = maxDecodedBytes;
            this.maxDecodeRatio = maxDecodeRatio;
            return this;
        }

        /**
         * How the client looks up host names: the proxy's, and the origin's when direct or through a
         * {@code socks5://} proxy ({@code socks5h://} leaves it to the proxy). Default {@link DnsResolver#jdk()},
         * the system's resolver on a few threads of its own; {@link DnsResolver#netty()} queries name servers
         * without blocking a thread and caches answers for their TTL. Whatever the resolver, every address of a name
         * is dialled, IPv6 ones too, raced as RFC 8305's happy eyeballs do. The client does not close the resolver.
         *
         * @param resolver the resolver, shared by every call of the client
         * @return this builder
         */
        public Builder dns(DnsResolver resolver) {
            this.dns = Objects.requireNonNull(resolver, "resolver");
            return this;
        }

        /**
         * Where each call's events go: the factory makes a listener per call (default none).
         *
         * @param factory called once per call, on the caller's thread
         * @return this builder
         */
        public Builder eventListenerFactory(EventListener.Factory factory) {
            this.listeners = factory;
            return this;
        }

        /**
         * A client with these settings; it starts its I/O threads now.
         *
         * @return a new client, to be closed
         * @throws IllegalArgumentException for inconsistent settings or TLS settings that cannot be used; the
         *     message names the setting
         */
        public ProxyClient build() {
            if (template == null && router != null) {
                throw new IllegalArgumentException("a session router needs a template (the provider's dialect) to"
                        + " write its ids with; pass both to sessions(template, router)");
            }
            if (proxyProtocol == null) {
                throw new IllegalArgumentException("proxyProtocol is null; use HTTP1 or H2_PREFERRED");
            }
            if (maxStreamsPerProxyConnection < 1) {
                throw new IllegalArgumentException("maxStreamsPerProxyConnection " + maxStreamsPerProxyConnection
                        + " must be at least 1");
            }
            if (maxStreamsPerConnection < 1) {
                throw new IllegalArgumentException("maxStreamsPerConnection " + maxStreamsPerConnection
                        + " must be at least 1");
            }
            if (maxBodyBytes < 0) {
                throw new IllegalArgumentException("maxBodyBytes " + maxBodyBytes + " must be 0 or more");
            }
            if (ioThreads < 0) {
                throw new IllegalArgumentException("ioThreads " + ioThreads + " must be 0 (twice the cores) or more");
            }
            if (proxyProtocol == ProxyProtocol.H2_PREFERRED && proxy != null
                    && proxy.scheme() != ProxyScheme.HTTPS) {
                throw new IllegalArgumentException("proxyProtocol H2_PREFERRED needs an https:// proxy (HTTP/2 is"
                        + " negotiated by TLS ALPN), not " + proxy);
            }
            TlsSettings toProxy = proxyTls != null ? proxyTls : tls;
            TlsContexts tlsContexts = new TlsContexts();
            try {
                tlsContexts.origin(tls);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("tls: " + e.getMessage(), e);
            }
            try {
                tlsContexts.proxy(toProxy, proxyProtocol);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException((proxyTls != null ? "proxyTls: " : "tls (also the proxy's): ")
                        + e.getMessage(), e);
            }
            return new ProxyClient(new ClientSettings(proxies, template, router, tls, toProxy, forceConnect, limits,
                    sessionLifetimeKeepAlive, timeouts, maxBodyBytes, bodyPrefixOnly, maxStreamsPerConnection,
                    proxyProtocol, maxStreamsPerProxyConnection, userAgent, listeners, tlsContexts, redirects, cookies,
                    retries, decompression, new DecodeLimits(maxDecodedBytes, maxDecodeRatio), dns), ioThreads);
        }
    }
}
