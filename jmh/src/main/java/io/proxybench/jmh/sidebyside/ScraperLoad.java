package io.proxybench.jmh.sidebyside;

import io.proxybench.client.TlsSettings;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLContext;

/**
 * One side of {@code bench/scraper-vs-okhttp.sh} and {@code bench/scraper-vs-clients.sh}: the scraper workload
 * ({@link Scraper}) at a fixed concurrency, sessions taken in turn, first {@code WARMUP} requests (the JIT's, not
 * counted), then {@code REQUESTS} measured.
 *
 * <p>Usage: {@code ScraperLoad CLIENT GATEWAY_HOST:PORT URL CA_PEM SESSIONS CONCURRENCY WARMUP REQUESTS PAGE_BYTES},
 * CLIENT one of proxybench, proxybench-http1 (offering the origin HTTP/1.1 only), okhttp, jetty, jdk, apache,
 * reactor-netty, netty-floor (not a client: the floor under any Netty client, {@link NettyFloorScraper}). Prints one line:
 * {@code requests=N failures=F cpu_ms_per_request=X seconds=S jit_ms=J p99_ms=P handshakes=H idle_connections=I
 * heap_per_idle_connection_bytes=B}:
 * <ul>
 *   <li>failures: measured requests that failed or whose decoded page was not {@code PAGE_BYTES} long;
 *   <li>cpu_ms_per_request: the process's CPU time (user and system, every thread: I/O, GC, JIT) over the measured
 *       requests, per successful one;
 *   <li>jit_ms: the time the JIT's compilers spent while they ran (the JVM's own count): well under the wall time
 *       when the warm-up was long enough;
 *   <li>p99_ms: of the measured requests' times from the call to the decoded page (closed loop, redirect included);
 *   <li>handshakes: TCP connections the lab target accepted during the measured requests, its own counter (one per
 *       tunnel, whichever proxy is in front), the same count for every client;
 *   <li>heap_per_idle_connection_bytes: (heap used after a full GC once the measured requests are done, the
 *       connections idle in the client's pool - heap used after a full GC with the client built and no request sent)
 *       / the connections open at the target then (idle_connections). It charges the client's per-session state
 *       (cookies, contexts) to its connections too; "-" with no connection open.
 * </ul>
 */
public final class ScraperLoad {

    private ScraperLoad() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 9) {
            System.err.println("usage: ScraperLoad proxybench|proxybench-http1|okhttp|jetty|jdk|apache"
                    + "|reactor-netty|netty-floor"
                    + " GATEWAY_HOST:PORT URL CA_PEM SESSIONS CONCURRENCY WARMUP REQUESTS PAGE_BYTES");
            System.exit(2);
        }
        String gateway = args[1];
        String url = args[2];
        Path ca = Path.of(args[3]);
        int sessions = Integer.parseInt(args[4]);
        int concurrency = Integer.parseInt(args[5]);
        int warmup = Integer.parseInt(args[6]);
        int requests = Integer.parseInt(args[7]);
        int pageBytes = Integer.parseInt(args[8]);
        SSLContext statsTls = CaTrust.context(ca);
        try (Scraper scraper = switch (args[0]) {
            case "proxybench" -> new ProxybenchScraper(gateway, url, ca, TlsSettings.H2_AND_HTTP11);
            case "proxybench-http1" -> new ProxybenchScraper(gateway, url, ca, List.of("http/1.1"));
            case "okhttp" -> new OkHttpScraper(gateway, url, ca, sessions, concurrency);
            case "jetty" -> new JettyScraper(gateway, url, ca, sessions, concurrency);
            case "jdk" -> new JdkScraper(gateway, url, ca, sessions);
            case "apache" -> new ApacheScraper(gateway, url, ca, sessions, concurrency);
            case "reactor-netty" -> new ReactorNettyScraper(gateway, url, ca, sessions, concurrency);
            case "netty-floor" -> new NettyFloorScraper(gateway, url, ca, sessions);
            default -> throw new IllegalArgumentException("client must be proxybench, proxybench-http1, okhttp, jetty,"
                    + " jdk, apache, reactor-netty or netty-floor, not " + args[0]);
        }) {
            TargetStats none = TargetStats.read(url, statsTls);
            long heapNone = heapAfterGc();
            run(scraper, warmup, sessions, concurrency, pageBytes, new long[warmup]);
            TargetStats warm = TargetStats.read(url, statsTls);
            com.sun.management.OperatingSystemMXBean os =
                    (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
            long[] latencyNs = new long[requests];
            long cpuBefore = os.getProcessCpuTime();
            long jitBefore = jit.getTotalCompilationTime();
            long start = System.nanoTime();
            long failures = run(scraper, requests, sessions, concurrency, pageBytes, latencyNs);
            double seconds = (System.nanoTime() - start) / 1e9;
            double cpuMs = (os.getProcessCpuTime() - cpuBefore) / 1e6;
            long jitMs = jit.getTotalCompilationTime() - jitBefore;
            TargetStats done = TargetStats.read(url, statsTls);
            long heapIdle = heapAfterGc();
            // Each reading counts its own connection: done's in the total, and one open in every reading.
            long handshakes = done.connectionsTotal() - warm.connectionsTotal() - 1;
            long idle = done.openConnections() - none.openConnections();
            Arrays.sort(latencyNs);
            System.out.printf("requests=%d failures=%d cpu_ms_per_request=%.4f seconds=%.3f jit_ms=%d p99_ms=%.2f"
                            + " handshakes=%d idle_connections=%d heap_per_idle_connection_bytes=%s%n",
                    requests, failures, cpuMs / Math.max(1, requests - failures), seconds, jitMs,
                    latencyNs[(int) Math.ceil(requests * 0.99) - 1] / 1e6, handshakes, idle,
                    idle > 0 ? Long.toString((heapIdle - heapNone) / idle) : "-");
        }
    }

    /** Heap bytes in use after two full collections (the JVM's own count). */
    private static long heapAfterGc() throws InterruptedException {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        for (int i = 0; i < 2; i++) {
            memory.gc();
            Thread.sleep(100);
        }
        return memory.getHeapMemoryUsage().getUsed();
    }

    /**
     * Runs {@code count} fetches, at most {@code concurrency} at once, each one's time from the call to its end in
     * {@code latencyNs}; returns how many failed.
     */
    private static long run(Scraper scraper, int count, int sessions, int concurrency, int pageBytes,
            long[] latencyNs) throws InterruptedException {
        Semaphore slots = new Semaphore(concurrency);
        AtomicLong failures = new AtomicLong();
        for (int i = 0; i < count; i++) {
            slots.acquire();
            int index = i;
            long startNs = System.nanoTime();
            scraper.fetch(i % sessions).whenComplete((length, failure) -> {
                latencyNs[index] = System.nanoTime() - startNs;
                if (failure != null || length != pageBytes) {
                    if (failures.getAndIncrement() == 0) {
                        System.err.println("ScraperLoad: first failure: " + (failure != null ? failure
                                : "a decoded page of " + length + " bytes, not " + pageBytes));
                    }
                }
                slots.release();
            });
        }
        slots.acquire(concurrency);
        return failures.get();
    }
}
