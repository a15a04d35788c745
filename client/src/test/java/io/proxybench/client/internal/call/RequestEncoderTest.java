package io.proxybench.client.internal.call;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaders;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.internal.connect.Origin;
import io.proxybench.client.internal.connect.Route;
import io.proxybench.client.proxy.ProxySpec;
import org.junit.jupiter.api.Test;

class RequestEncoderTest {
    private final RequestEncoder encoder = new RequestEncoder("proxybench-test", null);

    @Test
    void aRepeatedRequestSharesItsHeaderMapAndEachGetsItsOwnLine() {
        ProxyRequest request = ProxyRequest.get("https://example.test/a?b=1").withHeader("Accept", "text/plain");
        Route direct = route(request, null);
        HttpHeaders first = encoded(request, direct, "example.test").headers();
        HttpHeaders again = encoded(request, direct, "example.test").headers();
        assertThat(again).isSameAs(first);
        assertThat(first.get("Accept")).isEqualTo("text/plain");
        assertThat(first.get("Host")).isEqualTo("example.test");
        assertThat(first.get("User-Agent")).isEqualTo("proxybench-test");
        assertThat(uri(request, direct, "example.test")).isEqualTo("/a?b=1");
        assertThat(encoded(request, direct, "example.test").trailingHeaders().isEmpty()).isTrue();
    }

    @Test
    void anythingThatChangesTheHeadersGetsAMapOfItsOwn() {
        ProxyRequest request = ProxyRequest.get("http://example.test/");
        HttpHeaders plain = encoded(request, route(request, null), "example.test").headers();

        HttpHeaders otherHost = encoded(request, route(request, null), "example.test:8080").headers();
        assertThat(otherHost).isNotSameAs(plain);
        assertThat(otherHost.get("Host")).isEqualTo("example.test:8080");

        ProxyRequest withHeader = request.withHeader("X-Run", "1");
        HttpHeaders extra = encoded(withHeader, route(withHeader, null), "example.test").headers();
        assertThat(extra.get("X-Run")).isEqualTo("1");

        ProxyRequest posted = request.withMethod("POST").withBody(new byte[] {1, 2, 3});
        assertThat(encoded(posted, route(posted, null), "example.test").headers().get("Content-Length"))
                .isEqualTo("3");

        ProxyRequest viaAlice = request.withProxy(ProxySpec.parse("http://alice:secret@127.0.0.1:3128"));
        ProxyRequest viaBob = request.withProxy(ProxySpec.parse("http://bob:secret@127.0.0.1:3128"));
        HttpHeaders alice = encoded(viaAlice, route(viaAlice, viaAlice.proxy()), "example.test").headers();
        HttpHeaders bob = encoded(viaBob, route(viaBob, viaBob.proxy()), "example.test").headers();
        assertThat(alice.get("Proxy-Authorization")).isNotEqualTo(bob.get("Proxy-Authorization")).startsWith("Basic ");
        assertThat(encoded(viaBob, route(viaBob, viaBob.proxy()), "example.test").headers()).isSameAs(bob);
        assertThat(uri(viaBob, route(viaBob, viaBob.proxy()), "example.test"))
                .isEqualTo("http://example.test/");
    }

    @Test
    void aBodilessRequestRepeatedToTheSameTargetIsTheSameMessageAndAnyOtherIsItsOwn() {
        ProxyRequest request = ProxyRequest.get("https://example.test/a").withHeader("Accept", "text/plain");
        Route direct = route(request, null);
        FullHttpRequest first = encoded(request, direct, "example.test");
        FullHttpRequest again = encoded(request, direct, "example.test");
        assertThat(again).isSameAs(first);
        assertThat(again.content().readableBytes()).as("nothing for a write to consume").isZero();
        assertThat(again.refCnt()).as("a release leaves it whole").isPositive();

        ProxyRequest elsewhere = ProxyRequest.get("https://example.test/b").withHeader("Accept", "text/plain");
        FullHttpRequest other = encoded(elsewhere, route(elsewhere, null), "example.test");
        assertThat(other).isNotSameAs(first);
        assertThat(other.uri()).isEqualTo("/b");
        assertThat(first.uri()).isEqualTo("/a");

        ProxyRequest posted = request.withMethod("POST").withBody(new byte[] {1, 2, 3});
        FullHttpRequest post = encoder.encode(posted, route(posted, null), "example.test");
        FullHttpRequest postAgain = encoder.encode(posted, route(posted, null), "example.test");
        assertThat(postAgain).isNotSameAs(post);
        assertThat(postAgain.headers()).isSameAs(post.headers());
        assertThat(post.content().readableBytes()).isEqualTo(3);
        post.release();
        assertThat(postAgain.content().readableBytes()).as("its own body, not released with the first").isEqualTo(3);
        postAgain.release();
    }

    private static Route route(ProxyRequest request, ProxySpec proxy) {
        return Route.of(Origin.of(request.uri()), proxy, TlsSettings.system(), false);
    }

    /** The request as encoded, released: its headers and line stay readable. */
    private FullHttpRequest encoded(ProxyRequest request, Route route, String host) {
        FullHttpRequest http = encoder.encode(request, route, host);
        http.release();
        return http;
    }

    private String uri(ProxyRequest request, Route route, String host) {
        return encoded(request, route, host).uri();
    }
}
