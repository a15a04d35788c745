package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.proxybench.client.PoolLimits;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.event.PoolGauges;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.client.proxy.ProxySpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Soak: 10,000 tunnels open at once through a lab gateway, held idle for a minute, all used again, then closed:
 * no call fails, every tunnel survives the minute (the second round opens nothing), and the gateway is back to no
 * open connection once the client closes. Memory per tunnel, heap and resident, is written to {@code target/soak.txt}
 * and checked only against a loose bound; speed and memory goals belong to benchmarks ({@code bench/idle-tunnels.sh}
 * runs this test as one, with other sizes and without leak detection).
 *
 * <p>Memory per tunnel is each process's memory with every tunnel open less its memory before: live heap after a full
 * GC, direct memory (native memory tracking's "Other": all three JVMs run with {@code -XX:NativeMemoryTracking=summary})
 * and resident set. The system properties {@code proxybench.soak.tunnels} and {@code proxybench.soak.hold} (seconds)
 * change the size and the idle time.
 *
 * <p>Layout, set by open files: the gateway and the target each run in a lab process of their own (the target's lab
 * is used only as a target), since each holds a socket per tunnel and an open-files hard limit of 20,000 a process is
 * common (root cannot raise it in a container without CAP_SYS_RESOURCE). The tunnels are HTTP/2 CONNECT streams on
 * the gateway's {@code https://} port, 100 to a connection, so the gateway holds about 10,100 sockets: HTTP/1.1
 * CONNECT would need 20,000 and more in one process. Each tunnel carries its own TLS session with the target and has a
 * sticky session of its own, so the client's pool keeps it under its own key (a tunnel per session, whatever the
 * timing). The client is this JVM.
 */
class SoakTest {

    static final int TUNNELS = Integer.getInteger("proxybench.soak.tunnels", 10_000);
    /** Open files each lab process gets: a socket per tunnel, and the JVM's own (jars, event loops, listeners). */
    static final int LAB_OPEN_FILES = TUNNELS + 1_000;
    /** Calls in flight at once, so that tunnels open at the pace the machine allows and no backlog overflows. */
    static final int IN_FLIGHT = 200;
    static final Duration HOLD = Duration.ofSeconds(Integer.getInteger("proxybench.soak.hold", 60));
    static final Duration ROUND_TIMEOUT = Duration.ofMinutes(3);
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);
    /** Far above what a tunnel costs: a sanity bound, not a goal. */
    static final double MAX_BYTES_PER_TUNNEL = 1 << 20;
    static final Path REPORT = Path.of("target", "soak.txt");

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void tenThousandTunnelsHeldForAMinuteThenClosed() throws Exception {
        LabProcess.requireOpenFiles(LAB_OPEN_FILES, "a socket for each of " + TUNNELS + " tunnels");
        List<String> jvm = List.of("-Xmx1g", "-XX:NativeMemoryTracking=summary");
        String home = dir.resolve("home").toString();
        try (LabProcess gateway = LabProcess.start("gateway", dir, LAB_OPEN_FILES, jvm, "--home", home);
                LabProcess target = LabProcess.start("target", dir, LAB_OPEN_FILES, jvm, "--home", home);
                ProxyClient client = ProxyClient.builder()
                        .tls(TlsSettings.caFile(target.caFile()))
                        .proxyProtocol(ProxyProtocol.H2_PREFERRED)
                        .limits(PoolLimits.builder().maxPerKey(1).maxPerExit(1).maxTotal(TUNNELS)
                                .keepAlive(Duration.ofMinutes(5)).acquireTimeout(Duration.ofSeconds(30)).build())
                        .build()) {
            List<ProxyRequest> requests = new ArrayList<>();
            for (int i = 0; i < TUNNELS; i++) {
                requests.add(ProxyRequest.get("https://127.0.0.1:" + target.targetHttpsPort() + "/cdn-cgi/trace")
                        .withProxy(ProxySpec.parse("https://lab:lab_session-soak" + i + "@127.0.0.1:"
                                + gateway.gatewayTlsPort())));
            }
            long self = ProcessHandle.current().pid();
            ProcessMemory gatewayBefore = ProcessMemory.of(gateway.pid());
            ProcessMemory targetBefore = ProcessMemory.of(target.pid());
            ProcessMemory clientBefore = ProcessMemory.of(self);

            Round open = round(client, requests);
            long heldSince = System.nanoTime();
            assertThat(open.errors()).as("calls that failed while opening").isEmpty();
            assertThat(open.ok()).isEqualTo(TUNNELS);
            assertThat(client.counters().total().created()).as("tunnels opened").isEqualTo(TUNNELS);
            JsonNode opened = gateway.gatewayCounters();
            assertThat(opened.path("open_tunnels").asLong()).isEqualTo(TUNNELS);
            ProcessMemory gatewayOpen = ProcessMemory.of(gateway.pid());
            ProcessMemory targetOpen = ProcessMemory.of(target.pid());
            ProcessMemory clientOpen = ProcessMemory.of(self);

            Thread.sleep(Math.max(0, HOLD.toMillis() - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - heldSince)));
            JsonNode held = gateway.gatewayCounters();
            assertThat(held.path("open_tunnels").asLong()).as("tunnels open after the hold").isEqualTo(TUNNELS);
            assertThat(held.path("idle_timeouts").asLong()).isZero();

            Round reuse = round(client, requests);
            assertThat(reuse.errors()).as("calls that failed after the hold").isEmpty();
            assertThat(reuse.reused()).as("calls on a tunnel opened before the hold").isEqualTo(TUNNELS);
            assertThat(client.counters().total().created()).as("tunnels opened in all").isEqualTo(TUNNELS);
            assertThat(client.poolGauges()).isEqualTo(new PoolGauges(0, TUNNELS, 0, TUNNELS, TUNNELS));

            long closing = System.nanoTime();
            client.close();
            JsonNode closed = awaitGatewayEmpty(gateway);
            Duration closeTook = Duration.ofNanos(System.nanoTime() - closing);
            assertThat(closed.path("open_tunnels").asLong()).as("tunnels open at the gateway after close").isZero();
            assertThat(closed.path("open_client_connections").asLong()).isZero();
            assertThat(closed.path("refused_connections").asLong()).isZero();
            assertThat(gateway.stop()).as("gateway lab exits on SIGTERM").isTrue();
            assertThat(target.stop()).as("target lab exits on SIGTERM").isTrue();

            ProcessMemory.Per gatewayPer = gatewayOpen.per(gatewayBefore, TUNNELS);
            ProcessMemory.Per targetPer = targetOpen.per(targetBefore, TUNNELS);
            ProcessMemory.Per clientPer = clientOpen.per(clientBefore, TUNNELS);
            String report = String.format(Locale.ROOT,
                    "soak: %,d tunnels, HTTP/2 CONNECT streams on %d gateway connections, TLS to the target in each%n"
                            + "opened in %.1f s (%d calls in flight), held %d s, all reused in %.1f s,"
                            + " gateway empty %.1f s after close%n"
                            + "%-8s %15s %17s %20s %15s %16s %16s%n%s%s%s",
                    TUNNELS, opened.path("open_h2_client_connections").asLong(), seconds(open.took()), IN_FLIGHT,
                    HOLD.toSeconds(), seconds(reuse.took()), seconds(closeTook),
                    "process", "heap/tunnel", "direct/tunnel", "heap+direct/tunnel", "RSS/tunnel", "heap open",
                    "RSS open",
                    row("gateway", gatewayPer, gatewayOpen), row("target", targetPer, targetOpen),
                    row("client", clientPer, clientOpen));
            System.out.print(report);
            Files.createDirectories(REPORT.getParent());
            Files.writeString(REPORT, report);
            for (ProcessMemory.Per per : List.of(gatewayPer, clientPer)) {
                assertThat(per.heapLiveBytes()).isLessThan(MAX_BYTES_PER_TUNNEL);
                assertThat(per.directBytes()).as("direct memory per tunnel (NaN: not tracked)")
                        .isLessThan(MAX_BYTES_PER_TUNNEL);
                assertThat(per.rssBytes()).isLessThan(MAX_BYTES_PER_TUNNEL);
            }
        }
    }

    /**
     * @param ok calls answered 200
     * @param reused of those, calls on a connection that existed before them
     * @param errors what failed calls and other statuses said, the first few, and how many there were
     */
    record Round(int ok, int reused, List<String> errors, Duration took) {}

    /** Sends every request, {@link #IN_FLIGHT} at a time, within {@link #ROUND_TIMEOUT}. */
    private static Round round(ProxyClient client, List<ProxyRequest> requests) throws InterruptedException {
        Semaphore inFlight = new Semaphore(IN_FLIGHT);
        CountDownLatch done = new CountDownLatch(requests.size());
        AtomicInteger ok = new AtomicInteger();
        AtomicInteger reused = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        Queue<String> errors = new ConcurrentLinkedQueue<>();
        long start = System.nanoTime();
        long deadline = start + ROUND_TIMEOUT.toNanos();
        for (ProxyRequest request : requests) {
            if (!inFlight.tryAcquire(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
                break;
            }
            client.send(request).whenComplete((response, error) -> {
                String wrong = error != null ? error.toString()
                        : response.status() != 200 ? "status " + response.status() : null;
                if (wrong == null) {
                    ok.incrementAndGet();
                    if (response.reused()) {
                        reused.incrementAndGet();
                    }
                } else if (failed.incrementAndGet() <= 5) {
                    errors.add(wrong);
                }
                inFlight.release();
                done.countDown();
            });
        }
        boolean finished = done.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        List<String> wrong = new ArrayList<>(errors);
        if (failed.get() > 0) {
            wrong.add(failed.get() + " failed in all");
        }
        if (!finished) {
            wrong.add(done.getCount() + " of " + requests.size() + " unanswered after " + ROUND_TIMEOUT);
        }
        return new Round(ok.get(), reused.get(), wrong, Duration.ofNanos(System.nanoTime() - start));
    }

    /** The gateway's counters once it has no tunnel or client connection open, or after {@link #CLOSE_TIMEOUT}. */
    private static JsonNode awaitGatewayEmpty(LabProcess gateway) throws Exception {
        long deadline = System.nanoTime() + CLOSE_TIMEOUT.toNanos();
        JsonNode counters = gateway.gatewayCounters();
        while (System.nanoTime() < deadline && (counters.path("open_tunnels").asLong() > 0
                || counters.path("open_client_connections").asLong() > 0)) {
            Thread.sleep(100);
            counters = gateway.gatewayCounters();
        }
        return counters;
    }

    private static String row(String process, ProcessMemory.Per per, ProcessMemory open) {
        return String.format(Locale.ROOT, "%-8s %11.1f KiB %13.1f KiB %16.1f KiB %11.1f KiB %13.1f MiB %13.1f MiB%n",
                process, per.heapLiveBytes() / 1024, per.directBytes() / 1024,
                (per.heapLiveBytes() + per.directBytes()) / 1024, per.rssBytes() / 1024,
                open.heapLiveBytes() / 1048576.0, open.rssBytes() / 1048576.0);
    }

    private static double seconds(Duration d) {
        return d.toMillis() / 1000.0;
    }
}
