package io.proxybench.it.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The client through the lab, mode by mode: exact event sequences for a first and a reused request. */
class ProxyClientLabTest {

    @TempDir
    static Path home;

    static Lab lab;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(LabConfig.builder().home(home).build());
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    static String trace(String key, ProxyResponse r) {
        for (String line : r.bodyText().split("\n")) {
            if (line.startsWith(key + "=")) {
                return line.substring(key.length() + 1);
            }
        }
        return null;
    }

    private ProxyClient client(ProxySpec proxy, List<RecordingListener> calls) {
        return ProxyClient.builder().proxy(proxy).tls(TlsSettings.caFile(lab.caFile()))
                .eventListenerFactory(call -> {
                    RecordingListener l = new RecordingListener();
                    calls.add(l);
                    return l;
                }).build();
    }

    private String gateway(String scheme) {
        return scheme + "://127.0.0.1:" + lab.gatewayPort();
    }

    private String https() {
        return "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace";
    }

    @Test
    void connectTunnelFirstAndReusedRequest() throws Exception {
        List<RecordingListener> calls = new CopyOnWriteArrayList<>();
        try (ProxyClient client = client(ProxySpec.parse(gateway("http")), calls)) {
            ProxyResponse first = client.send(ProxyRequest.get(https())).get(10, TimeUnit.SECONDS);
            ProxyResponse second = client.send(ProxyRequest.get(https())).get(10, TimeUnit.SECONDS);
            assertThat(first.status()).isEqualTo(200);
            assertThat(first.protocol()).isEqualTo("h2");
            assertThat(trace("http", first)).isEqualTo("http/2");
            assertThat(second.reused()).isTrue();
            assertThat(trace("ip", second)).isEqualTo(trace("ip", first));
            assertThat(trace("conn", second)).isEqualTo(trace("conn", first));
            assertThat(calls.get(0).events).containsExactly("callStart", "proxySelected", "connectStart",
                    "connectEnd", "tunnelStart:connect", "tunnelEnd:connect", "originTlsStart", "originTlsEnd:h2",
                    "connectionAcquired:new", "requestHeadersStart", "requestHeadersEnd", "requestBodyEnd",
                    "responseHeadersEnd:200",
                    "responseBodyEnd", "connectionReleased", "callEnd");
            assertThat(calls.get(1).events).containsExactly("callStart", "proxySelected",
                    "connectionAcquired:reused", "requestHeadersStart", "requestHeadersEnd", "requestBodyEnd",
                    "responseHeadersEnd:200", "responseBodyEnd", "connectionReleased", "callEnd");
            assertThat(client.counters().total().created()).isEqualTo(1);
            assertThat(client.counters().total().reused()).isEqualTo(1);
            assertThat(first.timings().get(io.proxybench.client.event.Phase.TCP)).isPositive();
            assertThat(second.timings().has(io.proxybench.client.event.Phase.TCP)).isFalse();
        }
    }

    static final List<String> REUSED = List.of("callStart", "proxySelected", "connectionAcquired:reused",
            "requestHeadersStart", "requestHeadersEnd", "requestBodyEnd", "responseHeadersEnd:200", "responseBodyEnd",
            "connectionReleased", "callEnd");
    static final List<String> EXCHANGE = List.of("connectionAcquired:new", "requestHeadersStart",
            "requestHeadersEnd", "requestBodyEnd", "responseHeadersEnd:200", "responseBodyEnd", "connectionReleased",
            "callEnd");

    /** Sends two requests and checks the first's events (setup, then {@link #EXCHANGE}) and the second's. */
    private ProxyResponse firstAndReused(ProxySpec proxy, String url, List<String> setup, String protocol)
            throws Exception {
        List<RecordingListener> calls = new CopyOnWriteArrayList<>();
        try (ProxyClient client = client(proxy, calls)) {
            ProxyResponse first = client.send(ProxyRequest.get(url)).get(10, TimeUnit.SECONDS);
            ProxyResponse second = client.send(ProxyRequest.get(url)).get(10, TimeUnit.SECONDS);
            List<String> expected = new java.util.ArrayList<>(List.of("callStart", "proxySelected"));
            expected.addAll(setup);
            expected.addAll(EXCHANGE);
            assertThat(calls.get(0).events).containsExactlyElementsOf(expected);
            assertThat(calls.get(1).events).containsExactlyElementsOf(REUSED);
            assertThat(first.protocol()).isEqualTo(protocol);
            assertThat(second.reused()).isTrue();
            assertThat(second.connection().id()).isEqualTo(first.connection().id());
            assertThat(client.counters().total().created()).isEqualTo(1);
            return first;
        }
    }

    @Test
    void httpsProxyAddsProxyTlsBeforeTheTunnel() throws Exception {
        ProxyResponse r = firstAndReused(ProxySpec.parse("https://127.0.0.1:" + lab.gatewayTlsPort()), https(),
                List.of("connectStart", "connectEnd", "proxyTlsStart", "proxyTlsEnd", "tunnelStart:connect",
                        "tunnelEnd:connect", "originTlsStart", "originTlsEnd:h2"), "h2");
        assertThat(lab.exits().at(java.net.InetAddress.getByName(trace("ip", r)))).isPresent();
    }

    @Test
    void socks5hLetsTheProxyResolve() throws Exception {
        firstAndReused(ProxySpec.parse(gateway("socks5h")),
                "https://localhost:" + lab.targetHttpsPort() + "/cdn-cgi/trace",
                List.of("connectStart", "connectEnd", "tunnelStart:socks", "tunnelEnd:socks", "originTlsStart",
                        "originTlsEnd:h2"), "h2");
    }

    @Test
    void socks5ResolvesOnTheClient() throws Exception {
        firstAndReused(ProxySpec.parse(gateway("socks5")),
                "https://localhost:" + lab.targetHttpsPort() + "/cdn-cgi/trace",
                List.of("dnsStart", "dnsEnd", "connectStart", "connectEnd", "tunnelStart:socks", "tunnelEnd:socks",
                        "originTlsStart", "originTlsEnd:h2"), "h2");
    }

    @Test
    void plainHttpIsForwardedWithoutATunnel() throws Exception {
        // The client reuses its connection to the gateway; the gateway still gives each request its own exit.
        firstAndReused(ProxySpec.parse(gateway("http")), "http://127.0.0.1:" + lab.targetHttpPort() + "/cdn-cgi/trace",
                List.of("connectStart", "connectEnd"), "http/1.1");
    }

    @Test
    void directNeedsNoProxy() throws Exception {
        ProxyResponse r = firstAndReused(null, "https://localhost:" + lab.targetHttpsPort() + "/cdn-cgi/trace",
                List.of("dnsStart", "dnsEnd", "connectStart", "connectEnd", "originTlsStart", "originTlsEnd:h2"), "h2");
        assertThat(trace("ip", r)).isEqualTo("127.0.0.1");
    }

    @Test
    void aCallbackIsToldEachEndOnceOnAnIoThreadAndOneThatThrowsStopsNothing() throws Exception {
        List<RecordingListener> calls = new CopyOnWriteArrayList<>();
        try (ProxyClient client = client(ProxySpec.parse(gateway("http")), calls)) {
            BlockingQueue<Object> ends = new LinkedBlockingQueue<>();
            for (int i = 0; i < 3; i++) {
                client.send(ProxyRequest.get(https()), (r, failure) -> {
                    // One element per end: the calls end on different I/O threads, concurrently.
                    ends.add(List.of(failure == null ? r : failure, Thread.currentThread().getName()));
                    throw new IllegalStateException("a callback that throws");
                });
            }
            for (int i = 0; i < 3; i++) {
                List<?> end = (List<?>) ends.poll(10, TimeUnit.SECONDS);
                assertThat(end).isNotNull();
                assertThat(end.get(0)).isInstanceOf(ProxyResponse.class);
                assertThat(((ProxyResponse) end.get(0)).status()).isEqualTo(200);
                assertThat((String) end.get(1)).doesNotContain("main");
            }
            assertThat(ends.poll(200, TimeUnit.MILLISECONDS)).as("one end per call").isNull();
            ProxyResponse after = client.send(ProxyRequest.get(https())).get(10, TimeUnit.SECONDS);
            assertThat(after.reused()).isTrue();

            client.close();
            client.send(ProxyRequest.get(https()), (r, failure) -> ends.add(failure));
            assertThat(ends.poll(1, TimeUnit.SECONDS)).isInstanceOf(IllegalStateException.class);
        }
    }
}
