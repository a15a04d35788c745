package io.proxybench.client;

import io.proxybench.client.proxy.ProxySpec;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A request to send: method, absolute URL, headers and body, and optionally its own proxy (else the client's)
 * and a session key (the task or worker whose session the client's router picks).
 *
 * @param method the HTTP method, e.g. {@code GET}; one Netty refuses fails the call in
 *     {@link io.proxybench.client.event.Phase#REQUEST}
 * @param uri an absolute {@code http://} or {@code https://} URL; any other fails the call before it connects. Its
 *     path and query are sent; user info and fragment are not
 * @param headers sent as given, in order (the list is copied); {@code Host} and {@code User-Agent} are added when
 *     absent, and {@code Content-Length} when there is a body (or for a {@code POST} or {@code PUT} without one)
 * @param body the bytes to send; null for none, read as empty. Not copied: leave it unchanged while the request is
 *     in use
 * @param bodyFile a file whose bytes are the body, read from disk in 64 KiB chunks as the connection can take them
 *     (so a body larger than memory streams), again for each attempt; null for none. Its size when the request is
 *     sent is its {@code Content-Length}; a file that cannot be read then fails the call in
 *     {@link io.proxybench.client.event.Phase#REQUEST}
 * @param proxy null to use the client's proxy
 * @param sessionKey null to use the proxy's credentials as they are; ignored when the client has no sessions or the
 *     request goes direct
 * @param newConnection true to send on a connection opened for this request, never on an open one: a user's retry of
 *     a failed request through a new tunnel, so that a rotating proxy gives it a new exit ({@code run --retries} does
 *     this). The client's own retry of a reused connection that gave no response needs no flag. The new connection
 *     is pooled afterwards like any other
 * @param timeouts null to use the client's; else this call's response-head, read-idle and call limits (connection
 *     setup keeps the client's limits: a connection outlives the call that opened it)
 * @param bodySource a body streamed from an {@link java.io.InputStream}, opened for each send; null for none
 */
public record ProxyRequest(String method, URI uri, List<Map.Entry<String, String>> headers, byte[] body,
        Path bodyFile, ProxySpec proxy, String sessionKey, boolean newConnection, Timeouts timeouts,
        BodySource bodySource) {

    /**
     * Copies {@code headers} and reads a null {@code body} as empty.
     *
     * @param method the HTTP method, e.g. {@code GET}
     * @param uri an absolute {@code http://} or {@code https://} URL
     * @param headers sent as given, in order
     * @param body the bytes to send, or null for none
     * @param bodyFile a file to stream as the body, or null for none
     * @param proxy null to use the client's proxy
     * @param sessionKey null to use the proxy's credentials as they are
     * @param newConnection true to send on a connection opened for this request, never on an open one
     * @param timeouts null for the client's
     * @param bodySource a streamed body, or null for none
     * @throws NullPointerException if {@code method}, {@code uri}, {@code headers} or a header is null
     * @throws IllegalArgumentException if more than one of a non-empty {@code body}, a {@code bodyFile} and a
     *     {@code bodySource} are given
     */
    public ProxyRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(uri, "uri");
        headers = List.copyOf(headers);
        body = body == null ? new byte[0] : body;
        if ((bodyFile != null ? 1 : 0) + (body.length > 0 ? 1 : 0) + (bodySource != null ? 1 : 0) > 1) {
            throw new IllegalArgumentException("a request has one body: bytes, a file or a source, not several");
        }
    }

    /**
     * A GET of {@code url}, with no headers or body, through the client's proxy and without a session key.
     *
     * @param url an absolute {@code http://} or {@code https://} URL
     * @return the request
     * @throws IllegalArgumentException if {@code url} is not a URI
     */
    public static ProxyRequest get(String url) {
        return new ProxyRequest("GET", URI.create(url), List.of(), null, null, null, null, false, null, null);
    }

    /**
     * This request with another method.
     *
     * @param method e.g. {@code POST}
     * @return a new request
     */
    public ProxyRequest withMethod(String method) {
        return new ProxyRequest(method, uri, headers, body, bodyFile, proxy, sessionKey, newConnection, timeouts,
                bodySource);
    }

    /**
     * This request with {@code body} as its body, instead of any body or body file it had.
     *
     * @param body the bytes, not copied
     * @return a new request
     */
    public ProxyRequest withBody(byte[] body) {
        return new ProxyRequest(method, uri, headers, body, null, proxy, sessionKey, newConnection, timeouts,
                null);
    }

    /**
     * This request with the bytes of {@code file} as its body, streamed, instead of any body it had.
     *
     * @param file a readable file
     * @return a new request
     */
    public ProxyRequest withBodyFile(Path file) {
        return new ProxyRequest(method, uri, headers, null, Objects.requireNonNull(file, "file"), proxy, sessionKey,
                newConnection, timeouts, null);
    }

    /**
     * This request with one more header, after the others; one of the same name is kept, not replaced.
     *
     * @param name the header's name
     * @param value the header's value
     * @return a new request
     */
    public ProxyRequest withHeader(String name, String value) {
        List<Map.Entry<String, String>> more = new ArrayList<>(headers);
        more.add(Map.entry(name, value));
        return new ProxyRequest(method, uri, more, body, bodyFile, proxy, sessionKey, newConnection, timeouts,
                bodySource);
    }

    /**
     * This request through {@code proxy} instead of the client's proxy.
     *
     * @param proxy the proxy, or null for the client's
     * @return a new request
     */
    public ProxyRequest withProxy(ProxySpec proxy) {
        return new ProxyRequest(method, uri, headers, body, bodyFile, proxy, sessionKey, newConnection, timeouts,
                bodySource);
    }

    /**
     * Routes this request through the session the client's router gives {@code key}.
     *
     * @param key the task or worker whose session to use, or null for none
     * @return a new request
     */
    public ProxyRequest withSessionKey(String key) {
        return new ProxyRequest(method, uri, headers, body, bodyFile, proxy, key, newConnection, timeouts,
                bodySource);
    }

    /**
     * This request, to be sent on a new connection rather than an open one.
     *
     * @return a new request with {@code newConnection} true
     */
    public ProxyRequest withNewConnection() {
        return new ProxyRequest(method, uri, headers, body, bodyFile, proxy, sessionKey, true, timeouts,
                bodySource);
    }

    /**
     * This request with its own time limits instead of the client's: its response-head, read-idle and call limits
     * apply (connection setup keeps the client's).
     *
     * @param timeouts the limits, or null for the client's
     * @return a new request
     */
    public ProxyRequest withTimeouts(Timeouts timeouts) {
        return new ProxyRequest(method, uri, headers, body, bodyFile, proxy, sessionKey, newConnection, timeouts,
                bodySource);
    }

    /**
     * This request with a body streamed from {@code source}, instead of any body it had.
     *
     * @param source opens the body for each send; {@link BodySource#of} gives it a length
     * @return a new request
     */
    public ProxyRequest withBody(BodySource source) {
        return new ProxyRequest(method, uri, headers, null, null, proxy, sessionKey, newConnection, timeouts,
                Objects.requireNonNull(source, "source"));
    }
}
