package io.proxybench.jmh.sidebyside;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One side of {@code bench/scraper-vs-okhttp.sh}: the scraper workload ({@link Scraper}) at a fixed concurrency,
 * sessions taken in turn, first {@code WARMUP} requests (the JIT's, not counted), then {@code REQUESTS} measured.
 *
 * <p>Usage: {@code ScraperLoad proxybench|okhttp GATEWAY_HOST:PORT URL CA_PEM SESSIONS CONCURRENCY WARMUP REQUESTS
 * PAGE_BYTES}. Prints {@code requests=N failures=F cpu_ms_per_request=X seconds=S jit_ms=J}: the measured requests,
 * those that failed or whose decoded page was not {@code PAGE_BYTES} long, the process's CPU time (user and system,
 * every thread: I/O, GC, JIT) over the measured requests per request, their wall time, and the time the JIT's
 * compilers spent while they ran (the JVM's own count): well under the wall time when the warm-up was long enough for
 * the JIT to finish, about the wall time when a compiler thread was busy throughout.
 */
public final class ScraperLoad {

    private ScraperLoad() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 9) {
            System.err.println("usage: ScraperLoad proxybench|okhttp GATEWAY_HOST:PORT URL CA_PEM SESSIONS CONCURRENCY"
                    + " WARMUP REQUESTS PAGE_BYTES");
            System.exit(2);
        }
        int sessions = Integer.parseInt(args[4]);
        int concurrency = Integer.parseInt(args[5]);
        int warmup = Integer.parseInt(args[6]);
        int requests = Integer.parseInt(args[7]);
        int pageBytes = Integer.parseInt(args[8]);
        try (Scraper scraper = switch (args[0]) {
            case "proxybench" -> new ProxybenchScraper(args[1], args[2], Path.of(args[3]));
            case "okhttp" -> new OkHttpScraper(args[1], args[2], Path.of(args[3]), sessions, concurrency);
            default -> throw new IllegalArgumentException("client must be proxybench or okhttp, not " + args[0]);
        }) {
            run(scraper, warmup, sessions, concurrency, pageBytes);
            com.sun.management.OperatingSystemMXBean os =
                    (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
            long cpuBefore = os.getProcessCpuTime();
            long jitBefore = jit.getTotalCompilationTime();
            long start = System.nanoTime();
            long failures = run(scraper, requests, sessions, concurrency, pageBytes);
            double seconds = (System.nanoTime() - start) / 1e9;
            double cpuMs = (os.getProcessCpuTime() - cpuBefore) / 1e6;
            System.out.printf("requests=%d failures=%d cpu_ms_per_request=%.4f seconds=%.3f jit_ms=%d%n", requests,
                    failures, cpuMs / requests, seconds, jit.getTotalCompilationTime() - jitBefore);
        }
    }

    /** Runs {@code count} fetches, at most {@code concurrency} at once; returns how many failed. */
    private static long run(Scraper scraper, int count, int sessions, int concurrency, int pageBytes)
            throws InterruptedException {
        Semaphore slots = new Semaphore(concurrency);
        AtomicLong failures = new AtomicLong();
        for (int i = 0; i < count; i++) {
            slots.acquire();
            scraper.fetch(i % sessions).whenComplete((length, failure) -> {
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
