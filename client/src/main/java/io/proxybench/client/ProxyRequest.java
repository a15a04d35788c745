package io.proxybench.client;

import io.proxybench.client.proxy.ProxySpec;
import java.net.URI;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A request to send: method, absolute URL, headers and body, and optionally its own proxy (else the client's) and a
 * session key (the task or worker whose session the client's router picks). Immutable (but for a body array, which
 * is not copied); made with {@link #builder(String)} or {@link #get(String)}, changed with {@link #toBuilder()} or the
 * {@code with} methods, which return new requests.
 */
public final class ProxyRequest {

    private final String method;
    private final URI uri;
    private final Headers headers;
    private final byte[] body;
    private final Path bodyFile;
    private final BodySource bodySource;
    private final ProxySpec proxy;
    private final String sessionKey;
    private final boolean newConnection;
    private final Timeouts timeouts;

    private ProxyRequest(Builder b) {
        this.method = b.method;
        this.uri = b.uri;
        this.headers = b.added == null ? b.headers : b.added.build();
        this.body = b.body;
        this.bodyFile = b.bodyFile;
        this.bodySource = b.bodySource;
        this.proxy = b.proxy;
        this.sessionKey = b.sessionKey;
        this.newConnection = b.newConnection;
        this.timeouts = b.timeouts;
    }

    /**
     * A GET of {@code url}, with no headers or body, through the client's proxy and without a session key.
     *
     * @param url an absolute {@code http://} or {@code https://} URL
     * @return the request
     * @throws IllegalArgumentException if {@code url} is not a URI
     */
    public static ProxyRequest get(String url) {
        return builder(url).build();
    }

    /**
     * A builder of a GET of {@code url}, with no headers or body, through the client's proxy.
     *
     * @param url an absolute {@code http://} or {@code https://} URL; any other fails the call before it connects
     * @return a new builder
     * @throws IllegalArgumentException if {@code url} is not a URI
     */
    public static Builder builder(String url) {
        return builder(URI.create(url));
    }

    /**
     * A builder of a GET of {@code uri}, with no headers or body, through the client's proxy.
     *
     * @param uri an absolute {@code http://} or {@code https://} URL
     * @return a new builder
     */
    public static Builder builder(URI uri) {
        return new Builder(uri);
    }

    /**
     * A builder holding this request's values.
     *
     * @return a new builder
     */
    public Builder toBuilder() {
        Builder b = new Builder(uri).method(method).headers(headers).proxy(proxy).sessionKey(sessionKey)
                .newConnection(newConnection).timeouts(timeouts);
        b.body = body;
        b.bodyFile = bodyFile;
        b.bodySource = bodySource;
        return b;
    }

    /**
     * The HTTP method, e.g. {@code GET}.
     *
     * @return the method
     */
    public String method() {
        return method;
    }

    /**
     * The absolute URL; its path and query are sent, user info and fragment are not.
     *
     * @return the URL
     */
    public URI uri() {
        return uri;
    }

    /**
     * The headers, sent as given and in order; {@code Host} and {@code User-Agent} are added when absent, and
     * {@code Content-Length} when there is a body (or for a {@code POST} or {@code PUT} without one).
     *
     * @return the headers
     */
    public Headers headers() {
        return headers;
    }

    /**
     * The bytes to send; empty when there are none or the body is a file or a source. Not copied: leave the array
     * unchanged while the request is in use.
     *
     * @return the body
     */
    public byte[] body() {
        return body;
    }

    /**
     * A file whose bytes are the body, read from disk in 64 KiB chunks as the connection can take them (so a body
     * larger than memory streams), again for each attempt. Its size when the request is sent is its
     * {@code Content-Length}; a file that cannot be read then fails the call in
     * {@link io.proxybench.client.event.Phase#REQUEST}.
     *
     * @return the file, or null for none
     */
    public Path bodyFile() {
        return bodyFile;
    }

    /**
     * A body streamed from an {@link java.io.InputStream}, opened for each send.
     *
     * @return the source, or null for none
     */
    public BodySource bodySource() {
        return bodySource;
    }

    /**
     * This request's own proxy.
     *
     * @return the proxy, or null for the client's
     */
    public ProxySpec proxy() {
        return proxy;
    }

    /**
     * The task or worker whose session the client's router picks; ignored when the client has no sessions or the
     * request goes direct.
     *
     * @return the key, or null to use the proxy's credentials as they are
     */
    public String sessionKey() {
        return sessionKey;
    }

    /**
     * Whether the request is sent on a connection opened for it, never on an open one: a user's retry of a failed
     * request through a new tunnel, so that a rotating proxy gives it a new exit ({@code run --retries} does this).
     * The client's own retry of a reused connection that gave no response needs no flag. The new connection is
     * pooled afterwards like any other.
     *
     * @return true for a new connection
     */
    public boolean newConnection() {
        return newConnection;
    }

    /**
     * This call's own response-head, read-idle and call limits (connection setup keeps the client's limits: a
     * connection outlives the call that opened it).
     *
     * @return the limits, or null for the client's
     */
    public Timeouts timeouts() {
        return timeouts;
    }

    /**
     * This request with another method.
     *
     * @param method e.g. {@code POST}
     * @return a new request
     */
    public ProxyRequest withMethod(String method) {
        return toBuilder().method(method).build();
    }

    /**
     * This request with {@code body} as its body, instead of any body it had.
     *
     * @param body the bytes, not copied
     * @return a new request
     */
    public ProxyRequest withBody(byte[] body) {
        return toBuilder().body(body).build();
    }

    /**
     * This request with the bytes of {@code file} as its body, streamed, instead of any body it had.
     *
     * @param file a readable file
     * @return a new request
     */
    public ProxyRequest withBodyFile(Path file) {
        return toBuilder().bodyFile(file).build();
    }

    /**
     * This request with a body streamed from {@code source}, instead of any body it had.
     *
     * @param source opens the body for each send; {@link BodySource#of} gives it a length
     * @return a new request
     */
    public ProxyRequest withBody(BodySource source) {
        return toBuilder().body(source).build();
    }

    /**
     * This request with one more header, after the others; one of the same name is kept, not replaced.
     *
     * @param name the header's name, an HTTP token
     * @param value the header's value, one line
     * @return a new request
     * @throws IllegalArgumentException if the name or value is not one HTTP allows
     */
    public ProxyRequest withHeader(String name, String value) {
        return toBuilder().header(name, value).build();
    }

    /**
     * This request through {@code proxy} instead of the client's proxy.
     *
     * @param proxy the proxy, or null for the client's
     * @return a new request
     */
    public ProxyRequest withProxy(ProxySpec proxy) {
        return toBuilder().proxy(proxy).build();
    }

    /**
     * Routes this request through the session the client's router gives {@code key}.
     *
     * @param key the task or worker whose session to use, or null for none
     * @return a new request
     */
    public ProxyRequest withSessionKey(String key) {
        return toBuilder().sessionKey(key).build();
    }

    /**
     * This request, to be sent on a new connection rather than an open one.
     *
     * @return a new request with {@link #newConnection()} true
     */
    public ProxyRequest withNewConnection() {
        return toBuilder().newConnection(true).build();
    }

    /**
     * This request with its own time limits instead of the client's: its response-head, read-idle and call limits
     * apply (connection setup keeps the client's).
     *
     * @param timeouts the limits, or null for the client's
     * @return a new request
     */
    public ProxyRequest withTimeouts(Timeouts timeouts) {
        return toBuilder().timeouts(timeouts).build();
    }

    /**
     * The method and the URL without its query or user info, for a log line; never a header or the body.
     *
     * @return e.g. {@code GET https://example.com/path}
     */
    @Override
    public String toString() {
        String host = uri.getHost() == null ? "" : uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort());
        return method + " " + uri.getScheme() + "://" + host + (uri.getRawPath() == null ? "" : uri.getRawPath());
    }

    /** A request under construction. Not thread-safe. */
    public static final class Builder {

        private String method = "GET";
        private URI uri;
        /** The headers as given; {@link #added} holds them once a header was added, so unchanged ones are shared. */
        private Headers headers = Headers.empty();
        private Headers.Builder added;
        private byte[] body = new byte[0];
        private Path bodyFile;
        private BodySource bodySource;
        private ProxySpec proxy;
        private String sessionKey;
        private boolean newConnection;
        private Timeouts timeouts;

        private Builder(URI uri) {
            url(uri);
        }

        /**
         * Sets the method.
         *
         * @param method an HTTP method, e.g. {@code POST}; one HTTP does not allow fails {@link #build()}
         * @return this builder
         */
        public Builder method(String method) {
            this.method = Objects.requireNonNull(method, "method");
            return this;
        }

        /**
         * Sets the URL.
         *
         * @param uri an absolute {@code http://} or {@code https://} URL
         * @return this builder
         */
        public Builder url(URI uri) {
            this.uri = Objects.requireNonNull(uri, "uri");
            return this;
        }

        /**
         * Adds a header after the others; one of the same name is kept, not replaced.
         *
         * @param name an HTTP token, e.g. {@code Accept}
         * @param value one line
         * @return this builder
         * @throws IllegalArgumentException if the name or value is not one HTTP allows
         */
        public Builder header(String name, String value) {
            if (added == null) {
                added = headers.toBuilder();
            }
            added.add(name, value);
            return this;
        }

        /**
         * Replaces the headers with {@code headers}.
         *
         * @param headers the headers to send
         * @return this builder
         */
        public Builder headers(Headers headers) {
            this.headers = Objects.requireNonNull(headers, "headers");
            this.added = null;
            return this;
        }

        /**
         * Sets the body to {@code body}, instead of any file or source.
         *
         * @param body the bytes, not copied; null for none
         * @return this builder
         */
        public Builder body(byte[] body) {
            this.body = body == null ? new byte[0] : body;
            this.bodyFile = null;
            this.bodySource = null;
            return this;
        }

        /**
         * Sets the body to the bytes of {@code file}, streamed, instead of any bytes or source.
         *
         * @param file a readable file
         * @return this builder
         */
        public Builder bodyFile(Path file) {
            this.bodyFile = Objects.requireNonNull(file, "file");
            this.body = new byte[0];
            this.bodySource = null;
            return this;
        }

        /**
         * Sets the body to one streamed from {@code source}, instead of any bytes or file.
         *
         * @param source opens the body for each send; {@link BodySource#of} gives it a length
         * @return this builder
         */
        public Builder body(BodySource source) {
            this.bodySource = Objects.requireNonNull(source, "source");
            this.body = new byte[0];
            this.bodyFile = null;
            return this;
        }

        /**
         * Sends the request through {@code proxy} instead of the client's.
         *
         * @param proxy the proxy, or null for the client's
         * @return this builder
         */
        public Builder proxy(ProxySpec proxy) {
            this.proxy = proxy;
            return this;
        }

        /**
         * Routes the request through the session the client's router gives {@code key}.
         *
         * @param key the task or worker whose session to use, or null for none
         * @return this builder
         */
        public Builder sessionKey(String key) {
            this.sessionKey = key;
            return this;
        }

        /**
         * Whether to send on a connection opened for this request; see {@link ProxyRequest#newConnection()}.
         *
         * @param on true for a new connection
         * @return this builder
         */
        public Builder newConnection(boolean on) {
            this.newConnection = on;
            return this;
        }

        /**
         * This call's own response-head, read-idle and call limits.
         *
         * @param timeouts the limits, or null for the client's
         * @return this builder
         */
        public Builder timeouts(Timeouts timeouts) {
            this.timeouts = timeouts;
            return this;
        }

        /**
         * The request.
         *
         * @return a new immutable request
         * @throws IllegalArgumentException if the method is not an HTTP token
         */
        public ProxyRequest build() {
            if (!Headers.isToken(method)) {
                throw new IllegalArgumentException("method \"" + method + "\" is not an HTTP method: use a token such"
                        + " as GET, POST or PROPFIND");
            }
            return new ProxyRequest(this);
        }
    }
}
