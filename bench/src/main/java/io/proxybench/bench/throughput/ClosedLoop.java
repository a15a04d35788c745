package io.proxybench.bench.throughput;

import io.proxybench.bench.options.ProxyUrlConverter;
import io.proxybench.bench.options.TrustOption;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.metrics.ClientCounters;
import io.proxybench.client.pool.PoolLimits;
import io.proxybench.client.tunnel.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Closed-loop throughput of one {@link ProxyClient} through a proxy: {@code C} workers, each sending its next GET as
 * soon as the previous one answered, for {@code D} seconds, on tunnels opened during a warm-up of {@code C}
 * concurrent requests (so the measured window runs on reused connections).
 *
 * <p>This is a closed loop <em>on purpose</em>: it measures capacity (how many requests per second the client gets
 * through the proxy at a fixed concurrency) so that it can be compared with {@code hey -c C -x PROXY}, which is a
 * closed-loop load generator too. Its latencies are therefore subject to coordinated omission and say nothing about
 * latency under a given arrival rate; that is the job of the open-loop harness (issue 4), not of this class.
 *
 * <p>Usage: {@code ClosedLoop --proxy URL --url URL --concurrency C --duration D [--ca FILE | --insecure]
 * [--http1] [--io-threads N] [--warmup W]}. {@code D} and {@code W} are in seconds. Without {@code --ca} or
 * {@code --insecure} the JDK's trust store checks the target. {@code --http1} offers only {@code http/1.1} by ALPN
 * (as {@code hey} speaks inside the tunnel); otherwise {@code h2} is offered first. {@code --io-threads} sets the
 * client's I/O threads (default: the client's, twice the cores). {@code --warmup} runs the closed loop for {@code W}
 * seconds before the measured window and discards it, so that the window measures compiled code: without it the
 * window's CPU includes the JIT compiling the client's hot path, which a natively compiled peer such as
 * {@code hey} never pays.
 *
 * <p>Prints one line of JSON:
 * <ul>
 *   <li>{@code requests}: calls answered with a 2xx status in the measured window; {@code errors}: calls that failed
 *       or answered otherwise;</li>
 *   <li>{@code seconds}: from the first send until the last worker's last answer (workers send nothing after the
 *       deadline, so this overshoots {@code D} by at most one request's latency);</li>
 *   <li>{@code requests_per_second}: {@code requests / seconds};</li>
 *   <li>{@code p50_ms}, {@code p99_ms}: latency of the 2xx calls (HdrHistogram, 3 significant digits);</li>
 *   <li>{@code client_cpu_ms_per_request}: this process's CPU time
 *       ({@code com.sun.management.OperatingSystemMXBean#getProcessCpuTime}) over the measured window divided by
 *       {@code requests}: the client's I/O threads, TLS, JIT and GC, but not the proxy, which runs in another
 *       process;</li>
 *   <li>{@code created}, {@code reused}: the client's connection counters over the measured window (0 created
 *       means every request rode a tunnel from the warm-up); {@code warmup_created}: connections the warm-up
 *       opened; {@code protocols}: protocols seen inside the tunnels.</li>
 * </ul>
 * Exit status: 0 when some request succeeded in the window, 1 when none did or the warm-up failed entirely, 2 on
 * bad arguments.
 */
@Command(name = "closed-loop", mixinStandardHelpOptions = true,
        description = "Closed-loop throughput of one ProxyClient through a proxy; prints one line of JSON.")
public final class ClosedLoop implements Callable<Integer> {

    private static final Duration KEEP_ALIVE = Duration.ofMinutes(5);
    private static final Duration ACQUIRE_TIMEOUT = Duration.ofSeconds(30);
    /** How long after the deadline the workers' last requests may take before the run is cut. */
    private static final long DRAIN_SECONDS = 60;

    @Option(names = "--proxy", required = true, paramLabel = "URL", converter = ProxyUrlConverter.class,
            description = "Proxy URL, e.g. http://user:pass@127.0.0.1:3128.")
    ProxySpec proxy;

    @Option(names = "--url", required = true, paramLabel = "URL", description = "Target URL (http:// or https://).")
    URI url;

    @Option(names = "--concurrency", required = true, paramLabel = "C", description = "Workers.")
    int concurrency;

    @Option(names = "--duration", required = true, paramLabel = "SECONDS", description = "Measured window, e.g. 10.")
    double durationSeconds;

    @Option(names = "--ca", paramLabel = "FILE", description = "Trust only this PEM CA file.")
    Path ca;

    @Option(names = "--insecure", description = "No certificate checks.")
    boolean insecure;

    @Option(names = "--http1", description = "Offer only http/1.1 by ALPN, as hey speaks inside the tunnel.")
    boolean http1;

    @Option(names = "--io-threads", paramLabel = "N", description = "Client I/O threads (default: the client's).")
    int ioThreads;

    @Option(names = "--warmup", paramLabel = "SECONDS",
            description = "Closed loop run and discarded before the window, e.g. 10 (default 0: none).")
    double warmupSeconds;

    /** Parsed command line. */
    record Options(ProxySpec proxy, String url, int concurrency, double durationSeconds, Path ca, boolean insecure,
            boolean http1, int ioThreads, double warmupSeconds) {}

    public static void main(String[] args) {
        CommandLine cli = new CommandLine(new ClosedLoop());
        cli.setParameterExceptionHandler((e, a) -> {
            e.getCommandLine().getErr().println("closed-loop: " + e.getMessage() + " (see --help)");
            return 2;
        });
        System.exit(cli.execute(args));
    }

    @Override
    public Integer call() throws InterruptedException {
        if (concurrency < 1 || !(durationSeconds > 0) || ioThreads < 0 || !(warmupSeconds >= 0)) {
            throw new CommandLine.ParameterException(new CommandLine(this),
                    "--concurrency and --duration must be positive, --io-threads and --warmup not negative");
        }
        if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--url must be http:// or https://");
        }
        try {
            TrustOption.tls(ca, insecure);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(new CommandLine(this), e.getMessage());
        }
        return run(new Options(proxy, url.toString(), concurrency, durationSeconds, ca, insecure, http1,
                ioThreads, warmupSeconds));
    }

    static int run(Options o) throws InterruptedException {
        TlsSettings tls = TrustOption.tls(o.ca, o.insecure);
        if (o.http1) {
            tls = tls.withAlpn(TlsSettings.HTTP11_ONLY);
        }
        int c = o.concurrency;
        PoolLimits limits = new PoolLimits(c, c, Math.max(c, PoolLimits.defaults().maxTotal()), KEEP_ALIVE, null, 0,
                ACQUIRE_TIMEOUT);
        com.sun.management.OperatingSystemMXBean os = cpuBean();
        try (ProxyClient client = ProxyClient.builder().proxy(o.proxy).tls(tls).limits(limits)
                .ioThreads(o.ioThreads).build()) {
            ProxyRequest request = ProxyRequest.get(o.url);
            Set<String> protocols = ConcurrentHashMap.newKeySet();

            String warmUpError = warmUp(client, request, c, protocols);
            if (warmUpError != null) {
                System.err.println("closed-loop: every warm-up request failed; first: " + warmUpError);
                return 1;
            }
            if (o.warmupSeconds > 0) {
                loop(client, request, c, o.warmupSeconds, new AtomicReference<>(), protocols);
            }
            ClientCounters.Counts before = client.counters().total();

            long cpu0 = os == null ? -1 : os.getProcessCpuTime();
            long t0 = System.nanoTime();
            AtomicReference<String> firstError = new AtomicReference<>();
            List<Worker> workers = loop(client, request, c, o.durationSeconds, firstError, protocols);
            long t1 = System.nanoTime();
            long cpu1 = os == null ? -1 : os.getProcessCpuTime();
            ClientCounters.Counts after = client.counters().total();

            Histogram latency = new Histogram(3);
            long ok = 0;
            long errors = 0;
            for (Worker w : workers) {
                synchronized (w) {
                    latency.add(w.latencyMicros);
                    ok += w.ok;
                    errors += w.errors;
                }
            }
            if (errors > 0) {
                System.err.println("closed-loop: " + errors + " errors; first: " + firstError.get());
            }
            double seconds = (t1 - t0) / 1e9;
            String cpuPerRequest = os == null || ok == 0 ? "null" : fmt((cpu1 - cpu0) / 1e6 / ok, 4);
            StringBuilder json = new StringBuilder(256);
            json.append('{')
                    .append("\"requests\":").append(ok)
                    .append(",\"errors\":").append(errors)
                    .append(",\"seconds\":").append(fmt(seconds, 3))
                    .append(",\"requests_per_second\":").append(fmt(ok / seconds, 1))
                    .append(",\"p50_ms\":").append(ok == 0 ? "null" : fmt(latency.getValueAtPercentile(50) / 1e3, 3))
                    .append(",\"p99_ms\":").append(ok == 0 ? "null" : fmt(latency.getValueAtPercentile(99) / 1e3, 3))
                    .append(",\"client_cpu_ms_per_request\":").append(cpuPerRequest)
                    .append(",\"created\":").append(after.created() - before.created())
                    .append(",\"reused\":").append(after.reused() - before.reused())
                    .append(",\"warmup_created\":").append(before.created())
                    .append(",\"concurrency\":").append(c)
                    .append(",\"protocols\":[");
            String sep = "";
            for (String p : new TreeSet<>(protocols)) {
                json.append(sep).append('"').append(p).append('"');
                sep = ",";
            }
            json.append("]}");
            System.out.println(json);
            System.out.flush();
            return ok > 0 ? 0 : 1;
        }
    }

    /**
     * Runs {@code c} workers for {@code seconds}; returns them once all are done, or {@link #DRAIN_SECONDS} past the
     * deadline (saying so) with what finished.
     */
    private static List<Worker> loop(ProxyClient client, ProxyRequest request, int c, double seconds,
            AtomicReference<String> firstError, Set<String> protocols) throws InterruptedException {
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        CountDownLatch done = new CountDownLatch(c);
        List<Worker> workers = new ArrayList<>(c);
        for (int i = 0; i < c; i++) {
            workers.add(new Worker(client, request, deadline, done, firstError, protocols));
        }
        workers.forEach(Worker::next);
        boolean finished = done.await((long) (seconds * 1000) + TimeUnit.SECONDS.toMillis(DRAIN_SECONDS),
                TimeUnit.MILLISECONDS);
        if (!finished) {
            System.err.println("closed-loop: " + done.getCount() + " workers still waiting " + DRAIN_SECONDS
                    + " s after the deadline; reporting what finished");
        }
        return workers;
    }

    /** Sends {@code c} requests at once so that {@code c} tunnels are open; null, or the first error if all failed. */
    private static String warmUp(ProxyClient client, ProxyRequest request, int c, Set<String> protocols)
            throws InterruptedException {
        List<CompletableFuture<ProxyResponse>> calls = new ArrayList<>(c);
        for (int i = 0; i < c; i++) {
            calls.add(client.send(request));
        }
        String first = null;
        boolean anyOk = false;
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(DRAIN_SECONDS);
        for (CompletableFuture<ProxyResponse> call : calls) {
            try {
                ProxyResponse r = call.get(Math.max(1, until - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (r.status() / 100 == 2) {
                    anyOk = true;
                    protocols.add(r.protocol());
                } else if (first == null) {
                    first = "status " + r.status();
                }
            } catch (ExecutionException e) {
                if (first == null) {
                    first = String.valueOf(e.getCause());
                }
            } catch (TimeoutException e) {
                if (first == null) {
                    first = "no answer within " + DRAIN_SECONDS + " s";
                }
            }
        }
        return anyOk ? null : first;
    }

    private static com.sun.management.OperatingSystemMXBean cpuBean() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean b
                && b.getProcessCpuTime() >= 0 ? b : null;
    }

    private static String fmt(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /**
     * One closed-loop worker: its callbacks run one after the other (each on the I/O thread that completed the
     * previous call), and its counters are read under its lock once it is done.
     */
    private static final class Worker {
        private final ProxyClient client;
        private final ProxyRequest request;
        private final long deadline;
        private final CountDownLatch done;
        private final AtomicReference<String> firstError;
        private final Set<String> protocols;
        private final Histogram latencyMicros = new Histogram(3);
        private long ok;
        private long errors;

        Worker(ProxyClient client, ProxyRequest request, long deadline, CountDownLatch done,
                AtomicReference<String> firstError, Set<String> protocols) {
            this.client = client;
            this.request = request;
            this.deadline = deadline;
            this.done = done;
            this.firstError = firstError;
            this.protocols = protocols;
        }

        /** Sends until the deadline; loops instead of recursing when a call completes at once. */
        void next() {
            while (true) {
                long start = System.nanoTime();
                if (start - deadline >= 0) {
                    done.countDown();
                    return;
                }
                CompletableFuture<ProxyResponse> call = client.send(request);
                if (call.isDone()) {
                    record(call.handle((r, e) -> new Outcome(r, e)).join(), start);
                    continue;
                }
                call.whenComplete((r, e) -> {
                    record(new Outcome(r, e), start);
                    next();
                });
                return;
            }
        }

        private synchronized void record(Outcome outcome, long start) {
            long micros = (System.nanoTime() - start) / 1000;
            if (outcome.error == null && outcome.response.status() / 100 == 2) {
                ok++;
                latencyMicros.recordValue(Math.max(0, micros));
                if (!protocols.contains(outcome.response.protocol())) {
                    protocols.add(outcome.response.protocol());
                }
            } else {
                errors++;
                firstError.compareAndSet(null, outcome.error != null ? String.valueOf(outcome.error)
                        : "status " + outcome.response.status());
            }
        }

        private record Outcome(ProxyResponse response, Throwable error) {}
    }
}
