package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.testing.CountingPeer;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The client follows redirects as its policy says, on the request's connection and session, and tells the hops; a
 * redirect it refuses fails the call with a label of its own.
 */
class RedirectsFollowedTest {

    private static final String OK = "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nfine";

    private static String redirect(int status, String location) {
        return "HTTP/1.1 " + status + " Moved\r\nLocation: " + location + "\r\nContent-Length: 5\r\n\r\nmoved";
    }

    private static CallException failure(CompletableFuture<?> call) throws Exception {
        try {
            call.get(20, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(CallException.class);
            return (CallException) e.getCause();
        }
        throw new AssertionError("the call succeeded");
    }

    @Test
    void aRedirectIsFollowedOnTheSameConnectionAndItsHopIsTold() throws Exception {
        List<String> heads = new CopyOnWriteArrayList<>();
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            heads.add(c.readHead());
            c.write(redirect(302, "/there?x=1"));
            heads.add(c.readHead());
            c.write(OK);
        }); ProxyClient client = ProxyClient.builder().build()) {
            String url = "http://127.0.0.1:" + origin.port() + "/here";
            ProxyResponse r = client.send(ProxyRequest.get(url)).get(20, TimeUnit.SECONDS);
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.bodyText()).isEqualTo("fine");
            assertThat(r.redirects()).singleElement().satisfies(hop -> {
                assertThat(hop.status()).isEqualTo(302);
                assertThat(hop.from().toString()).isEqualTo(url);
                assertThat(hop.to().toString()).isEqualTo("http://127.0.0.1:" + origin.port() + "/there?x=1");
                assertThat(hop.method()).isEqualTo("GET");
                ProxyResponse redirected = hop.response().orElseThrow();
                assertThat(redirected.status()).isEqualTo(302);
                assertThat(redirected.headers().get("location")).isEqualTo("/there?x=1");
                assertThat(redirected.reused()).as("the first hop opened the connection").isFalse();
                assertThat(redirected.bytesOut()).as("its own request only").isEqualTo(heads.get(0).length());
                assertThat(redirected.bytesIn()).isEqualTo(redirect(302, "/there?x=1").length());
            });
            assertThat(r.reused()).as("the second hop rode the first's connection").isTrue();
            assertThat(heads.get(1)).startsWith("GET /there?x=1 HTTP/1.1");
            long sent = heads.stream().mapToLong(String::length).sum();
            assertThat(r.bytesOut()).as("both hops' requests").isEqualTo(sent);
            assertThat(r.bytesIn()).as("both hops' responses")
                    .isEqualTo(redirect(302, "/there?x=1").length() + OK.length());
        }
    }

    @Test
    void a303TurnsAPostIntoAGetWithoutItsBodyAndA307KeepsBoth() throws Exception {
        List<String> heads = new CopyOnWriteArrayList<>();
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            for (String answer : new String[] {redirect(303, "/seen"), OK, redirect(307, "/again"), null}) {
                String head = c.readHead();
                heads.add(head);
                if (head.toLowerCase(Locale.ROOT).contains("content-length: 4")) {
                    for (int b = 0; b < 4; b++) {
                        heads.add(String.valueOf((char) c.read()));
                    }
                }
                c.write(answer == null ? OK : answer);
            }
        }); ProxyClient client = ProxyClient.builder().build()) {
            String base = "http://127.0.0.1:" + origin.port();
            ProxyRequest post = ProxyRequest.get(base + "/form").withMethod("POST").withBody("data".getBytes());
            assertThat(client.send(post).get(20, TimeUnit.SECONDS).redirects()).hasSize(1);
            assertThat(client.send(post).get(20, TimeUnit.SECONDS).redirects()).hasSize(1);
            assertThat(String.join("", heads)).containsSubsequence("POST /form", "data", "GET /seen", "POST /form",
                    "data", "POST /again", "data");
            assertThat(heads.stream().filter(h -> h.startsWith("GET /seen")).findFirst().orElseThrow()
                    .toLowerCase(Locale.ROOT)).doesNotContain("content-length");
        }
    }

    @Test
    void credentialsStayWithTheirOrigin() throws Exception {
        List<String> seenByB = new CopyOnWriteArrayList<>();
        try (CountingPeer b = new CountingPeer((c, i) -> {
            seenByB.add(c.readHead());
            c.write(OK);
        }); CountingPeer a = new CountingPeer((c, i) -> {
            c.readHead();
            c.write(redirect(301, "http://127.0.0.1:" + b.port() + "/landing"));
        }); ProxyClient client = ProxyClient.builder().build()) {
            ProxyRequest request = ProxyRequest.get("http://127.0.0.1:" + a.port() + "/")
                    .withHeader("Authorization", "Bearer secret").withHeader("Cookie", "sid=1")
                    .withHeader("X-Kept", "yes");
            assertThat(client.send(request).get(20, TimeUnit.SECONDS).status()).isEqualTo(200);
            assertThat(seenByB.get(0)).contains("X-Kept: yes").doesNotContain("Authorization")
                    .doesNotContain("sid=1");
        }
    }

    @Test
    void loopsTooManyHopsAndBadLocationsFailWithTheirOwnLabels() throws Exception {
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            while (true) {
                String head = c.readHead();
                String path = head.substring(4, head.indexOf(' ', 4));
                c.write(switch (path) {
                    case "/loop" -> redirect(302, "/loop");
                    case "/bad" -> redirect(302, "http://[not-a-host/");
                    default -> redirect(302, path + "x"); // a new URL each time
                });
            }
        }); ProxyClient client = ProxyClient.builder().redirects(RedirectPolicy.normal().withMaxHops(3)).build()) {
            String base = "http://127.0.0.1:" + origin.port();
            CallException loop = failure(client.send(ProxyRequest.get(base + "/loop")));
            assertThat(loop.label()).isEqualTo("request_RedirectLoop");
            CallException many = failure(client.send(ProxyRequest.get(base + "/n")));
            assertThat(many.label()).isEqualTo("request_TooManyRedirects");
            assertThat(many.getMessage()).contains("3");
            CallException bad = failure(client.send(ProxyRequest.get(base + "/bad")));
            assertThat(bad.label()).isEqualTo("request_BadLocation");
            assertThat(bad.getMessage()).contains("http://[not-a-host/");
            assertThat(client.poolGauges().acquired()).isZero();
        }
    }

    @Test
    void noneReturnsTheRedirectAsItIsAndAStreamFollowsToItsBody() throws Exception {
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            c.readHead();
            c.write(redirect(302, "/there"));
            c.readHead();
            c.write(OK);
        })) {
            String url = "http://127.0.0.1:" + origin.port() + "/here";
            try (ProxyClient client = ProxyClient.builder().redirects(RedirectPolicy.none()).build()) {
                ProxyResponse r = client.send(ProxyRequest.get(url)).get(20, TimeUnit.SECONDS);
                assertThat(r.status()).isEqualTo(302);
                assertThat(r.bodyText()).isEqualTo("moved");
                assertThat(r.redirects()).isEmpty();
            }
            try (ProxyClient client = ProxyClient.builder().build();
                    ResponseStream s = client.stream(ProxyRequest.get(url)).get(20, TimeUnit.SECONDS)) {
                assertThat(s.status()).isEqualTo(200);
                assertThat(new String(s.body().readAllBytes())).isEqualTo("fine");
                assertThat(s.completion().get(20, TimeUnit.SECONDS).redirects()).hasSize(1);
            }
        }
    }
}
