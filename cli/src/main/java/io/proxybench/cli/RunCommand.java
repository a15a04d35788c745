package io.proxybench.cli;

import io.proxybench.harness.Durations;
import io.proxybench.cli.ProxyUrlConverter;
import io.proxybench.harness.TimeoutOption;
import io.proxybench.harness.TrustOption;
import io.proxybench.harness.schedule.ArrivalSchedule;
import io.proxybench.harness.schedule.Stage;
import io.proxybench.records.HdrLog;
import io.proxybench.records.JsonlWriter;
import io.proxybench.records.PhaseHistograms;
import io.proxybench.records.RequestRecord;
import io.proxybench.harness.summary.PoolAfter;
import io.proxybench.harness.summary.ProxyConnections;
import io.proxybench.analysis.report.ReportJson;
import io.proxybench.harness.summary.RunSummary;
import io.proxybench.analysis.Expect;
import io.proxybench.harness.metrics.RunMetrics;
import io.proxybench.harness.ClosedLoopRunner;
import io.proxybench.harness.CpuSampler;
import io.proxybench.harness.LatencySoFar;
import io.proxybench.harness.LoadRunner;
import io.proxybench.harness.OpenFiles;
import io.proxybench.harness.OpenLoopRunner;
import io.proxybench.harness.Progress;
import io.proxybench.harness.Records;
import io.proxybench.harness.RunOptions;
import io.proxybench.harness.RunStats;
import io.proxybench.harness.Sleeper;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.metrics.ClientCounters;
import io.proxybench.client.net.Transport;
import io.proxybench.client.pool.Gauges;
import io.proxybench.client.pool.PoolLimits;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.session.SessionRouter;
import io.proxybench.client.session.SessionTemplate;
import io.proxybench.client.tunnel.Connector;
import io.proxybench.client.tunnel.Timeouts;
import io.proxybench.client.tunnel.TlsSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.IntStream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code proxybench run}: an open-loop run through a proxy. Requests fire on schedule whatever the replies do;
 * latency counts from the scheduled start; every scheduled request gets exactly one record.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Send requests through a proxy on an open-loop schedule and summarise them.",
            "Records go to --out as JSONL (seconds, the seed harness's field names).",
            "--closed-loop N runs N workers that wait for each reply instead: a comparison, not a measurement."})
final class RunCommand implements Callable<Integer> {

    /**
     * Without --max-in-flight, the open-files check plans for this many seconds of arrivals at the peak rate in
     * flight at once (seed 002 saw 803 tunnels open at 1k req/s).
     */
    static final double IN_FLIGHT_SECONDS = 2;

    /** Where --warmup-for's request numbers start: far from the run's, whose rotation they must not shift. */
    private static final long WARMUP_NUMBERS = 1L << 40;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--url", required = true, paramLabel = "URL", description = "Target URL; repeat to rotate over several.")
    List<URI> urls;

    @Option(names = "--proxy", paramLabel = "URL", converter = ProxyUrlConverter.class,
            description = "Proxy URL, e.g. http://user:pass@127.0.0.1:3128 (default: direct).")
    ProxySpec proxy;

    @Option(names = "--session-template", paramLabel = "TEMPLATE",
            description = "How sessions are written into the credentials, e.g. " + SessionTemplate.DEFAULT_TEXT + ".")
    String template;

    @Option(names = "--sessions", paramLabel = "N", defaultValue = "0",
            description = "Session keys requests rotate over (with --session-template).")
    int sessions;

    @Option(names = "--rotation", paramLabel = "POLICY", defaultValue = "sticky",
            description = "per-request | sticky | window:DURATION (default: ${DEFAULT-VALUE}).")
    String rotation;

    @Option(names = "--rate", paramLabel = "PER_SECOND", description = "Constant arrival rate.")
    Double rate;

    @Option(names = "--duration", paramLabel = "DURATION", description = "How long the schedule runs.")
    Duration duration;

    @Option(names = "--ramp", paramLabel = "STAGES", description = "Stages instead of --rate, e.g. 100/s:10s,500/s:20s.")
    String ramp;

    @Option(names = "--burst", paramLabel = "SIZE",
            description = "Groups of SIZE requests sharing one scheduled time, every --every, for --duration.")
    Integer burst;

    @Option(names = "--every", paramLabel = "DURATION", description = "Time between bursts (with --burst).")
    Duration every;

    @Option(names = "--proxy-file", paramLabel = "FILE",
            description = "Proxy URLs, one per line ('#' comments); requests rotate over them.")
    Path proxyFile;

    @Option(names = "--proxy-http2",
            description = {"Ask the https:// proxy for HTTP/2 (like curl's option): each tunnel is then a CONNECT"
                    + " stream on a shared connection to the proxy, with its own credentials and session.",
                "A proxy that answers http/1.1 is used over HTTP/1.1, and the summary says so."})
    boolean proxyHttp2;

    @Option(names = "--io-threads", paramLabel = "N",
            description = "The client's event loops (default: half the cores, at least 1; fewer loops wake less"
                    + " often, which is cheaper when the client shares its machine).")
    int ioThreads = Transport.sharedMachineThreads();

    @Option(names = "--http1.1",
            description = "Offer the target only http/1.1 by ALPN (like curl's option; default: h2, then http/1.1).")
    boolean http11;

    @Option(names = "--proxy-max-streams", paramLabel = "N",
            description = "With --proxy-http2: tunnels at most on one connection to the proxy (its own limit"
                    + " applies too; default 100).")
    Integer proxyMaxStreams;

    @Option(names = "--warmup", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Send one request per session before the run, outside the statistics (default: on).")
    boolean warmup;

    @Option(names = "--warmup-for", paramLabel = "DURATION",
            description = "Before the run, send at its peak rate for this long and discard it all (records,"
                    + " counters), so that the client's JIT is warm when the schedule starts.")
    Duration warmupFor;

    @Option(names = "--poisson", description = "Poisson arrivals at --rate instead of evenly spaced ones.")
    boolean poisson;

    @CommandLine.Mixin
    ShardOptions shards;

    @Option(names = "--seed", defaultValue = "1", description = "Seed for Poisson arrivals.")
    long seed;

    @Option(names = "--max-in-flight", paramLabel = "N", defaultValue = "0",
            description = "Requests in flight at most; later ones wait in a counted backlog (0 = no limit).")
    int maxInFlight;

    @Option(names = "--closed-loop", paramLabel = "WORKERS",
            description = "Comparison mode: WORKERS loops that each wait for a reply before the next request, for"
                    + " --duration. Latency then counts from the send and stalls shrink the sample.")
    Integer closedLoop;

    @Option(names = "--retries", paramLabel = "N", defaultValue = "0",
            description = "Send a failed request again on a new connection (new tunnel) up to N times; records"
                    + " and summary count these apart from first tries (default: ${DEFAULT-VALUE}).")
    int retries;

    @Option(names = "--expect", paramLabel = "REGEX",
            description = "A 2xx body must contain a match of this Java regex to count as data, else it is a"
                    + " soft block; (?m) makes ^ and $ match at lines.")
    String expect;

    @Option(names = "--expect-json", paramLabel = "KEY",
            description = "A 2xx body must be JSON with this key (or /json/pointer) to count as data.")
    String expectJson;

    @Option(names = "--keep-body", description = "Write each response body into its record (for analyze --expect).")
    boolean keepBody;

    @Option(names = "--keep-alive", paramLabel = "DURATION", defaultValue = "60s",
            description = "How long an idle connection stays open for reuse; 0s closes each after its request"
                    + " (default: ${DEFAULT-VALUE}).")
    Duration keepAlive;

    @Option(names = "--timeout", paramLabel = "TIMEOUTS", defaultValue = "30s",
            description = "Per-phase timeouts: one for all phases (default: ${DEFAULT-VALUE}), or e.g."
                    + " 10s,request=30s or tcp=3s,tunnel=5s,tls=5s,request=20s.")
    String timeout;

    @Option(names = "--ca", paramLabel = "FILE", description = "Trust only this CA file (e.g. the lab's).")
    Path ca;

    @Option(names = "--insecure", description = "No certificate checks (benchmarks against self-signed targets).")
    boolean insecure;

    @Option(names = "--out", paramLabel = "FILE", defaultValue = "results.jsonl", description = "Records (JSONL).")
    Path out;

    @Option(names = "--hdr-log", paramLabel = "FILE",
            description = "HdrHistogram interval log per phase, in microseconds (default: the --out file + .hlog).")
    Path hdrLog;

    @Option(names = "--json", description = "Print the summary as JSON.")
    boolean json;

    @Option(names = "--no-progress", description = "No live progress line on stderr.")
    boolean noProgress;

    @CommandLine.Mixin
    MetricsOptions metricsOptions;

    /** Proxies from --proxy-file, requests rotating over them; empty without the option. */
    private List<ProxySpec> proxies = List.of();
    /** A GET of each --url, in order. */
    private List<ProxyRequest> targets = List.of();
    /** The --sessions keys, in order. */
    private List<String> sessionKeys = List.of();

    /**
     * What the run is built from, read from the options and checked.
     *
     * @param schedule the arrivals this process fires; null for a closed loop
     * @param sessionTemplate null without sessions, as is {@code router}
     */
    record Checked(ArrivalSchedule schedule, Expect expectation, Timeouts timeouts, SessionTemplate sessionTemplate,
            SessionRouter router) {}

    @Override
    public Integer call() throws Exception {
        Checked checked = check();
        ArrivalSchedule schedule = checked.schedule();
        Expect expectation = checked.expectation();
        Timeouts timeouts = checked.timeouts();
        SessionTemplate sessionTemplate = checked.sessionTemplate();
        SessionRouter router = checked.router();
        targets = urls.stream().map(url -> ProxyRequest.get(url.toString())).toList();
        sessionKeys = IntStream.range(0, sessions).mapToObj(RunCommand::key).toList();
        OpenFiles.check(closedLoop != null ? closedLoop
                : maxInFlight > 0 ? maxInFlight : (long) Math.ceil(peakRate() * IN_FLIGHT_SECONDS));
        List<RequestRecord> records = Collections.synchronizedList(new ArrayList<>());
        PhaseHistograms phases = new PhaseHistograms();
        LatencySoFar latency = new LatencySoFar();
        Path intervalLog = hdrLog != null ? hdrLog : HdrLog.besides(out);
        // Gone before anything can refuse, so that a shard that did not run leaves no earlier run's files behind.
        Files.deleteIfExists(out);
        Files.deleteIfExists(intervalLog);
        shards.checkStart(warmupFor == null ? Duration.ZERO : warmupFor);
        RunMetrics metrics = metricsOptions.enabled() ? new RunMetrics(shards.text()) : null;
        PrintWriter err = spec.commandLine().getErr();
        // The endpoint closes last, so that it says finished only once the records file is closed.
        try (MetricsOptions.Endpoint endpoint = metricsOptions.start(metrics, err);
                ProxyClient client = client(timeouts, sessionTemplate, router);
                JsonlWriter writer = new JsonlWriter(out)) {
            shards.awaitWarmUp(warmupFor == null ? Duration.ZERO : warmupFor, err);
            if (warmup && sessions > 0) {
                client.warmUp(sessionKeys, urls.get(0).toString())
                        .get(TimeoutOption.longestCall(timeouts).toMillis(), TimeUnit.MILLISECONDS);
            }
            // Long enough for a request that waited for a pool slot, then ran every send to every timeout.
            long drainNanos = timeouts.request().toNanos()
                    + TimeoutOption.longestCall(timeouts).toNanos() * (1 + retries);
            Sleeper parking = Sleeper.parking(System::nanoTime);
            if (warmupFor != null) {
                warmUpAtRate(client, drainNanos, parking);
            }
            ClientCounters.Counts beforeRun = client.counters().total();
            Connector.GatewayStats gatewaysBefore = client.gatewayStats();
            Consumer<RequestRecord> sink = r -> {
                records.add(r.withoutBody()); // the summary reads no body; --keep-body's go to the file only
                phases.record(r);
                latency.record(r);
                try {
                    writer.write(r);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot write " + out + ": " + e.getMessage(), e);
                }
                if (metrics != null) {
                    metrics.record(r);
                }
            };
            Records recordMaker = new Records(expectation, keepBody, shards.text());
            LoadRunner runner = closedLoop == null
                    ? new OpenLoopRunner(schedule, n -> request(schedule.globalIndex(n)), client::send,
                            new RunOptions(maxInFlight, retries, drainNanos), recordMaker, sink, System::nanoTime,
                            parking)
                    : new ClosedLoopRunner(duration.toNanos(), this::request, client::send,
                            new RunOptions(closedLoop, retries, drainNanos), recordMaker, sink, System::nanoTime,
                            parking);
            if (metrics != null) {
                metrics.watch(runner.stats());
            }
            shards.awaitStart(err);
            Progress progress = noProgress ? null
                    : Progress.start(runner.stats(), latency, plannedDuration(), err);
            RunStats stats;
            CpuSampler.CpuLoad cpu;
            // The interval log opens as the schedule starts, so that shards' logs line up by their offsets.
            try (HdrLog log = HdrLog.open(intervalLog, phases, shards.logComments());
                    CpuSampler sampler = CpuSampler.start()) {
                stats = runner.run();
                cpu = sampler.result();
            } finally {
                if (progress != null) {
                    progress.close();
                }
            }
            String described = closedLoop == null ? schedule.describe()
                    : "closed loop, " + closedLoop + " workers for " + Durations.format(duration);
            List<RequestRecord> all = List.copyOf(records);
            ClientCounters.Counts run = client.counters().total().since(beforeRun);
            ProxyConnections gateways = proxyHttp2 ? ProxyConnections.of(gatewaysBefore, client.gatewayStats(), all)
                    : null;
            Gauges atEnd = client.poolGauges();
            client.close(); // early, so that the summary can say whether every connection closed
            RunSummary summary = RunSummary.of(described, closedLoop != null, all, run, stats.backlogPeak(), cpu,
                    gateways, PoolAfter.of(atEnd, client.counters().total()));
            PrintWriter o = spec.commandLine().getOut();
            o.print(json ? ReportJson.write(summary) + "\n" : summary.text()
                    + "records: " + out + "\ninterval log: " + intervalLog + "\n");
            o.flush();
            writer.close();
            if (metrics != null) {
                metrics.finish();
            }
        }
        return 0;
    }

    /**
     * Reads and checks every option, writing nothing and dialling nothing: a mistake fails here, before the run opens
     * its records file or a connection (and before {@code alternate}'s first window).
     *
     * @throws IllegalArgumentException naming the option at fault and the fix
     */
    Checked check() {
        shards.read(closedLoop != null);
        metricsOptions.validate(spec.commandLine().getParseResult());
        ArrivalSchedule schedule = closedLoop == null ? schedule() : null;
        if (closedLoop != null) {
            checkClosedLoop();
        }
        validate();
        Expect expectation = Expect.of(expect, expectJson);
        proxies = proxyFile == null ? List.of() : ProxyFile.read(proxyFile);
        if (!proxies.isEmpty() && proxy != null) {
            throw new IllegalArgumentException("--proxy and --proxy-file exclude each other");
        }
        checkProxyHttp2();
        Timeouts timeouts = TimeoutOption.parse(timeout);
        if (template == null && spec.commandLine().getParseResult().hasMatchedOption("--rotation")) {
            throw new IllegalArgumentException("--rotation applies to --session-template sessions; give both");
        }
        SessionTemplate sessionTemplate = template == null ? null : SessionTemplate.parse(template);
        return new Checked(schedule, expectation, timeouts, sessionTemplate, template == null ? null : router());
    }

    /**
     * The --warmup-for phase: the run's own requests at its peak rate (or its workers, closed loop) for that long,
     * nothing kept. Its requests carry numbers past any the run will use, so they rotate like the run's.
     */
    private void warmUpAtRate(ProxyClient client, long drainNanos, Sleeper parking) {
        spec.commandLine().getErr().printf(Locale.ROOT, "warming up for %s (discarded)...%n",
                Durations.format(warmupFor));
        spec.commandLine().getErr().flush();
        Function<Long, ProxyRequest> requests = n -> request(n + WARMUP_NUMBERS);
        Records discard = Records.plain();
        LoadRunner warm = closedLoop == null
                ? new OpenLoopRunner(ArrivalSchedule.constant(warmupRate(), warmupFor), requests, client::send,
                        new RunOptions(maxInFlight, 0, drainNanos), discard, r -> { }, System::nanoTime, parking)
                : new ClosedLoopRunner(warmupFor.toNanos(), requests, client::send,
                        new RunOptions(closedLoop, 0, drainNanos), discard, r -> { }, System::nanoTime, parking);
        warm.run();
    }

    /** Checks the options that do not depend on each other's values being parsed. */
    private void validate() {
        if ((template == null) != (sessions == 0)) {
            throw new IllegalArgumentException("--session-template and --sessions go together");
        }
        TrustOption.tls(ca, insecure);
        if (ioThreads < 1) {
            throw new IllegalArgumentException("--io-threads must be at least 1, got " + ioThreads);
        }
        if (maxInFlight < 0 || sessions < 0 || retries < 0) {
            throw new IllegalArgumentException("--max-in-flight, --sessions and --retries must not be negative");
        }
        if (warmupFor != null && warmupFor.isZero()) {
            throw new IllegalArgumentException("--warmup-for must be above 0; leave it out for no warm-up phase");
        }
        for (URI url : urls) {
            if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
                throw new IllegalArgumentException("--url " + url + " is not http:// or https://");
            }
        }
    }

    /** The run's client; {@code template} and {@code router} are both null without sessions. */
    private ProxyClient client(Timeouts timeouts, SessionTemplate template, SessionRouter router) {
        TlsSettings tls = TrustOption.tls(ca, insecure);
        ProxyClient.Builder builder = ProxyClient.builder().proxy(proxy)
                .tls(http11 ? tls.withAlpn(TlsSettings.HTTP11_ONLY) : tls)
                .ioThreads(ioThreads)
                .timeouts(timeouts)
                .limits(new PoolLimits(4096, 4096, 65536, keepAlive, null, 0, timeouts.request()));
        if (template != null) {
            builder.sessions(template, router);
        }
        if (proxyHttp2) {
            builder.proxyProtocol(ProxyProtocol.H2_PREFERRED);
        }
        if (proxyMaxStreams != null) {
            builder.maxStreamsPerProxyConnection(proxyMaxStreams);
        }
        return builder.build();
    }

    /**
     * Checks {@code --proxy-http2} and {@code --proxy-max-streams}: HTTP/2 is negotiated by TLS ALPN, so every proxy
     * must be {@code https://}; it carries CONNECT tunnels, so every target {@code https://}.
     */
    private void checkProxyHttp2() {
        if (proxyMaxStreams != null && !proxyHttp2) {
            throw new IllegalArgumentException("--proxy-max-streams applies to --proxy-http2; give both");
        }
        if (proxyMaxStreams != null && proxyMaxStreams < 1) {
            throw new IllegalArgumentException("--proxy-max-streams " + proxyMaxStreams + " must be at least 1");
        }
        if (!proxyHttp2) {
            return;
        }
        if (proxy == null && proxies.isEmpty()) {
            throw new IllegalArgumentException("--proxy-http2 needs an https:// proxy: give --proxy https://HOST:PORT"
                    + " (or a --proxy-file of https:// proxies), or leave --proxy-http2 out");
        }
        for (ProxySpec p : proxy != null ? List.of(proxy) : proxies) {
            if (p.scheme() != ProxyScheme.HTTPS) {
                throw new IllegalArgumentException("--proxy-http2 needs https:// proxies (HTTP/2 is negotiated by"
                        + " TLS ALPN), but " + (proxy != null ? "--proxy is " : "--proxy-file " + proxyFile
                        + " has ") + p + ": use the proxy's https:// endpoint, or leave --proxy-http2 out");
            }
        }
        for (URI url : urls) {
            if (!"https".equals(url.getScheme())) {
                throw new IllegalArgumentException("--proxy-http2 carries CONNECT tunnels, so https:// targets only;"
                        + " --url " + url + " would be forwarded over HTTP/1.1: use https:// URLs, or leave"
                        + " --proxy-http2 out");
            }
        }
    }

    /**
     * The highest arrival rate of this process's schedule, requests per second (a burst counts as arriving at once):
     * the global schedule's times the shard's share.
     */
    private double peakRate() {
        double share = shards.share();
        if (burst != null) {
            return share * burst / IN_FLIGHT_SECONDS;
        }
        if (ramp != null) {
            return share * ArrivalSchedule.parseStages(ramp).stream().mapToDouble(Stage::ratePerSec).max().orElse(0);
        }
        return share * rate;
    }

    /** The rate --warmup-for sends at: the highest stage's, or the bursts' average. */
    private double warmupRate() {
        return burst != null ? shards.share() * burst * 1e9 / every.toNanos() : peakRate();
    }

    /** Request {@code n} of the run; built on the scheduling thread, so from parts made before the run. */
    private ProxyRequest request(long n) {
        ProxyRequest r = targets.get((int) (n % targets.size()));
        if (!proxies.isEmpty()) {
            r = r.withProxy(proxies.get((int) (n % proxies.size())));
        }
        return sessions == 0 ? r : r.withSessionKey(sessionKeys.get((int) (n % sessions)));
    }

    private static String key(long session) {
        return "s" + session;
    }

    private void checkClosedLoop() {
        if (closedLoop < 1) {
            throw new IllegalArgumentException("--closed-loop " + closedLoop + " needs at least 1 worker");
        }
        if (duration == null) {
            throw new IllegalArgumentException("--closed-loop needs --duration");
        }
        if (rate != null || ramp != null || burst != null || poisson || maxInFlight != 0) {
            throw new IllegalArgumentException("--closed-loop replaces --rate, --ramp, --burst, --poisson and"
                    + " --max-in-flight (its workers are its concurrency)");
        }
    }

    private ArrivalSchedule schedule() {
        return shards.of(globalSchedule());
    }

    /** The whole run's schedule, of which a shard fires its segment. */
    private ArrivalSchedule globalSchedule() {
        if (burst != null) {
            if (every == null || duration == null || rate != null || ramp != null || poisson) {
                throw new IllegalArgumentException("--burst goes with --every and --duration only");
            }
            return ArrivalSchedule.bursts(burst, every, duration);
        }
        if (ramp != null) {
            if (rate != null || duration != null || poisson) {
                throw new IllegalArgumentException("--ramp replaces --rate, --duration and --poisson");
            }
            return ArrivalSchedule.stages(ArrivalSchedule.parseStages(ramp));
        }
        if (rate == null || duration == null) {
            throw new IllegalArgumentException("give --rate and --duration, or --ramp");
        }
        if (!(rate > 0)) {
            throw new IllegalArgumentException("--rate " + rate + " must be above 0");
        }
        return poisson ? ArrivalSchedule.poisson(rate, duration, seed) : ArrivalSchedule.constant(rate, duration);
    }

    /** The schedule's length (or the closed loop's), for the time left on the progress line. */
    private Duration plannedDuration() {
        return ramp == null ? duration
                : ArrivalSchedule.parseStages(ramp).stream().map(Stage::duration).reduce(Duration.ZERO, Duration::plus);
    }

    private SessionRouter router() {
        if (rotation.equals("per-request")) {
            return SessionRouter.perRequest();
        }
        if (rotation.equals("sticky")) {
            return SessionRouter.stickyPerKey();
        }
        if (rotation.startsWith("window:")) {
            try {
                return SessionRouter.stickyPerWindow(Durations.parse(rotation.substring(7)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--rotation " + rotation + ": " + e.getMessage(), e);
            }
        }
        throw new IllegalArgumentException("--rotation " + rotation + " is not per-request, sticky or window:DURATION");
    }
}
