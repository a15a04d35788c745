package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.proxy.ProxySpec;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A request is built by name, changed into a new one, and holds one body at most. */
class ProxyRequestTest {

    @Test
    void aBuilderSetsEveryPartAndToBuilderKeepsThem() {
        ProxySpec proxy = ProxySpec.parse("http://u:p@127.0.0.1:3128");
        Timeouts quick = Timeouts.builder().call(Duration.ofSeconds(5)).build();
        ProxyRequest r = ProxyRequest.builder("https://example.com/a?q=1").method("POST")
                .header("Accept", "text/html").header("X-Tag", "1").body(new byte[] {1, 2})
                .proxy(proxy).sessionKey("worker-3").newConnection(true).timeouts(quick).build();

        assertThat(r.method()).isEqualTo("POST");
        assertThat(r.uri()).isEqualTo(URI.create("https://example.com/a?q=1"));
        assertThat(r.headers()).isEqualTo(Headers.of("Accept", "text/html", "X-Tag", "1"));
        assertThat(r.body()).containsExactly(1, 2);
        assertThat(r.proxy()).isSameAs(proxy);
        assertThat(r.sessionKey()).isEqualTo("worker-3");
        assertThat(r.newConnection()).isTrue();
        assertThat(r.timeouts()).isEqualTo(quick);

        ProxyRequest copy = r.toBuilder().header("X-Tag", "2").build();
        assertThat(copy.headers().values("x-tag")).containsExactly("1", "2");
        assertThat(copy.body()).isSameAs(r.body());
        assertThat(copy.sessionKey()).isEqualTo("worker-3");
        assertThat(r.headers().values("x-tag")).as("the original unchanged").containsExactly("1");
        assertThat(r.withSessionKey("worker-4").headers()).as("unchanged headers are shared, not copied")
                .isSameAs(r.headers());
    }

    @Test
    void aGetHasNoHeadersNoBodyAndTheClientsProxy() {
        ProxyRequest r = ProxyRequest.get("http://example.com/");

        assertThat(r.method()).isEqualTo("GET");
        assertThat(r.headers().isEmpty()).isTrue();
        assertThat(r.body()).isEmpty();
        assertThat(r.bodyFile()).isNull();
        assertThat(r.bodySource()).isNull();
        assertThat(r.proxy()).isNull();
        assertThat(r.timeouts()).isNull();
        assertThat(r.newConnection()).isFalse();
    }

    @Test
    void eachBodyReplacesTheOneBefore() {
        ProxyRequest bytes = ProxyRequest.get("http://example.com/").withBody(new byte[] {1});
        ProxyRequest file = bytes.withBodyFile(Path.of("/tmp/upload"));
        ProxyRequest source = file.withBody(BodySource.of(() -> new ByteArrayInputStream(new byte[3]), 3));

        assertThat(file.body()).isEmpty();
        assertThat(file.bodyFile()).isEqualTo(Path.of("/tmp/upload"));
        assertThat(source.bodyFile()).isNull();
        assertThat(source.bodySource()).isNotNull();
        assertThat(source.withBody(new byte[] {7}).bodySource()).isNull();
    }

    @Test
    void aMethodThatIsNoTokenOrAnUnsendableHeaderIsRefusedWhenBuilt() {
        assertThatThrownBy(() -> ProxyRequest.builder("http://example.com/").method("GET /x").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("method \"GET /x\" is not an HTTP method: use a token such as GET, POST or PROPFIND");
        assertThatThrownBy(() -> ProxyRequest.get("http://example.com/").withHeader("X-Evil", "a\nb"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("header X-Evil holds a LF");
    }

    @Test
    void toStringShowsTheMethodAndWhereButNoSecret() {
        ProxyRequest r = ProxyRequest.builder("https://user:secret@example.com:8443/path?token=secret")
                .header("Authorization", "Bearer secret").build();

        assertThat(r).hasToString("GET https://example.com:8443/path");
    }
}
