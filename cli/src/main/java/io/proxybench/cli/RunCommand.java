package io.proxybench.cli;

import io.proxybench.harness.plan.ProxyFile;
import io.proxybench.analysis.Expect;
import io.proxybench.analysis.diagnosis.EarlyFailures;
import io.proxybench.analysis.diagnosis.SetupContext;
import io.proxybench.analysis.report.ReportJson;
import io.proxybench.analysis.threshold.Thresholds;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.RedirectPolicy;
import io.proxybench.client.Timeouts;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.harness.Durations;
import io.proxybench.harness.engine.OpenFiles;
import io.proxybench.harness.files.DefaultRecordsFile;
import io.proxybench.harness.engine.RunResult;
import io.proxybench.harness.engine.RecordedRun;
import io.proxybench.harness.metrics.MetricsEndpoint;
import io.proxybench.harness.metrics.RunMetrics;
import io.proxybench.harness.plan.RunPlan;
import io.proxybench.harness.schedule.ArrivalSchedule;
import io.proxybench.harness.schedule.Stage;
import io.proxybench.harness.summary.RunSummary;
import io.proxybench.net.Transport;
import io.proxybench.records.HdrLog;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
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

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--url", paramLabel = "URL", description = "Target URL; repeat to rotate over several.")
    List<URI> urls;

    @CommandLine.Mixin
    RequestOptions requestOptions = new RequestOptions();

    @Option(names = "--proxy", paramLabel = "URL", converter = ProxyUrlConverter.class,
            description = "Proxy URL, e.g. http://user:pass@127.0.0.1:3128 (default: direct).")
    ProxySpec proxy;

    @CommandLine.Mixin
    SessionOptions sessionOptions = new SessionOptions();

    @Option(names = "--sessions", paramLabel = "N", defaultValue = "0",
            description = "Sticky sessions requests rotate over, request n on session n mod N (with --provider or"
                    + " --session-template). Without it, requests go out on the proxy's rotating form and the client"
                    + " keeps and reuses its tunnels, so a gateway that rotates per tunnel changes exit per tunnel, not"
                    + " per request.")
    int sessions;

    @Option(names = "--rotation", paramLabel = "POLICY",
            description = {"With --sessions N: sticky (default; each session keeps its exit for its lifetime) or"
                    + " window:DURATION (each session gets a new id every DURATION).",
                "Without --sessions: per-request, a new tunnel for every request (a new exit from a rotating gateway,"
                    + " at a full handshake each; with --provider or --session-template, a new session id each too)."})
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

    @Option(names = "--warmup", paramLabel = "WHAT", defaultValue = "auto",
            description = "What goes out before the schedule, left out of the records, counters and figures, so that"
                    + " the client's connections and JIT are warm when it starts: auto (default: one request per"
                    + " session, then the run's requests at its peak rate for 1 s per 200 req/s of the peak, from"
                    + " 0.5 s to 5 s; with --closed-loop the request per session only), sessions (the request per"
                    + " session only), a DURATION (the request per session, then that long at the peak rate), or"
                    + " none: nothing unrecorded, so the proxy's own counters match the records.")
    String warmup;

    /** Before {@code --warmup} took a value: {@code --warmup none}. */
    @Option(names = "--no-warmup", hidden = true)
    boolean noWarmup;

    /** Before {@code --warmup} took a value: {@code --warmup DURATION} ({@code 0}: {@code --warmup sessions}). */
    @Option(names = "--warmup-for", hidden = true, paramLabel = "DURATION")
    Duration warmupFor;

    @Option(names = "--poisson", description = "Poisson arrivals at --rate instead of evenly spaced ones.")
    boolean poisson;

    @CommandLine.Mixin
    ShardOptions shards;

    @Option(names = "--seed", defaultValue = "1", description = "Seed for Poisson arrivals and --url-order random.")
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

    @Option(names = "--keep-alive", paramLabel = "DURATION",
            description = "How long an idle connection stays open for reuse; 0s closes each after its request"
                    + " (default: 60s).")
    Duration keepAlive;

    /** How long an idle connection stays open unless {@code --keep-alive} says otherwise. */
    static final Duration DEFAULT_KEEP_ALIVE = Duration.ofSeconds(60);

    @Option(names = "--keep-going",
            description = "Run the whole schedule even when the first " + EarlyFailures.FIRST + " requests all fail"
                    + " in setup for one reason (a wrong password, nothing listening, an untrusted certificate);"
                    + " without it the run stops there with a diagnosis and exit code "
                    + RunPlan.SETUP_FAILED_EXIT_CODE + ".")
    boolean keepGoing;

    @Option(names = "--timeout", paramLabel = "TIMEOUTS", defaultValue = "30s",
            description = "Per-phase timeouts: one for all phases (default: ${DEFAULT-VALUE}), or e.g."
                    + " 10s,request=30s or tcp=3s,tunnel=5s,tls=5s,request=20s. request is the response's: its head"
                    + " and each wait between body bytes (head=, idle= set them apart); call= bounds a whole request,"
                    + " by default the setup phases plus head.")
    String timeout;

    @Option(names = {"-L", "--location"},
            description = "Follow redirects (301, 302, 303, 307, 308) as browsers do, on the request's session (the"
                    + " same exit). Each redirect followed gets a record of its own (hop, location), written before"
                    + " its request's, whose timings and bytes are the last hop's. Without it a 3xx is the request's"
                    + " answer.")
    boolean followRedirects;

    @Option(names = "--max-redirects", paramLabel = "N",
            description = "With -L, redirects followed at most per request; one more fails it as"
                    + " request_TooManyRedirects (default: 20).")
    Integer maxRedirects;

    @Option(names = "--no-cookies",
            description = "Keep no cookies. By default each session key keeps its own jar, as k6 keeps one per"
                    + " virtual user: a cookie set through one session (exit) never goes out through another.")
    boolean noCookies;

    @Option(names = "--disable-compression",
            description = "Send no Accept-Encoding of the client's and decode nothing (as hey's and oha's). By"
                    + " default requests ask for gzip, deflate, br and zstd and bodies are decoded; bytes per request"
                    + " count the wire bytes either way.")
    boolean disableCompression;

    @Option(names = "--ca", paramLabel = "FILE", description = "Trust only this CA file (e.g. the lab's).")
    Path ca;

    @Option(names = "--insecure", description = "No certificate checks (benchmarks against self-signed targets).")
    boolean insecure;

    @Option(names = "--out", paramLabel = "FILE",
            description = "Records (JSONL; .gz for gzip'd). An existing FILE is replaced. Default: results.jsonl in the"
                    + " current directory, or results-2.jsonl, results-3.jsonl, ... when that one is taken: a run never"
                    + " replaces a file it was not told to.")
    Path out;

    /** What the summary says of the records file: that it took a free name, or replaced a file; null when neither. */
    private String outNote;

    /** Whether {@link #out} is a default name this run created, empty, to hold it. */
    private boolean reservedOut;

    @Option(names = "--hdr-log", paramLabel = "FILE",
            description = "HdrHistogram interval log per phase, in microseconds (default: the --out file + .hlog).")
    Path hdrLog;

    @Option(names = "--no-records",
            description = "Write no records file and no interval log (with --no-progress too, the run prints only"
                    + " its summary, as wrk and hey do): for a throughput or CPU comparison. analyze, doctor, merge"
                    + " and compare read records; a run without them cannot be looked at again.")
    boolean noRecords;

    @Option(names = "--json", description = "Print the summary as JSON.")
    boolean json;

    @Option(names = "--no-progress", description = "No live progress line on stderr.")
    boolean noProgress;

    @CommandLine.Mixin
    MetricsOptions metricsOptions;

    @CommandLine.Mixin
    ThresholdOptions thresholdOptions = new ThresholdOptions();

    @Option(names = "--abort-on-fail",
            description = "Stop the run as soon as a --fail-if condition holds (checked every second once "
                    + RunPlan.ABORT_MIN_RECORDS + " records are in), as Ctrl-C would, instead of at its end.")
    boolean abortOnFail;

    /** Proxies from --proxy-file, requests rotating over them; empty without the option. */
    private List<ProxySpec> proxies = List.of();

    /**
     * What the run is built from, read from the options and checked.
     *
     * @param schedule the arrivals this process fires; null for a closed loop
     * @param sessionTemplate null without sessions, as is {@code router}
     */
    record Checked(ArrivalSchedule schedule, Expect expectation, Timeouts timeouts, SessionTemplate sessionTemplate,
            SessionRouter router, Thresholds thresholds) {}

    @Override
    public Integer call() throws Exception {
        Checked checked = check();
        RunResult result;
        PrintWriter err = spec.commandLine().getErr();
        try {
            OpenFiles.check(closedLoop != null ? closedLoop
                    : maxInFlight > 0 ? maxInFlight : (long) Math.ceil(peakRate() * IN_FLIGHT_SECONDS));
            result = execute(checked, !noProgress, err);
        } catch (Exception | Error e) {
            // A run refused before it wrote a record leaves no empty default file behind.
            if (reservedOut && Files.exists(out) && Files.size(out) == 0) {
                Files.delete(out);
            }
            throw e;
        }
        RunSummary summary = result.summary();
        PrintWriter o = spec.commandLine().getOut();
        Map<String, String> files = new LinkedHashMap<>();
        if (!noRecords) {
            files.put("records_file", out.toString());
            files.put("interval_log", intervalLog().toString());
            if (outNote != null) {
                files.put("records_file_note", outNote);
            }
        }
        o.print(json ? ReportJson.write(summary, files) + "\n" : summary.text() + (noRecords
                ? "records: none (--no-records)\n" : "records: " + out + (outNote == null ? "" : " (" + outNote + ")")
                        + "\ninterval log: " + intervalLog() + "\n"));
        o.flush();
        return result.exitCode();
    }

    /**
     * Runs the plan of these options into its records file and interval log (and metrics endpoint), Ctrl-C and
     * SIGTERM stopping it without losing it; {@code alternate} runs each window this way.
     *
     * @param checked the options, checked by {@link #check()}
     * @param progress whether a progress line goes to {@code err}
     */
    RunResult execute(Checked checked, boolean progress, PrintWriter err) throws Exception {
        Path intervalLog = noRecords ? null : intervalLog();
        if (!noRecords) {
            if (Files.exists(out) && !reservedOut) {
                outNote = "replaced the earlier " + out;
            }
            // Gone before anything can refuse, so that a shard that did not run leaves no earlier run's files behind;
            // a default name this run holds stays, empty, so that no other run takes it meanwhile.
            if (!reservedOut) {
                Files.deleteIfExists(out);
            }
            Files.deleteIfExists(intervalLog);
        }
        shards.checkStart(warmupLength());
        RunMetrics metrics = metricsOptions.enabled() ? new RunMetrics(shards.text()) : null;
        // The endpoint closes last, so that it says finished only once the records file (if any) is closed.
        try (MetricsEndpoint endpoint = metricsOptions.start(metrics, err)) {
            return RecordedRun.run(plan(checked), new RecordedRun.Outputs(noRecords ? null : out, intervalLog,
                    shards.logComments(), progress ? err : null, metrics), err);
        }
    }

    /**
     * Runs these options, checked once already, as one of {@code alternate}'s windows: for {@code runFor} after its
     * warm-up, its records into {@code file}, no progress line. {@link #check()} runs again for each window; it may,
     * because the options whose checking keeps state (a default records file taken, shards, metrics, the interval
     * log's name) are {@code alternate}'s to set and so were never given here.
     */
    RunResult window(Duration runFor, Path file, PrintWriter err) throws Exception {
        if (reservedOut || hdrLog != null || shards.text() != null || metricsOptions.enabled()) {
            throw new IllegalStateException("a window's run was given an option alternate sets itself");
        }
        duration = runFor;
        out = file;
        outNote = null;
        return execute(check(), false, err);
    }

    private Path intervalLog() {
        return hdrLog != null ? hdrLog : HdrLog.besides(out);
    }

    /** Where the run's requests go and where the proxy and its credentials were given, for a diagnosis. */
    private SetupContext setup() {
        ProxySpec first = proxy != null ? proxy : proxies.isEmpty() ? null : proxies.get(0);
        return new SetupContext(first == null ? null : first.scheme().text() + "://" + first.host() + ":"
                + first.port(), first != null && first.credentials() != null,
                proxy != null ? "--proxy" : "--proxy-file " + proxyFile, RunPlan.origin(urls.get(0)));
    }

    /** The run these options describe, checked by {@link #check()}. */
    RunPlan plan(Checked checked) {
        RunPlan.Builder plan = RunPlan.builder()
                .targets(requestOptions.requests(urls))
                .proxies(proxies)
                .sessionKeys(sessions > 0 ? IntStream.range(0, sessions).mapToObj(RunCommand::key).toList()
                        : checked.router() != null ? List.of(PER_REQUEST_KEY) : List.of())
                .client(client(checked.timeouts(), checked.sessionTemplate(), checked.router()))
                .timeouts(checked.timeouts())
                .maxInFlight(maxInFlight)
                .retries(retries)
                .warmUpSessions(warmUp().sessions() && sessions > 0)
                .expect(checked.expectation())
                .keepBody(keepBody)
                .segment(shards.text())
                .startAt(shards.start())
                .thresholds(checked.thresholds(), abortOnFail)
                .setup(setup())
                .keepGoing(keepGoing);
        if (closedLoop == null) {
            plan.schedule(checked.schedule(), plannedDuration());
        } else {
            plan.closedLoop(closedLoop, duration);
        }
        if (requestOptions.random()) {
            plan.randomTargets(seed);
        }
        Duration length = warmUp().length();
        if (length == null && closedLoop == null) {
            plan.warmUpByDefault(warmupRate());
        } else if (length != null) {
            // A closed loop warms up with its own workers; a rate is a schedule's.
            plan.warmUpFor(length, closedLoop == null ? warmupRate() : 0);
        }
        return plan.build();
    }

    /**
     * Reads and checks every option, writing nothing and dialling nothing: a mistake fails here, before the run opens
     * its records file or a connection (and before {@code alternate}'s first window).
     *
     * @throws IllegalArgumentException naming the option at fault and the fix
     */
    Checked check() {
        if (rotation != null && !rotation.equals("per-request") && !rotation.equals("sticky")
                && !rotation.startsWith("window:")) {
            throw new IllegalArgumentException("--rotation " + rotation + " is not a policy: give sticky or"
                    + " window:DURATION (with --sessions N), or per-request (without --sessions)");
        }
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
        if (maxRedirects != null && !followRedirects) {
            throw new IllegalArgumentException("--max-redirects applies to -L (follow redirects); give both, or"
                    + " neither to take each 3xx as the answer");
        }
        if (maxRedirects != null && maxRedirects < 1) {
            throw new IllegalArgumentException("--max-redirects " + maxRedirects + ": give 1 or more (without -L no"
                    + " redirect is followed)");
        }
        Timeouts timeouts = TimeoutOption.parse(timeout);
        SessionRouter router = checkRotation();
        SessionTemplate sessionTemplate = sessionOptions.templateOrNull();
        if (sessionTemplate != null && proxy == null && proxyFile == null) {
            throw new IllegalArgumentException("--provider, --session-template and the session options write into"
                    + " proxy credentials; give --proxy or --proxy-file too");
        }
        if (sessionTemplate != null && (proxy != null ? List.of(proxy) : proxies).stream()
                .anyMatch(p -> p.credentials() == null)) {
            throw new IllegalArgumentException(SessionOptions.NO_ACCOUNT);
        }
        checkNoRecords();
        Thresholds thresholds = thresholdOptions.thresholds();
        if (abortOnFail && thresholds.isEmpty()) {
            throw new IllegalArgumentException("--abort-on-fail applies to --fail-if; give a condition to stop on");
        }
        if (out == null && !noRecords) {
            DefaultRecordsFile taken = DefaultRecordsFile.take();
            out = taken.file();
            outNote = taken.note();
            reservedOut = true;
        }
        return new Checked(schedule, expectation, timeouts, sessionTemplate, router, thresholds);
    }

    /**
     * Reads {@code --rotation} against {@code --sessions}: with sessions, sticky (the default) or window:DURATION;
     * without, per-request (a tunnel per request) or nothing.
     *
     * @return the sessions' router; null without sessions
     */
    private SessionRouter checkRotation() {
        if (sessions == 0) {
            if (rotation != null && !rotation.equals("per-request")) {
                throw new IllegalArgumentException("--rotation " + rotation + " rotates sticky sessions: give"
                        + " --sessions N too (with --provider or --session-template), or --rotation per-request for a"
                        + " new tunnel on every request");
            }
            if ("per-request".equals(rotation) && keepAlive != null && !keepAlive.isZero()) {
                throw new IllegalArgumentException("--rotation per-request opens a tunnel for every request and"
                        + " keeps none, so --keep-alive " + Durations.format(keepAlive) + " does not apply: leave one"
                        + " of them out");
            }
            // With --provider or --session-template, each request's tunnel also gets a session id of its own.
            return "per-request".equals(rotation) && sessionOptions.templateOrNull() != null
                    ? SessionRouter.perRequest() : null;
        }
        if ("per-request".equals(rotation)) {
            throw new IllegalArgumentException("--rotation per-request with --sessions " + sessions + ": per-request"
                    + " gives every request a tunnel (and exit) of its own, so there are no sessions to rotate over;"
                    + " leave out --sessions for that, or keep --sessions " + sessions + " with --rotation sticky (each"
                    + " session keeps its exit) or window:DURATION (each gets a new exit every DURATION)");
        }
        if (rotation == null || rotation.equals("sticky")) {
            return SessionRouter.stickyPerKey();
        }
        try {
            return SessionRouter.stickyPerWindow(Durations.parse(rotation.substring("window:".length())));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--rotation " + rotation + ": " + e.getMessage(), e);
        }
    }

    /** {@code --no-records} with an option that writes into the records or files it leaves out: refused. */
    private void checkNoRecords() {
        if (!noRecords) {
            return;
        }
        for (String option : List.of("--out", "--hdr-log", "--keep-body")) {
            if (spec.commandLine().getParseResult().hasMatchedOption(option)) {
                throw new IllegalArgumentException("--no-records writes no records file and no interval log, and "
                        + option + " is about them: leave " + option + " out, or --no-records");
            }
        }
        if (shards.text() != null) {
            throw new IllegalArgumentException("--no-records and --shard exclude each other: merge joins the shards'"
                    + " records into one run; leave --no-records out");
        }
    }

    /** Checks the options that do not depend on each other's values being parsed. */
    private void validate() {
        urls = requestOptions.urls(urls);
        requestOptions.requests(urls);
        requestOptions.random();
        if (sessions > 0 && sessionOptions.provider == null && sessionOptions.template == null) {
            throw new IllegalArgumentException("--sessions needs --provider NAME or --session-template TEMPLATE:"
                    + " how the session ids are written into the proxy credentials");
        }
        if (sessions == 0 && sessionOptions.template != null && !"per-request".equals(rotation)) {
            throw new IllegalArgumentException("--session-template writes session ids; give --sessions N too, or"
                    + " --rotation per-request for a session of its own on every request");
        }
        TrustOption.tls(ca, insecure);
        if (ioThreads < 1) {
            throw new IllegalArgumentException("--io-threads must be at least 1, got " + ioThreads);
        }
        if (maxInFlight < 0 || sessions < 0 || retries < 0) {
            throw new IllegalArgumentException("--max-in-flight, --sessions and --retries must not be negative");
        }
        warmUp();
        for (URI url : urls) {
            if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
                throw new IllegalArgumentException("--url " + url + " is not http:// or https://");
            }
        }
    }

    /** The run's client settings; {@code template} and {@code router} are both null without sessions. */
    private ProxyClient.Builder client(Timeouts timeouts, SessionTemplate template, SessionRouter router) {
        TlsSettings tls = TrustOption.tls(ca, insecure);
        Duration idle = "per-request".equals(rotation) ? Duration.ZERO
                : keepAlive != null ? keepAlive : DEFAULT_KEEP_ALIVE;
        ProxyClient.Builder builder = RunPlan.client(idle, timeouts).proxy(proxy)
                .tls(http11 ? tls.withAlpn(TlsSettings.HTTP11_ONLY) : tls)
                .ioThreads(ioThreads);
        if (template != null) {
            builder.sessions(template, router);
        }
        if (proxyHttp2) {
            builder.proxyProtocol(ProxyProtocol.H2_PREFERRED);
        }
        if (proxyMaxStreams != null) {
            builder.maxStreamsPerProxyConnection(proxyMaxStreams);
        }
        if (followRedirects) {
            builder.redirects(maxRedirects == null ? RedirectPolicy.normal()
                    : RedirectPolicy.normal().withMaxHops(maxRedirects));
        }
        if (noCookies) {
            builder.cookies(null);
        }
        if (disableCompression) {
            builder.decompression(false);
        }
        return builder;
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

    /** The warm-up asked for, see {@link WarmUpOption#asked}. */
    WarmUpOption warmUp() {
        return WarmUpOption.asked(warmup, noWarmup, warmupFor);
    }

    /** How long the warm-up at the peak rate lasts: the one asked for, else the open loop's default, else none. */
    Duration warmupLength() {
        Duration length = warmUp().length();
        if (length != null) {
            return length;
        }
        return closedLoop == null ? RunPlan.defaultWarmUp(warmupRate()) : Duration.ZERO;
    }

    /** The rate the warm-up sends at: the highest stage's, or the bursts' average. */
    private double warmupRate() {
        return burst != null ? shards.share() * burst * 1e9 / every.toNanos() : peakRate();
    }

    /** The one key of {@code --rotation per-request} with a session template: each request gets a new session id. */
    private static final String PER_REQUEST_KEY = "per-request";

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
}
