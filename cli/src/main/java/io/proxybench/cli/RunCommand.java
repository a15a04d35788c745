package io.proxybench.cli;

import io.proxybench.analysis.diagnosis.EarlyFailures;
import io.proxybench.analysis.report.ReportJson;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.harness.engine.OpenFiles;
import io.proxybench.harness.engine.RecordedRun;
import io.proxybench.harness.engine.RunResult;
import io.proxybench.harness.files.DefaultRecordsFile;
import io.proxybench.harness.metrics.MetricsEndpoint;
import io.proxybench.harness.metrics.RunMetrics;
import io.proxybench.harness.plan.CheckedRun;
import io.proxybench.harness.plan.RunPlan;
import io.proxybench.harness.plan.RunSettings;
import io.proxybench.harness.plan.WarmUp;
import io.proxybench.harness.schedule.ExecutionSegment;
import io.proxybench.harness.summary.RunSummary;
import io.proxybench.net.Transport;
import io.proxybench.records.HdrLog;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
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

    @Override
    public Integer call() throws Exception {
        CheckedRun checked = check();
        RunResult result;
        PrintWriter err = spec.commandLine().getErr();
        try {
            OpenFiles.check(checked.inFlightToPlanFor());
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
    RunResult execute(CheckedRun checked, boolean progress, PrintWriter err) throws Exception {
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
        checked.shard().checkStart(checked.warmUpLength(), Instant.now());
        RunMetrics metrics = checked.metrics().enabled() ? new RunMetrics(checked.shard().text()) : null;
        // The endpoint closes last, so that it says finished only once the records file (if any) is closed.
        try (MetricsEndpoint endpoint = checked.metrics().start(metrics, err)) {
            return RecordedRun.run(checked.plan(), new RecordedRun.Outputs(noRecords ? null : out, intervalLog,
                    checked.shard().logComments(), progress ? err : null, metrics), err);
        }
    }

    /**
     * Runs these options, checked once already, as one of {@code alternate}'s windows: for {@code runFor} after its
     * warm-up, its records into {@code file}, no progress line. {@link #check()} runs again for each window; it may,
     * because the options whose checking keeps state (a default records file taken, shards, metrics, the interval
     * log's name) are {@code alternate}'s to set and so were never given here.
     */
    RunResult window(Duration runFor, Path file, PrintWriter err) throws Exception {
        if (reservedOut || hdrLog != null || shards.settings().splits() || metricsOptions.port != null) {
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

    /**
     * Reads and checks every option ({@link RunSettings#check}), writing nothing and dialling nothing: a mistake
     * fails here, before the run opens its records file or a connection (and before {@code alternate}'s first
     * window). Without --out or --no-records, it then takes the default records file's name.
     *
     * @throws IllegalArgumentException naming the option at fault and the fix
     */
    CheckedRun check() {
        CheckedRun checked = settings().check();
        if (out == null && !noRecords) {
            DefaultRecordsFile taken = DefaultRecordsFile.take();
            out = taken.file();
            outNote = taken.note();
            reservedOut = true;
        }
        return checked;
    }

    /** The options as given, the parts only a command line reads (URLs, trust, timeouts) as its readers. */
    private RunSettings settings() {
        CommandLine.ParseResult given = spec.commandLine().getParseResult();
        return new RunSettings()
                .rate(rate)
                .duration(duration)
                .ramp(ramp)
                .burst(burst)
                .every(every)
                .poisson(poisson)
                .seed(seed)
                .closedLoop(closedLoop)
                .maxInFlight(maxInFlight)
                .shards(shards.settings())
                .metrics(metricsOptions.settings(given))
                .targets(() -> requestOptions.urls(urls), requestOptions::requests)
                .urlOrder(requestOptions.urlOrder)
                .proxy(proxy)
                .proxyFile(proxyFile)
                .proxyHttp2(proxyHttp2)
                .proxyMaxStreams(proxyMaxStreams)
                .sessions(sessions)
                .rotation(rotation)
                .sessionTemplate(sessionOptions.given())
                .tls(() -> TrustOption.tls(ca, insecure))
                .ioThreads(ioThreads)
                .http11(http11)
                .keepAlive(keepAlive)
                .timeouts(() -> TimeoutOption.parse(timeout))
                .redirects(followRedirects, maxRedirects)
                .noCookies(noCookies)
                .disableCompression(disableCompression)
                .warmUp(warmup, noWarmup, warmupFor)
                .retries(retries)
                .expect(expect, expectJson)
                .keepBody(keepBody)
                .keepGoing(keepGoing)
                .failIf(thresholdOptions.conditions, abortOnFail)
                .noRecords(noRecords)
                .given(given::hasMatchedOption);
    }

    /** The warm-up asked for, see {@link WarmUp#asked}. */
    WarmUp warmUp() {
        return settings().warmUp();
    }

    /** How long the warm-up at the peak rate lasts before a whole schedule (as {@code alternate}'s windows run). */
    Duration warmupLength() {
        return settings().warmUpLength(ExecutionSegment.WHOLE.share());
    }
}
