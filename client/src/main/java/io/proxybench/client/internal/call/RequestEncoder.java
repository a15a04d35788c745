package io.proxybench.client.internal.call;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.proxybench.client.Headers;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.internal.connect.Route;
import io.proxybench.client.internal.exchange.StreamedBody;
import io.proxybench.client.proxy.ProxySpec;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.Map;
import java.util.Objects;

/**
 * A request as it goes on the wire: origin-form, or absolute-form (without user info or fragment) to a forward proxy,
 * with the proxy's credentials then. The request's headers go first; Host, User-Agent and (when the client decodes
 * bodies) Accept-Encoding are added only when it has none.
 *
 * <p>A run sends the same request over and over, so the last header map made is kept and given to the next request
 * whose headers it would repeat: the same header list, method, body length, Host and, to a forward proxy, the same
 * proxy. The map is shared read-only, on any event loop: HTTP/1.1 only reads it, and an HTTP/2 exchange gives its
 * stream a copy (Netty's HTTP/2 conversion writes into the map). A request whose body is a file always gets its own
 * (the file's length is read per request).
 *
 * <p>A request without a body that repeats the one the kept map was made for, its target too, gets the very message
 * made then: such a message holds nothing a write changes (its content is Netty's empty buffer, which a release
 * leaves alone, and its header map is shared already), so one per request would only be garbage.
 */
final class RequestEncoder {

    private final String userAgent;
    /** The Accept-Encoding of requests that set none, or null to add none. */
    private final String acceptEncoding;
    /** The header map last made, with what it was made from; null before the first request. */
    private volatile Made last;

    RequestEncoder(String userAgent, String acceptEncoding) {
        this.userAgent = userAgent;
        this.acceptEncoding = acceptEncoding;
    }

    /**
     * A header map and the inputs that made it; {@code proxy} is null unless the request went to a forward proxy.
     * {@code bodiless}: the message made with it when the request had no body, else null.
     */
    private record Made(Headers headerList, String method, int bodyLength, String hostHeader,
            ProxySpec proxy, HttpHeaders headers, FullHttpRequest bodiless) {

        boolean repeats(ProxyRequest request, ProxySpec forwardProxy, String host) {
            return headerList == request.headers() && bodyLength == request.body().length
                    && method.equals(request.method()) && hostHeader.equals(host)
                    && Objects.equals(proxy, forwardProxy);
        }
    }

    /**
     * @return a {@link StreamedBody} for a request with a body file or source
     * @throws IllegalArgumentException for a method or header Netty refuses to write, or a body file that cannot be
     *     read
     */
    FullHttpRequest encode(ProxyRequest request, Route route, String hostHeader) {
        URI uri = request.uri();
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String target = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
        ProxySpec forwardProxy = route.mode() == Route.Mode.FORWARD ? route.proxy() : null;
        if (forwardProxy != null) {
            target = route.origin().scheme() + "://" + hostHeader + target;
        }
        HttpMethod method = HttpMethod.valueOf(request.method());
        ByteBuf body = Unpooled.wrappedBuffer(request.body());
        Made made = last;
        if (request.bodyFile() == null && request.bodySource() == null && made != null
                && made.repeats(request, forwardProxy, hostHeader)) {
            if (made.bodiless != null && made.bodiless.uri().equals(target)) {
                return made.bodiless;
            }
            // A request has no trailers: no second header map for them.
            return new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, target, body, made.headers,
                    EmptyHttpHeaders.INSTANCE);
        }
        FullHttpRequest http = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, target, body,
                new DefaultHttpHeaders(), EmptyHttpHeaders.INSTANCE);
        HttpHeaders headers = http.headers();
        try {
            for (Map.Entry<String, String> h : request.headers()) {
                headers.add(h.getKey(), h.getValue());
            }
        } catch (IllegalArgumentException e) {
            http.release();
            throw new IllegalArgumentException("bad request header: " + e.getMessage(), e);
        }
        if (!headers.contains(HttpHeaderNames.HOST)) {
            headers.set(HttpHeaderNames.HOST, hostHeader);
        }
        if (!headers.contains(HttpHeaderNames.USER_AGENT)) {
            headers.set(HttpHeaderNames.USER_AGENT, userAgent);
        }
        if (acceptEncoding != null && !headers.contains(HttpHeaderNames.ACCEPT_ENCODING)) {
            headers.set(HttpHeaderNames.ACCEPT_ENCODING, acceptEncoding);
        }
        long fileLength = -1;
        if (request.bodySource() != null) {
            long length = request.bodySource().length();
            if (length >= 0) {
                headers.set(HttpHeaderNames.CONTENT_LENGTH, length);
            } else {
                headers.remove(HttpHeaderNames.CONTENT_LENGTH);
                headers.set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
            }
        } else if (request.bodyFile() != null) {
            try {
                fileLength = Files.size(request.bodyFile());
            } catch (IOException e) {
                http.release();
                throw new IllegalArgumentException("cannot read the body file " + request.bodyFile() + ": " + e, e);
            }
            headers.set(HttpHeaderNames.CONTENT_LENGTH, fileLength);
        } else if (request.body().length > 0 || !headers.contains(HttpHeaderNames.CONTENT_LENGTH)
                && (request.method().equals("POST") || request.method().equals("PUT"))) {
            headers.setInt(HttpHeaderNames.CONTENT_LENGTH, request.body().length);
        }
        if (forwardProxy != null && forwardProxy.credentials() != null) {
            headers.set(HttpHeaderNames.PROXY_AUTHORIZATION, "Basic " + forwardProxy.credentials().basicToken());
        }
        if (request.bodySource() != null) {
            return new StreamedBody(http, request.bodySource());
        }
        if (fileLength >= 0) {
            return new StreamedBody(http, request.bodyFile(), fileLength);
        }
        last = new Made(request.headers(), request.method(), request.body().length, hostHeader, forwardProxy,
                headers, request.body().length == 0 ? http : null);
        return http;
    }
}
