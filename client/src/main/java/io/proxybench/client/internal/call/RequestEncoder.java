package io.proxybench.client.internal.call;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.internal.connect.Route;
import io.proxybench.client.internal.exchange.StreamedBody;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.Map;

/**
 * A request as it goes on the wire: origin-form, or absolute-form (without user info or fragment) to a forward proxy,
 * with the proxy's credentials then. The request's headers go first; Host and User-Agent are added only when it has
 * none.
 */
final class RequestEncoder {

    private final String userAgent;

    RequestEncoder(String userAgent) {
        this.userAgent = userAgent;
    }

    /**
     * @return a {@link StreamedBody} for a request with a body file
     * @throws IllegalArgumentException for a method or header Netty refuses to write, or a body file that cannot be
     *     read
     */
    FullHttpRequest encode(ProxyRequest request, Route route, String hostHeader) {
        URI uri = request.uri();
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String target = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
        if (route.mode() == Route.Mode.FORWARD) {
            target = route.origin().scheme() + "://" + hostHeader + target;
        }
        // A request has no trailers: no second header map for them.
        FullHttpRequest http = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.valueOf(request.method()),
                target, Unpooled.wrappedBuffer(request.body()), new DefaultHttpHeaders(), EmptyHttpHeaders.INSTANCE);
        try {
            for (Map.Entry<String, String> h : request.headers()) {
                http.headers().add(h.getKey(), h.getValue());
            }
        } catch (IllegalArgumentException e) {
            http.release();
            throw new IllegalArgumentException("bad request header: " + e.getMessage(), e);
        }
        if (!http.headers().contains(HttpHeaderNames.HOST)) {
            http.headers().set(HttpHeaderNames.HOST, hostHeader);
        }
        if (!http.headers().contains(HttpHeaderNames.USER_AGENT)) {
            http.headers().set(HttpHeaderNames.USER_AGENT, userAgent);
        }
        long fileLength = -1;
        if (request.bodyFile() != null) {
            try {
                fileLength = Files.size(request.bodyFile());
            } catch (IOException e) {
                http.release();
                throw new IllegalArgumentException("cannot read the body file " + request.bodyFile() + ": " + e, e);
            }
            http.headers().set(HttpHeaderNames.CONTENT_LENGTH, fileLength);
        } else if (request.body().length > 0 || !http.headers().contains(HttpHeaderNames.CONTENT_LENGTH)
                && (request.method().equals("POST") || request.method().equals("PUT"))) {
            http.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, request.body().length);
        }
        if (route.mode() == Route.Mode.FORWARD && route.proxy().credentials() != null) {
            http.headers().set(HttpHeaderNames.PROXY_AUTHORIZATION,
                    "Basic " + route.proxy().credentials().basicToken());
        }
        return fileLength < 0 ? http : new StreamedBody(http, request.bodyFile(), fileLength);
    }
}
