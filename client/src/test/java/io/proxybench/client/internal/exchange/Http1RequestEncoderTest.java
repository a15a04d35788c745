package io.proxybench.client.internal.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class Http1RequestEncoderTest {

    private final EmbeddedChannel channel = new EmbeddedChannel(new Http1RequestEncoder());

    @AfterEach
    void close() {
        channel.finishAndReleaseAll();
    }

    @Test
    void aHeaderMapSentAgainIsWrittenAsNettysEncoderWritesIt() {
        HttpHeaders shared = new DefaultHttpHeaders().add("Host", "example.test").add("User-Agent", "proxybench")
                .add("Accept", "*/*");
        HttpHeaders other = new DefaultHttpHeaders().add("Host", "example.test").add("X-Other", "1");
        List<HttpHeaders> sequence = List.of(shared, shared, shared, other, shared, shared, other, other, other);
        EmbeddedChannel netty = new EmbeddedChannel(new HttpClientCodec());
        try {
            for (HttpHeaders headers : sequence) {
                String ours = send(request(HttpMethod.GET, headers));
                netty.writeOutbound(request(HttpMethod.GET, headers));
                assertThat(ours).isEqualTo(outbound(netty));
            }
        } finally {
            netty.finishAndReleaseAll();
        }
    }

    @Test
    void aRequestWithABodyRepeatedIsWrittenWhole() {
        HttpHeaders shared = new DefaultHttpHeaders().add("Host", "example.test").add("Content-Length", "5");
        for (int i = 0; i < 3; i++) {
            FullHttpRequest post = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/form",
                    Unpooled.copiedBuffer("a=" + i + "&b", StandardCharsets.ISO_8859_1), shared,
                    EmptyHttpHeaders.INSTANCE);
            assertThat(send(post)).isEqualTo("POST /form HTTP/1.1\r\nHost: example.test\r\nContent-Length: 5\r\n\r\n"
                    + "a=" + i + "&b");
        }
    }

    private static FullHttpRequest request(HttpMethod method, HttpHeaders headers) {
        return new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, "/path?q=1", Unpooled.EMPTY_BUFFER, headers,
                EmptyHttpHeaders.INSTANCE);
    }

    private String send(FullHttpRequest request) {
        channel.writeOutbound(request);
        return outbound(channel);
    }

    private static String outbound(EmbeddedChannel ch) {
        StringBuilder text = new StringBuilder();
        for (Object o; (o = ch.readOutbound()) != null; ) {
            ByteBuf buf = (ByteBuf) o;
            text.append(buf.toString(StandardCharsets.ISO_8859_1));
            buf.release();
        }
        return text.toString();
    }
}
