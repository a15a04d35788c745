package io.proxybench.client.internal.exchange;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.CombinedChannelDuplexHandler;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpRequestEncoder;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.util.AsciiString;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The HTTP/1.1 codec of one client connection: Netty's request encoder and response decoder, doing what
 * {@link HttpClientCodec} does for a connection that carries one exchange at a time, with less made per exchange
 * when a run repeats its request on a kept-alive connection:
 *
 * <ul>
 *   <li>a response header name, and each word of the status line, equal byte for byte to one this connection read
 *       before is that same object again (Netty's decoder makes a new {@link AsciiString} or {@link String} each
 *       time); they are immutable, so sharing them is safe;
 *   <li>a request's header map that is the same object as the last request's (the client reuses one map for a
 *       run's repeated request, and never changes a map once made) is written from the bytes the last one was
 *       encoded to, with no iterator and no per-header encoding;
 *   <li>the response to a HEAD request has no body, told by the request this connection sent last (one exchange at
 *       a time, so no queue of methods as in {@link HttpClientCodec}).
 * </ul>
 */
final class Http1Codec extends CombinedChannelDuplexHandler<Http1Codec.ResponseDecoder, Http1Codec.RequestEncoder> {

    /** Distinct header names a connection remembers; a server sends a dozen or so. */
    private static final int NAMES = 32;

    /** Whether the request in progress is a HEAD; written by the encoder, read by the decoder, event loop only. */
    private boolean head;

    Http1Codec() {
        init(new ResponseDecoder(), new RequestEncoder());
    }

    final class ResponseDecoder extends HttpResponseDecoder {
        /** Header names read on this connection, filled from the front, then replaced round robin. */
        private final AsciiString[] names = new AsciiString[NAMES];
        private int namesAdded;
        /** The status line's three words as last read (version, code, reason); null before the first. */
        private final String[] words = new String[3];

        @Override
        protected AsciiString splitHeaderName(byte[] bytes, int start, int length) {
            for (int i = 0; i < Math.min(namesAdded, NAMES); i++) {
                AsciiString name = names[i];
                if (name.length() == length && Arrays.equals(name.array(), name.arrayOffset(),
                        name.arrayOffset() + length, bytes, start, start + length)) {
                    return name;
                }
            }
            AsciiString name = new AsciiString(bytes, start, length, true);
            names[namesAdded++ % NAMES] = name;
            return name;
        }

        @Override
        protected String splitFirstWordInitialLine(byte[] bytes, int start, int length) {
            return word(0, bytes, start, length);
        }

        @Override
        protected String splitSecondWordInitialLine(byte[] bytes, int start, int length) {
            return word(1, bytes, start, length);
        }

        @Override
        protected String splitThirdWordInitialLine(byte[] bytes, int start, int length) {
            return word(2, bytes, start, length);
        }

        /** The status line's word {@code i}, the last one's object when the bytes are the same (ISO-8859-1). */
        private String word(int i, byte[] bytes, int start, int length) {
            String last = words[i];
            if (last != null && last.length() == length) {
                int j = 0;
                while (j < length && last.charAt(j) == (char) (bytes[start + j] & 0xFF)) {
                    j++;
                }
                if (j == length) {
                    return last;
                }
            }
            String word = new String(bytes, start, length, StandardCharsets.ISO_8859_1);
            words[i] = word;
            return word;
        }

        @Override
        protected boolean isContentAlwaysEmpty(HttpMessage msg) {
            // An interim response (100 Continue, 103 Early Hints) comes before the final one, which the HEAD rule
            // is for; the 1xx rules are Netty's.
            if (((HttpResponse) msg).status().codeClass() != HttpStatusClass.INFORMATIONAL && head) {
                return true;
            }
            return super.isContentAlwaysEmpty(msg);
        }
    }

    final class RequestEncoder extends HttpRequestEncoder {
        /** The header map last written, and its bytes once it came twice in a row; null before. */
        private HttpHeaders lastHeaders;
        private byte[] lastEncoded;

        @Override
        protected void encodeInitialLine(ByteBuf buf, HttpRequest request) throws Exception {
            head = HttpMethod.HEAD.equals(request.method());
            super.encodeInitialLine(buf, request);
        }

        @Override
        protected void encodeHeaders(HttpHeaders headers, ByteBuf buf) {
            if (headers != lastHeaders) {
                // A map seen once is encoded plainly: a run whose every request has its own map copies nothing.
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
}
