package io.proxybench.client;

import io.proxybench.client.proxy.ProxySpec;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A request to send: method, absolute URL, headers and body, and optionally its own proxy (else the client's)
 * and a session key (the task or worker whose session the client's router picks).
 *
 * @param proxy null to use the client's proxy
 * @param sessionKey null to use the proxy's credentials as they are
 * @param newConnection true to send on a connection opened for this request (e.g. a retry on a new tunnel), never
 *     on an open one; the new connection is pooled afterwards like any other
 */
public record ProxyRequest(String method, URI uri, List<Map.Entry<String, String>> headers, byte[] body,
        ProxySpec proxy, String sessionKey, boolean newConnection) {

    public ProxyRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(uri, "uri");
        headers = List.copyOf(headers);
        body = body == null ? new byte[0] : body;
    }

    /** A GET of {@code url}. */
    public static ProxyRequest get(String url) {
        return new ProxyRequest("GET", URI.create(url), List.of(), null, null, null, false);
    }

    public ProxyRequest withHeader(String name, String value) {
        List<Map.Entry<String, String>> more = new ArrayList<>(headers);
        more.add(Map.entry(name, value));
        return new ProxyRequest(method, uri, more, body, proxy, sessionKey, newConnection);
    }

    public ProxyRequest withProxy(ProxySpec proxy) {
        return new ProxyRequest(method, uri, headers, body, proxy, sessionKey, newConnection);
    }

    /** Routes this request through the session the client's router gives {@code key}. */
    public ProxyRequest withSessionKey(String key) {
        return new ProxyRequest(method, uri, headers, body, proxy, key, newConnection);
    }

    /** This request, to be sent on a new connection rather than an open one. */
    public ProxyRequest withNewConnection() {
        return new ProxyRequest(method, uri, headers, body, proxy, sessionKey, true);
    }
}
