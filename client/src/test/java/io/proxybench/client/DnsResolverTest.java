package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.event.CallInfo;
import io.proxybench.client.event.EventListener;
import io.proxybench.client.event.Phase;
import io.proxybench.client.testing.TinyDns;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Names resolved by the client's {@link DnsResolver}, against a name server the test runs ({@link TinyDns}): every
 * address of a name is dialled, IPv6 too, those that refuse are told as {@code connectFailed} and skipped; Netty's
 * resolver caches an answer for its TTL and no longer.
 */
class DnsResolverTest {

    private static final InetAddress V4_REFUSES = address("127.0.0.2");
    private static final InetAddress V4_SERVES = address("127.0.0.3");
    private static final InetAddress V6_REFUSES = address("::1");

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    /** An event of the TCP phase, as heard. */
    private record Heard(String event, InetSocketAddress address) {}

    @Test
    void everyAddressIsTriedInRfc8305OrderAndTheRefusingOnesAreToldAsConnectFailed() throws Exception {
        try (ServerSocket origin = new ServerSocket(0, 50, V4_SERVES);
                TinyDns dns = new TinyDns(Map.of("multi.test",
                        new TinyDns.Name(List.of(V4_REFUSES, V4_SERVES, V6_REFUSES), 60)));
                DnsResolver resolver = DnsResolver.netty(List.of(dns.address()))) {
            int port = origin.getLocalPort();
            Thread server = serveOnce(origin);
            List<Heard> heard = new CopyOnWriteArrayList<>();
            List<InetAddress> looked = new CopyOnWriteArrayList<>();
            try (ProxyClient client = ProxyClient.builder().dns(resolver)
                    .eventListenerFactory(info -> recording(heard, looked)).build()) {
                ProxyResponse r = client.send(ProxyRequest.get("http://multi.test:" + port + "/"))
                        .get(20, TimeUnit.SECONDS);
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.bodyText()).isEqualTo("ok");
            }
            server.join(5000);
            assertThat(looked).as("the resolver's order: the preferred family (IPv4) first")
                    .containsExactly(V4_REFUSES, V4_SERVES, V6_REFUSES);
            InetSocketAddress refuses4 = new InetSocketAddress(V4_REFUSES, port);
            InetSocketAddress refuses6 = new InetSocketAddress(V6_REFUSES, port);
            InetSocketAddress serves = new InetSocketAddress(V4_SERVES, port);
            assertThat(heard).as("families interleaved; each refusal starts the next attempt at once").containsExactly(
                    new Heard("connectStart", refuses4), new Heard("connectFailed", refuses4),
                    new Heard("connectStart", refuses6), new Heard("connectFailed", refuses6),
                    new Heard("connectStart", serves), new Heard("connectEnd", serves));
        }
    }

    @Test
    void anAddressWhoseConnectHangsHasTheNextOneDialledAfterTheStagger() throws Exception {
        List<Socket> queued = new ArrayList<>();
        try (ServerSocket hangs = new ServerSocket(0, 1, V4_REFUSES);
                ServerSocket origin = new ServerSocket(hangs.getLocalPort(), 50, V4_SERVES);
                TinyDns dns = new TinyDns(Map.of("slow.test", new TinyDns.Name(List.of(V4_REFUSES, V4_SERVES), 60)));
                DnsResolver resolver = DnsResolver.netty(List.of(dns.address()))) {
            int port = hangs.getLocalPort();
            // A listener that never accepts, its queue filled: a further connect hangs, its SYN unanswered.
            while (true) {
                Socket s = new Socket();
                try {
                    s.connect(new InetSocketAddress(V4_REFUSES, port), 200);
                    queued.add(s);
                } catch (SocketTimeoutException full) {
                    s.close();
                    break;
                }
            }
            Thread server = serveOnce(origin);
            List<Heard> heard = new CopyOnWriteArrayList<>();
            List<Long> startedAt = new CopyOnWriteArrayList<>();
            try (ProxyClient client = ProxyClient.builder().dns(resolver).eventListenerFactory(info -> {
                EventListener recorder = recording(heard, new CopyOnWriteArrayList<>());
                return new EventListener() {
                    @Override
                    public void connectStart(CallInfo call, InetSocketAddress address) {
                        startedAt.add(System.nanoTime());
                        recorder.connectStart(call, address);
                    }

                    @Override
                    public void connectFailed(CallInfo call, InetSocketAddress address, Throwable cause) {
                        recorder.connectFailed(call, address, cause);
                    }

                    @Override
                    public void connectEnd(CallInfo call, InetSocketAddress address) {
                        recorder.connectEnd(call, address);
                    }
                };
            }).build()) {
                ProxyResponse r = client.send(ProxyRequest.get("http://slow.test:" + port + "/"))
                        .get(20, TimeUnit.SECONDS);
                assertThat(r.bodyText()).isEqualTo("ok");
            }
            server.join(5000);
            InetSocketAddress slow = new InetSocketAddress(V4_REFUSES, port);
            InetSocketAddress serves = new InetSocketAddress(V4_SERVES, port);
            assertThat(heard).as("the hanging attempt neither failed nor won").containsExactly(
                    new Heard("connectStart", slow), new Heard("connectStart", serves), new Heard("connectEnd", serves));
            assertThat(startedAt.get(1) - startedAt.get(0)).as("the second attempt waited 250 ms for the first")
                    .isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(250));
        } finally {
            for (Socket s : queued) {
                s.close();
            }
        }
    }

    @Test
    void aNameWhoseEveryAddressRefusesFailsTheCallInTcpAfterOneConnectFailedEach() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 50, V4_REFUSES)) {
            closedPort = s.getLocalPort();
        }
        try (TinyDns dns = new TinyDns(Map.of("refused.test", new TinyDns.Name(List.of(V4_REFUSES, V6_REFUSES), 60)));
                DnsResolver resolver = DnsResolver.netty(List.of(dns.address()))) {
            List<Heard> heard = new CopyOnWriteArrayList<>();
            try (ProxyClient client = ProxyClient.builder().dns(resolver)
                    .eventListenerFactory(info -> recording(heard, new CopyOnWriteArrayList<>())).build()) {
                assertThatThrownBy(() -> client.send(ProxyRequest.get("http://refused.test:" + closedPort + "/"))
                        .get(20, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                        .cause().isInstanceOf(CallException.class)
                        .satisfies(e -> assertThat(((CallException) e).phase()).isEqualTo(Phase.TCP));
            }
            assertThat(heard).extracting(Heard::event)
                    .containsExactly("connectStart", "connectFailed", "connectStart", "connectFailed");
        }
    }

    @Test
    void nettyCachesAnAnswerForItsTtlAndAsksAgainAfter() throws Exception {
        try (TinyDns dns = new TinyDns(Map.of(
                        "multi.test", new TinyDns.Name(List.of(V4_REFUSES, V4_SERVES, V6_REFUSES), 60),
                        "short.test", new TinyDns.Name(List.of(V4_SERVES), 1)));
                DnsResolver resolver = DnsResolver.netty(List.of(dns.address()))) {
            assertThat(resolver.resolve("multi.test").get(10, TimeUnit.SECONDS))
                    .containsExactly(V4_REFUSES, V4_SERVES, V6_REFUSES);
            assertThat(resolver.resolve("multi.test").get(10, TimeUnit.SECONDS))
                    .containsExactly(V4_REFUSES, V4_SERVES, V6_REFUSES);
            assertThat(dns.queries("multi.test", TinyDns.A)).as("asked once, then cached for 60 s").isEqualTo(1);
            assertThat(dns.queries("multi.test", TinyDns.AAAA)).isEqualTo(1);

            assertThat(resolver.resolve("short.test").get(10, TimeUnit.SECONDS)).containsExactly(V4_SERVES);
            assertThat(resolver.resolve("short.test").get(10, TimeUnit.SECONDS)).containsExactly(V4_SERVES);
            assertThat(dns.queries("short.test", TinyDns.A)).as("within its 1 s TTL").isEqualTo(1);
            Thread.sleep(1500);
            assertThat(resolver.resolve("short.test").get(10, TimeUnit.SECONDS)).containsExactly(V4_SERVES);
            assertThat(dns.queries("short.test", TinyDns.A)).as("after its TTL").isEqualTo(2);
        }
    }

    @Test
    void anUnknownNameFailsWithUnknownHostException() throws Exception {
        try (TinyDns dns = new TinyDns(Map.of());
                DnsResolver resolver = DnsResolver.netty(List.of(dns.address()))) {
            assertThatThrownBy(() -> resolver.resolve("nowhere.test").get(10, TimeUnit.SECONDS))
                    .hasCauseInstanceOf(UnknownHostException.class);
        }
    }

    @Test
    void jdkResolvesThroughTheSystemsResolver() throws Exception {
        assertThat(DnsResolver.jdk().resolve("localhost").get(10, TimeUnit.SECONDS))
                .isNotEmpty().allMatch(InetAddress::isLoopbackAddress);
        assertThatThrownBy(() -> DnsResolver.netty(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    private static EventListener recording(List<Heard> heard, List<InetAddress> looked) {
        return new EventListener() {
            @Override
            public void dnsEnd(CallInfo call, String host, List<InetAddress> addresses) {
                looked.addAll(addresses);
            }

            @Override
            public void connectStart(CallInfo call, InetSocketAddress address) {
                heard.add(new Heard("connectStart", address));
            }

            @Override
            public void connectFailed(CallInfo call, InetSocketAddress address, Throwable cause) {
                heard.add(new Heard("connectFailed", address));
            }

            @Override
            public void connectEnd(CallInfo call, InetSocketAddress address) {
                heard.add(new Heard("connectEnd", address));
            }
        };
    }

    /** Answers one request on {@code origin} with 200 {@code ok}, closing the connection after. */
    private static Thread serveOnce(ServerSocket origin) {
        Thread t = new Thread(() -> {
            try (Socket s = origin.accept()) {
                InputStream in = s.getInputStream();
                int matched = 0;
                while (matched < 4) {
                    int b = in.read();
                    if (b < 0) {
                        return;
                    }
                    matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : (b == '\r' ? 1 : 0);
                }
                OutputStream out = s.getOutputStream();
                out.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok"
                        .getBytes(StandardCharsets.US_ASCII));
                out.flush();
            } catch (Exception e) {
                // the test's assertions on the call say what went wrong
            }
        }, "origin");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
