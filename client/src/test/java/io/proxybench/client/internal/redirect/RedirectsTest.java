package io.proxybench.client.internal.redirect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.ProxyRequest;
import io.proxybench.client.Redirect;
import io.proxybench.client.RedirectPolicy;
import io.proxybench.client.internal.redirect.RedirectException.Problem;
import io.proxybench.client.proxy.ProxySpec;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RedirectsTest {

    private static final RedirectPolicy NORMAL = RedirectPolicy.normal();
    private static final byte[] BODY = "a=1".getBytes(StandardCharsets.UTF_8);

    private static ProxyRequest request(String method, String url) {
        return ProxyRequest.get(url).withMethod(method).withBody(BODY);
    }

    private static FollowUp follow(ProxyRequest request, int status, String location) throws RedirectException {
        return Redirects.next(NORMAL, request, status, location, List.of()).orElseThrow();
    }

    private static List<String> headerNames(ProxyRequest request) {
        List<String> names = new ArrayList<>();
        request.headers().forEach(h -> names.add(h.getKey()));
        return names;
    }

    @ParameterizedTest(name = "{0} after {1}: {2}, body kept {3}")
    @CsvSource({
        "301, GET,    GET,    true",
        "301, HEAD,   HEAD,   true",
        "301, POST,   GET,    false",
        "301, PUT,    PUT,    true",
        "301, DELETE, DELETE, true",
        "302, GET,    GET,    true",
        "302, POST,   GET,    false",
        "302, post,   GET,    false",
        "302, PUT,    PUT,    true",
        "302, PATCH,  PATCH,  true",
        "303, GET,    GET,    false",
        "303, HEAD,   HEAD,   false",
        "303, POST,   GET,    false",
        "303, PUT,    GET,    false",
        "303, DELETE, GET,    false",
        "307, GET,    GET,    true",
        "307, POST,   POST,   true",
        "307, PUT,    PUT,    true",
        "308, POST,   POST,   true",
        "308, DELETE, DELETE, true",
    })
    void eachStatusSetsTheMethodAndBodyAsBrowsersDo(int status, String method, String nextMethod, boolean bodyKept)
            throws RedirectException {
        FollowUp next = follow(request(method, "http://a/x"), status, "/y");

        assertThat(next.request().method()).isEqualTo(nextMethod);
        assertThat(next.request().body()).isEqualTo(bodyKept ? BODY : new byte[0]);
        assertThat(next.request().uri()).hasToString("http://a/y");
        assertThat(next.hop()).isEqualTo(Redirect.of(status, URI.create("http://a/x"), URI.create("http://a/y"),
                nextMethod));
    }

    @Test
    void whenTheBodyGoesItsHeadersGoWithItAndTheOthersStayInOrder() throws RedirectException {
        ProxyRequest post = request("POST", "http://a/x").withHeader("Accept", "*/*")
                .withHeader("content-type", "application/x-www-form-urlencoded").withHeader("Content-Length", "3")
                .withHeader("X-Trace", "1").withHeader("Content-Encoding", "gzip")
                .withHeader("Content-Language", "en").withHeader("Content-Location", "/f")
                .withHeader("TRANSFER-ENCODING", "chunked").withHeader("X-Trace", "2");

        assertThat(headerNames(follow(post, 303, "/y").request()))
                .containsExactly("Accept", "X-Trace", "X-Trace");
        assertThat(headerNames(follow(post, 307, "/y").request())).as("kept with the body")
                .isEqualTo(headerNames(post));
    }

    @Test
    void aBodyFileIsKeptBy307And308AndDroppedBy303() throws RedirectException {
        ProxyRequest upload = ProxyRequest.get("http://a/x").withMethod("PUT").withBodyFile(Path.of("/tmp/f"));

        assertThat(follow(upload, 307, "/y").request().bodyFile()).isEqualTo(Path.of("/tmp/f"));
        assertThat(follow(upload, 308, "/y").request().bodyFile()).isEqualTo(Path.of("/tmp/f"));
        assertThat(follow(upload, 303, "/y").request().bodyFile()).isNull();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "http://a/x,       http://b/y",
        "http://a/x,       http://a:8080/y",
        "http://a:8080/x,  http://a:8081/y",
        "http://a/x,       https://a/y",
        "https://a/x,      https://b.a/y",
    })
    void toAnotherOriginTheCallersCredentialsCookiesAndHostGo(String from, String to) throws RedirectException {
        ProxyRequest get = ProxyRequest.get(from).withHeader("Authorization", "Basic dTpw")
                .withHeader("cookie", "s=1").withHeader("Host", "a").withHeader("Accept", "*/*");

        FollowUp next = follow(get, 302, to);

        assertThat(headerNames(next.request())).containsExactly("Accept");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "http://a/x,       /y",
        "http://a/x,       http://a:80/y",
        "https://a:443/x,  https://A/y",
        "http://a:8080/x,  //a:8080/y",
    })
    void toTheSameOriginTheyStay(String from, String to) throws RedirectException {
        ProxyRequest get = ProxyRequest.get(from).withHeader("Authorization", "Basic dTpw")
                .withHeader("Cookie", "s=1").withHeader("Host", "a");

        assertThat(headerNames(follow(get, 302, to).request())).containsExactly("Authorization", "Cookie", "Host");
    }

    @Test
    void proxyAuthorizationGoesOnEveryHopEvenToTheSameOrigin() throws RedirectException {
        ProxyRequest get = ProxyRequest.get("http://a/x").withHeader("Proxy-Authorization", "Basic dTpw")
                .withHeader("Accept", "*/*");

        assertThat(headerNames(follow(get, 307, "/y").request())).containsExactly("Accept");
    }

    @Test
    void theHopKeepsTheProxyAndSessionKeyAndMayUseAnOpenConnection() throws RedirectException {
        ProxySpec proxy = ProxySpec.parse("http://user:pw@127.0.0.1:3128");
        ProxyRequest get = ProxyRequest.get("http://a/x").withProxy(proxy).withSessionKey("worker-7")
                .withNewConnection();

        ProxyRequest next = follow(get, 301, "http://b/y").request();

        assertThat(next.proxy()).isSameAs(proxy);
        assertThat(next.sessionKey()).isEqualTo("worker-7");
        assertThat(next.newConnection()).as("the same exit: a pooled connection of the session will do").isFalse();
    }

    @Test
    void theNextUrlKeepsTheOriginalsFragment() throws RedirectException {
        FollowUp next = follow(ProxyRequest.get("http://a/x#part"), 302, "/y");

        assertThat(next.request().uri()).hasToString("http://a/y#part");
        assertThat(next.hop().to()).hasToString("http://a/y#part");
    }

    @ParameterizedTest(name = "status {0}")
    @ValueSource(ints = {200, 204, 300, 304, 305, 306, 400, 500})
    void anyOtherStatusIsTheResponse(int status) throws RedirectException {
        assertThat(Redirects.next(NORMAL, ProxyRequest.get("http://a/x"), status, "/y", List.of())).isEmpty();
    }

    @Test
    void aRedirectWithoutLocationIsTheResponseAndNoneFollowsNothing() throws RedirectException {
        assertThat(Redirects.next(NORMAL, ProxyRequest.get("http://a/x"), 302, null, List.of())).isEmpty();
        assertThat(Redirects.next(RedirectPolicy.none(), ProxyRequest.get("http://a/x"), 302, "/y", List.of()))
                .isEmpty();
        assertThat(Redirects.next(RedirectPolicy.none(), ProxyRequest.get("http://a/x"), 302, "ftp://bad", List.of()))
                .as("not even read").isEmpty();
    }

    /** Follows {@code locations} in turn from {@code start}, every response a 302, under {@code policy}. */
    private static List<Redirect> chase(RedirectPolicy policy, String start, List<String> locations)
            throws RedirectException {
        List<Redirect> hops = new ArrayList<>();
        ProxyRequest request = ProxyRequest.get(start);
        for (String location : locations) {
            Optional<FollowUp> next = Redirects.next(policy, request, 302, location, hops);
            request = next.orElseThrow().request();
            hops.add(next.get().hop());
        }
        return hops;
    }

    private static List<String> distinctPaths(int count) {
        List<String> paths = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            paths.add("/" + i);
        }
        return paths;
    }

    @Test
    void twentyRedirectsAreFollowedByDefaultAndTheTwentyFirstFailsTheCall() throws RedirectException {
        assertThat(chase(NORMAL, "http://a/0", distinctPaths(20))).hasSize(20)
                .last().satisfies(hop -> assertThat(hop.to()).hasToString("http://a/20"));

        assertThatThrownBy(() -> chase(NORMAL, "http://a/0", distinctPaths(21)))
                .isInstanceOfSatisfying(RedirectException.class,
                        e -> assertThat(e.problem()).isEqualTo(Problem.TOO_MANY_HOPS))
                .hasMessage("too many redirects: 302 from http://a/20 to http://a/21 would be redirect 21, and the"
                        + " redirect policy follows at most 20 (follow up to 20 redirects, https to http refused):"
                        + " raise it with RedirectPolicy.normal().withMaxHops(n)");
    }

    @Test
    void theCapIsThePolicys() throws RedirectException {
        RedirectPolicy two = NORMAL.withMaxHops(2);

        assertThat(chase(two, "http://a/0", distinctPaths(2))).hasSize(2);
        assertThatThrownBy(() -> chase(two, "http://a/0", distinctPaths(3)))
                .hasMessageContaining("would be redirect 3, and the redirect policy follows at most 2");
    }

    @Test
    void aUrlMayComeBackOnceAndAThirdRequestOfItIsALoop() throws RedirectException {
        assertThat(chase(NORMAL, "http://a/x", List.of("/login", "/x"))).as("a login round trip").hasSize(2);
        assertThat(chase(NORMAL, "http://a/x", List.of("/x"))).as("a cookie check").hasSize(1);

        assertThatThrownBy(() -> chase(NORMAL, "http://a/x", List.of("/y", "/x", "/y", "/x")))
                .isInstanceOfSatisfying(RedirectException.class,
                        e -> assertThat(e.problem()).isEqualTo(Problem.LOOP))
                .hasMessage("redirect loop: 302 from http://a/y to http://a/x, requested twice already in this chain"
                        + " (http://a/x -> http://a/y -> http://a/x -> http://a/y -> http://a/x); the server sends"
                        + " the client round in a circle: check the URL, and whether the server expects a cookie the"
                        + " client did not send back");
        assertThatThrownBy(() -> chase(NORMAL, "http://a/x", List.of("/x", "/x#again")))
                .as("a fragment makes no other URL").hasMessageStartingWith("redirect loop: 302 from http://a/x");
    }

    @Test
    void aLongLoopIsShownByItsEnds() {
        List<String> locations = new ArrayList<>(distinctPaths(5));
        locations.addAll(List.of("/0", "/1", "/2", "/3", "/4", "/5", "/0"));

        assertThatThrownBy(() -> chase(NORMAL, "http://a/0", locations))
                .hasMessageContaining("(http://a/0 -> http://a/1 -> http://a/2 -> ... -> http://a/4 -> http://a/5"
                        + " -> http://a/0)");
    }

    @Test
    void httpsToHttpFailsTheCallUnlessThePolicyAllowsIt() throws RedirectException {
        ProxyRequest get = ProxyRequest.get("https://a/x");

        assertThatThrownBy(() -> follow(get, 301, "http://a/x"))
                .isInstanceOfSatisfying(RedirectException.class,
                        e -> assertThat(e.problem()).isEqualTo(Problem.HTTPS_TO_HTTP))
                .hasMessage("301 from https://a/x to http://a/x leaves https for http, which the redirect policy"
                        + " refuses (follow up to 20 redirects, https to http refused): allow it with"
                        + " RedirectPolicy.normal().allowingHttpsToHttp(), or request the http URL yourself");
        assertThat(Redirects.next(NORMAL.allowingHttpsToHttp(), get, 301, "http://a/x", List.of()).orElseThrow()
                .request().uri()).hasToString("http://a/x");
        assertThat(follow(ProxyRequest.get("http://a/x"), 301, "https://a/x").request().uri())
                .hasToString("https://a/x");
    }

    @Test
    void aBadLocationFailsTheCallNamingTheRedirect() {
        assertThatThrownBy(() -> follow(ProxyRequest.get("http://a/x"), 302, "http://a:70000/"))
                .isInstanceOfSatisfying(RedirectException.class,
                        e -> assertThat(e.problem()).isEqualTo(Problem.BAD_LOCATION))
                .hasMessage("302 from http://a/x: Location 'http://a:70000/' has port 70000, out of range (1 to"
                        + " 65535); the client cannot follow it: fix the server's redirect, or send with"
                        + " RedirectPolicy.none() to get the 302 response as it is");
    }

    @Test
    void locationFieldsThatDifferAreRefusedAndTheSameOneRepeatedIsFollowed() throws RedirectException {
        ProxyRequest get = ProxyRequest.get("http://a/x");
        assertThatThrownBy(() -> Redirects.nextOfFields(RedirectPolicy.normal(), get, 302, List.of("/one", "/two"),
                List.of()))
                .isInstanceOfSatisfying(RedirectException.class,
                        e -> assertThat(e.problem()).isEqualTo(Problem.BAD_LOCATION))
                .hasMessage("302 from http://a/x has 2 different Location fields ('/one', '/two'): a redirect names"
                        + " one place, and the client will not guess which; fix the server's redirect, or send with"
                        + " RedirectPolicy.none() to get the 302 response as it is");
        assertThat(Redirects.nextOfFields(RedirectPolicy.normal(), get, 302, List.of("/one", " /one"), List.of()))
                .hasValueSatisfying(f -> assertThat(f.request().uri().toString()).isEqualTo("http://a/one"));
        assertThat(Redirects.nextOfFields(RedirectPolicy.none(), get, 302, List.of("/one", "/two"), List.of()))
                .as("a policy that follows nothing returns the response").isEmpty();
        assertThat(Redirects.nextOfFields(RedirectPolicy.normal(), get, 200, List.of("/one", "/two"), List.of()))
                .isEmpty();
    }
}
