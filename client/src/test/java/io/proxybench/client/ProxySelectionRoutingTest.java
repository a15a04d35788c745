package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.event.ClientCounts;
import io.proxybench.client.proxy.ProxyBypass;
import io.proxybench.client.proxy.ProxySelection;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.testing.CountingPeer;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The client's selection picks each request's proxy by its URL: two hosts through two loopback forward proxies, a
 * bypassed host direct, each with its own connections and counters; a request's own proxy still wins.
 */
class ProxySelectionRoutingTest {

    private static final String OK = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";

    /** A peer (a forward proxy or an origin) that answers every request on a connection, noting each one. */
    private static CountingPeer answering(List<String> requestLines, List<Integer> connections) throws Exception {
        return new CountingPeer((c, i) -> {
            connections.add(i);
            while (true) {
                String head = c.readHead();
                requestLines.add(head.substring(0, head.indexOf('\r')));
                c.write(OK);
            }
        });
    }

    private static ProxyResponse get(ProxyClient client, ProxyRequest request) throws Exception {
        ProxyResponse r = client.send(request).get(20, TimeUnit.SECONDS);
        assertThat(r.status()).isEqualTo(200);
        return r;
    }

    @Test
    void twoHostsTakeTwoProxiesAndABypassedHostGoesDirect() throws Exception {
        List<String> seenByA = new CopyOnWriteArrayList<>();
        List<String> seenByB = new CopyOnWriteArrayList<>();
        List<String> seenByOrigin = new CopyOnWriteArrayList<>();
        List<Integer> connectionsA = new CopyOnWriteArrayList<>();
        List<Integer> connectionsB = new CopyOnWriteArrayList<>();
        List<Integer> connectionsOrigin = new CopyOnWriteArrayList<>();
        try (CountingPeer a = answering(seenByA, connectionsA); CountingPeer b = answering(seenByB, connectionsB);
                CountingPeer origin = answering(seenByOrigin, connectionsOrigin)) {
            ProxySpec proxyA = ProxySpec.parse("http://127.0.0.1:" + a.port());
            ProxySpec proxyB = ProxySpec.parse("http://127.0.0.1:" + b.port());
            ProxySelection byHost = uri -> uri.getHost().equals("a.example") ? proxyA : proxyB;
            try (ProxyClient client = ProxyClient.builder()
                    .proxySelection(byHost.bypassing(ProxyBypass.noProxy("localhost, 127.0.0.0/8"))).build()) {
                String direct = "http://127.0.0.1:" + origin.port() + "/direct";
                for (int round = 0; round < 2; round++) {
                    assertThat(get(client, ProxyRequest.get("http://a.example/one")).exit())
                            .isEqualTo(proxyA.toString());
                    assertThat(get(client, ProxyRequest.get("http://b.example/two")).exit())
                            .isEqualTo(proxyB.toString());
                    assertThat(get(client, ProxyRequest.get(direct)).exit()).isEqualTo("direct");
                }
                assertThat(seenByA).containsExactly("GET http://a.example/one HTTP/1.1",
                        "GET http://a.example/one HTTP/1.1");
                assertThat(seenByB).containsExactly("GET http://b.example/two HTTP/1.1",
                        "GET http://b.example/two HTTP/1.1");
                assertThat(seenByOrigin).as("direct: origin-form, no proxy in between")
                        .containsExactly("GET /direct HTTP/1.1", "GET /direct HTTP/1.1");
                assertThat(connectionsA).as("one connection to proxy A, reused").hasSize(1);
                assertThat(connectionsB).hasSize(1);
                assertThat(connectionsOrigin).hasSize(1);
                ClientCounts counts = client.counters();
                assertThat(counts.perExit()).containsOnlyKeys(proxyA.toString(), proxyB.toString(), "direct");
                for (String exit : List.of(proxyA.toString(), proxyB.toString(), "direct")) {
                    assertThat(counts.perExit().get(exit).requests()).as(exit).isEqualTo(2);
                    assertThat(counts.perExit().get(exit).created()).as(exit).isEqualTo(1);
                    assertThat(counts.perExit().get(exit).reused()).as(exit).isEqualTo(1);
                }
            }
        }
    }

    @Test
    void oneOriginSelectedToTwoProxiesNeverSharesAConnection() throws Exception {
        List<String> seenByA = new CopyOnWriteArrayList<>();
        List<String> seenByB = new CopyOnWriteArrayList<>();
        List<Integer> connectionsA = new CopyOnWriteArrayList<>();
        List<Integer> connectionsB = new CopyOnWriteArrayList<>();
        try (CountingPeer a = answering(seenByA, connectionsA); CountingPeer b = answering(seenByB, connectionsB)) {
            List<ProxySpec> proxies = List.of(ProxySpec.parse("http://127.0.0.1:" + a.port()),
                    ProxySpec.parse("http://127.0.0.1:" + b.port()));
            AtomicInteger next = new AtomicInteger();
            ProxySelection alternating = uri -> proxies.get(next.getAndIncrement() % 2);
            try (ProxyClient client = ProxyClient.builder().proxySelection(alternating).build()) {
                ProxyRequest request = ProxyRequest.get("http://same.example/");
                List<ProxyResponse> responses = List.of(get(client, request), get(client, request),
                        get(client, request), get(client, request));
                assertThat(responses).extracting(ProxyResponse::exit).containsExactly(proxies.get(0).toString(),
                        proxies.get(1).toString(), proxies.get(0).toString(), proxies.get(1).toString());
                assertThat(responses).extracting(ProxyResponse::reused).containsExactly(false, false, true, true);
                assertThat(seenByA).hasSize(2);
                assertThat(seenByB).hasSize(2);
                assertThat(connectionsA).hasSize(1);
                assertThat(connectionsB).hasSize(1);
                assertThat(client.counters().total().created()).isEqualTo(2);
            }
        }
    }

    @Test
    void aRequestsOwnProxyWinsOverTheSelection() throws Exception {
        List<String> seenByA = new CopyOnWriteArrayList<>();
        List<String> seenByB = new CopyOnWriteArrayList<>();
        try (CountingPeer a = answering(seenByA, new CopyOnWriteArrayList<>());
                CountingPeer b = answering(seenByB, new CopyOnWriteArrayList<>())) {
            ProxySpec proxyA = ProxySpec.parse("http://127.0.0.1:" + a.port());
            ProxySpec proxyB = ProxySpec.parse("http://127.0.0.1:" + b.port());
            try (ProxyClient client = ProxyClient.builder()
                    .proxySelection(ProxySelection.of(proxyA).bypassing(ProxyBypass.noProxy("*"))).build()) {
                ProxyResponse r = get(client, ProxyRequest.get("http://own.example/").withProxy(proxyB));
                assertThat(r.exit()).isEqualTo(proxyB.toString());
                assertThat(seenByB).containsExactly("GET http://own.example/ HTTP/1.1");
                assertThat(seenByA).isEmpty();
            }
        }
    }

    @Test
    void aSelectionThatThrowsFailsItsCallBeforeItConnects() {
        ProxySelection broken = uri -> {
            throw new IllegalStateException("no gateway for " + uri.getHost());
        };
        try (ProxyClient client = ProxyClient.builder().proxySelection(broken).build()) {
            assertThatThrownBy(() -> client.send(ProxyRequest.get("http://nowhere.example/")).get(20, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class).cause().isInstanceOf(CallException.class)
                    .hasMessageContaining("no gateway for nowhere.example");
            assertThat(client.counters().total().created()).isZero();
        }
    }
}
