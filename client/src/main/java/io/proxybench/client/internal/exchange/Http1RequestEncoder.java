package io.proxybench.client.internal.exchange;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequestEncoder;

/**
 * Netty's HTTP/1.1 request encoder, writing a header map that is the same object as the last request's from the bytes
 * that one was encoded to: the client reuses one map for a run's repeated request and never changes a map once made,
 * so a kept-alive connection writes those bytes with no iterator and no per-header encoding. A map seen once is
 * encoded plainly, so a run whose every request has its own map copies nothing. One per connection.
 */
final class Http1RequestEncoder extends HttpRequestEncoder {

    /** The header map last written, and its bytes once it came twice in a row; null before. */
    private HttpHeaders lastHeaders;
    private byte[] lastEncoded;

    @Override
    protected void encodeHeaders(HttpHeaders headers, ByteBuf buf) {
        if (headers != lastHeaders) {
            lastHeaders = headers;
            lastEncoded = null;
            super.encodeHeaders(headers, buf);
        } else if (lastEncoded == null) {
            int from = buf.writerIndex();
            super.encodeHeaders(headers, buf);
            lastEncoded = ByteBufUtil.getBytes(buf, from, buf.writerIndex() - from);
        } else {
            buf.writeBytes(lastEncoded);
        }
    }
}
