package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.cookie.CookieJars;
import io.proxybench.client.testing.CountingPeer;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The client keeps the cookies responses set and sends them back: across a redirect too, never over the caller's. */
class CookiesSentTest {

    @Test
    void aCookieSetByARedirectGoesWithItsNextHopAndLaterRequestsUnlessTheCallerSetsItsOwn() throws Exception {
        List<String> heads = new CopyOnWriteArrayList<>();
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            heads.add(c.readHead());
            c.write("HTTP/1.1 302 Found\r\nLocation: /home\r\nSet-Cookie: sid=42; Path=/\r\nContent-Length: 0\r\n\r\n");
            for (int n = 0; n < 3; n++) {
                heads.add(c.readHead());
                c.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
            }
        }); ProxyClient client = ProxyClient.builder().build()) {
            String base = "http://127.0.0.1:" + origin.port();
            assertThat(client.send(ProxyRequest.get(base + "/login")).get(20, TimeUnit.SECONDS).redirects())
                    .hasSize(1);
            client.send(ProxyRequest.get(base + "/later")).get(20, TimeUnit.SECONDS);
            client.send(ProxyRequest.get(base + "/own").withHeader("Cookie", "mine=1")).get(20, TimeUnit.SECONDS);
            assertThat(heads.get(0)).doesNotContainIgnoringCase("cookie:");
            assertThat(heads.get(1)).startsWith("GET /home").contains("Cookie: sid=42");
            assertThat(heads.get(2)).startsWith("GET /later").contains("Cookie: sid=42");
            assertThat(heads.get(3)).contains("Cookie: mine=1").doesNotContain("sid=42");
        }
    }

    @Test
    void aClientWithoutJarsKeepsNoCookies() throws Exception {
        List<String> heads = new CopyOnWriteArrayList<>();
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            for (int n = 0; n < 2; n++) {
                heads.add(c.readHead());
                c.write("HTTP/1.1 200 OK\r\nSet-Cookie: sid=42\r\nContent-Length: 2\r\n\r\nok");
            }
        }); ProxyClient client = ProxyClient.builder().cookies(null).build()) {
            String url = "http://127.0.0.1:" + origin.port() + "/";
            client.send(ProxyRequest.get(url)).get(20, TimeUnit.SECONDS);
            client.send(ProxyRequest.get(url)).get(20, TimeUnit.SECONDS);
            assertThat(heads.get(1)).doesNotContainIgnoringCase("cookie:");
        }
    }

    @Test
    void aSharedJarSendsOneSessionsCookieThroughAnother() throws Exception {
        List<String> heads = new CopyOnWriteArrayList<>();
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            for (int n = 0; n < 2; n++) {
                heads.add(c.readHead());
                c.write("HTTP/1.1 200 OK\r\nSet-Cookie: sid=42\r\nContent-Length: 2\r\n\r\nok");
            }
        })) {
            String url = "http://127.0.0.1:" + origin.port() + "/";
            try (ProxyClient client = ProxyClient.builder().cookies(CookieJars.shared()).build()) {
                client.send(ProxyRequest.get(url).withSessionKey("a")).get(20, TimeUnit.SECONDS);
                client.send(ProxyRequest.get(url).withSessionKey("b")).get(20, TimeUnit.SECONDS);
            }
            assertThat(heads.get(1)).contains("Cookie: sid=42");
        }
    }
}
