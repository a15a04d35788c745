package io.proxybench.lab.target;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;

/**
 * Builds the target's responses. Every one carries {@code server: proxybench-lab} and a Content-Length equal to
 * the length of the body a GET would get; a HEAD response carries the same headers and no body.
 */
final class Responses {

    static final String SERVER = "proxybench-lab";
    static final String TEXT = "text/plain; charset=utf-8";
    static final String HTML = "text/html; charset=utf-8";
    static final String JSON = "application/json";
    static final String OCTETS = "application/octet-stream";

    private Responses() {}

    /** A {@code text/plain} response with {@code body} in UTF-8. */
    static FullHttpResponse text(HttpResponseStatus status, String body, boolean head) {
        return full(status, TEXT, body.getBytes(StandardCharsets.UTF_8), head);
    }

    /** A complete response holding {@code body}, or only its headers when {@code head}. */
    static FullHttpResponse full(HttpResponseStatus status, String contentType, byte[] body, boolean head) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                head ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(body));
        setHeaders(response, contentType, body.length);
        return response;
    }

    /** The headers of a response whose {@code length}-byte body follows as separate content. */
    static HttpResponse headers(HttpResponseStatus status, String contentType, long length) {
        HttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, status);
        setHeaders(response, contentType, length);
        return response;
    }

    /** Like {@link #headers} but complete with no body: the answer to HEAD for a streamed body. */
    static FullHttpResponse headersOnly(HttpResponseStatus status, String contentType, long length) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.EMPTY_BUFFER);
        setHeaders(response, contentType, length);
        return response;
    }

    private static void setHeaders(HttpResponse response, String contentType, long length) {
        response.headers()
                .set(HttpHeaderNames.SERVER, SERVER)
                .set(HttpHeaderNames.CONTENT_TYPE, contentType)
                .set(HttpHeaderNames.CONTENT_LENGTH, length);
    }
}
