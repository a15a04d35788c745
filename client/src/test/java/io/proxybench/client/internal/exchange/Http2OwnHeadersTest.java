package io.proxybench.client.internal.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class Http2OwnHeadersTest {

    @Test
    void anHttp2StreamWritesIntoACopyOfTheHeadersNeverIntoTheSharedMap() {
        HttpHeaders shared = new DefaultHttpHeaders().add("Host", "example.test").add("Accept", "*/*");
        FullHttpRequest encoded = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/a?b",
                Unpooled.copiedBuffer("body", StandardCharsets.US_ASCII), shared, EmptyHttpHeaders.INSTANCE);

        FullHttpRequest own = Http2Connection.withOwnHeaders(encoded);
        // What Netty's HTTP/2 conversion does to the request it sends.
        own.headers().set("x-http2-scheme", "https");

        assertThat(own.headers()).isNotSameAs(shared);
        assertThat(own.headers().get("Host")).isEqualTo("example.test");
        assertThat(own.headers().get("Accept")).isEqualTo("*/*");
        assertThat(shared.contains("x-http2-scheme")).isFalse();
        assertThat(shared.names()).containsExactly("Host", "Accept");
        assertThat(own.method()).isEqualTo(HttpMethod.POST);
        assertThat(own.uri()).isEqualTo("/a?b");
        assertThat(own.content().toString(StandardCharsets.US_ASCII)).isEqualTo("body");
        // The copy took the content over: one release frees it.
        assertThat(own.release()).isTrue();
        assertThat(encoded.refCnt()).isZero();
    }
}
