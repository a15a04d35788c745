package io.proxybench.cli;

import io.proxybench.analysis.asn.Ip2Asn;
import io.proxybench.analysis.compare.ColumnFigures;
import io.proxybench.analysis.compare.CompareSection;
import io.proxybench.analysis.compare.ComparedRun;
import io.proxybench.analysis.compare.Comparison;
import io.proxybench.analysis.doctor.DoctorReport;
import io.proxybench.analysis.doctor.DoctorTable;
import io.proxybench.analysis.read.FileReading;
import io.proxybench.analysis.report.ReportJson;
import io.proxybench.analysis.report.RunCharts;
import io.proxybench.analysis.report.html.Bar;
import io.proxybench.analysis.report.html.BarChart;
import io.proxybench.analysis.report.html.HtmlReport;
import io.proxybench.analysis.report.html.LineChart;
import io.proxybench.analysis.report.html.Section;
import io.proxybench.analysis.report.html.Series;
import io.proxybench.audit.ClientsResult;
import io.proxybench.audit.ClientsTable;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.Timeouts;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.bytes.BytesPerRequest;
import io.proxybench.experiments.bytes.BytesResult;
import io.proxybench.experiments.bytes.BytesRow;
import io.proxybench.experiments.bytes.BytesTable;
import io.proxybench.experiments.fingerprint.FingerprintResult;
import io.proxybench.experiments.fingerprint.FingerprintTable;
import io.proxybench.experiments.h2gateway.H2GatewayResult;
import io.proxybench.experiments.h2gateway.H2GatewayTable;
import io.proxybench.experiments.keepalive.KeepAliveResult;
import io.proxybench.experiments.keepalive.KeepAliveRow;
import io.proxybench.experiments.keepalive.KeepAliveTable;
import io.proxybench.experiments.owners.OwnersExperiment;
import io.proxybench.experiments.owners.OwnersResult;
import io.proxybench.experiments.owners.OwnersRow;
import io.proxybench.experiments.owners.OwnersTable;
import io.proxybench.experiments.ramp.RampExperiment;
import io.proxybench.experiments.ramp.RampResult;
import io.proxybench.experiments.ramp.RampTable;
import io.proxybench.experiments.ramp.RampThresholds;
import io.proxybench.experiments.reuse.ReuseRow;
import io.proxybench.experiments.reuse.ReuseTable;
import io.proxybench.experiments.sessions.SessionsResult;
import io.proxybench.experiments.sessions.SessionsTable;
import io.proxybench.experiments.sizepool.SizePoolResult;
import io.proxybench.experiments.sizepool.SizePoolTable;
import io.proxybench.harness.Durations;
import io.proxybench.harness.engine.RunResult;
import io.proxybench.harness.engine.Runner;
import io.proxybench.harness.plan.RunPlan;
import io.proxybench.harness.schedule.ArrivalSchedule;
import io.proxybench.harness.schedule.Stage;
import io.proxybench.harness.sinks.HdrLogSink;
import io.proxybench.harness.sinks.JsonlSink;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.exits.Exit;
import io.proxybench.lab.exits.Ip2AsnTable;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code proxybench demo}: every experiment on the embedded lab at sizes that finish in about two and a half minutes
 * on two cores, each table printed as it completes, and an HTML report with the tables and plots. Everything in the
 * report comes from this run: an open-loop run's records and each experiment's result.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Run every experiment on the embedded lab and write an HTML report with plots.",
            "About two and a half minutes on two cores; each table is printed as it is measured, and the report needs"
                    + " no network to view."})
final class DemoCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "proxybench-report",
            description = "Where the report goes: index.html, results.json and the run's records"
                    + " (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--run-for", paramLabel = "DURATION", defaultValue = "15s",
            description = "How long the open-loop run lasts (default: ${DEFAULT-VALUE}).")
    Duration runFor;

    @Option(names = "--json", description = "Print every step's result as one JSON object instead of the tables.")
    boolean json;

    /** The open-loop run's records file, for the doctor step. */
    private Path runFile;

    /** A step of the demo, run in order. */
    private record Step(String name, String what, Callable<DemoStep> run) {}

    @Override
    public Integer call() throws Exception {
        if (runFor.toNanos() % 1_000_000_000L != 0 || runFor.toSeconds() < 3 || runFor.toSeconds() > 600) {
            throw new IllegalArgumentException("--run-for " + Durations.format(runFor) + " must be whole seconds from 3s"
                    + " to 10m (the run is three stages of whole seconds)");
        }
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new IllegalArgumentException("--out " + out + " is a file; give a directory for the report");
        }
        Files.createDirectories(out);
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<Step> steps = List.of(
                new Step("run", "open-loop run through 100 sessions renewed every 5 s, for " + runFor.toSeconds() + " s",
                        this::run),
                new Step("reuse", "seed 000's reuse table, 8 configurations x 200 requests", DemoCommand::reuse),
                new Step("owners", "seed 001's HTTP forward vs SOCKS5 lanes at concurrency 1-64, 150 ms RTT",
                        DemoCommand::owners),
                new Step("keepalive", "seed 001's cold share exp(-T/gap), measured with Poisson arrivals",
                        DemoCommand::keepAlive),
                new Step("sessions", "seed 002's rotation vs sticky sessions, and one session under a burst",
                        DemoCommand::sessions),
                new Step("size-pool", "seed 002's per-IP token bucket against pool sizes, checked live on /limited",
                        DemoCommand::sizePool),
                new Step("bytes", "seed 002's wire bytes per request, new vs reused tunnel, per key exchange",
                        DemoCommand::bytes),
                new Step("h2-gateway", "seed 002's HTTP/1.1 vs HTTP/2 to the proxy, a new tunnel per request",
                        DemoCommand::h2Gateway),
                new Step("clients", "seed 002's client table for Java: five clients at defaults and raised, and"
                        + " two sessions through one client", DemoCommand::clients),
                new Step("fingerprint", "seed 002's client-stack check: the client's JA4 direct and through each"
                        + " proxy mode", DemoCommand::fingerprint),
                new Step("ramp", "seed 002's plan limit confirmed by a ramp: a lab gateway allowing 25 tunnels per"
                        + " user, concurrency 10 to 40", DemoCommand::ramp),
                new Step("compare", "seed 002's provider decision: rotating and sticky runs over HTTP/1.1 and a sticky"
                        + " one over HTTP/2 to the proxy, side by side at one rate and one price per GB",
                        this::compare),
                new Step("doctor", "seed 000's leaks looked for in the open-loop run's records", this::doctor));
        Map<String, Object> results = new LinkedHashMap<>();
        List<Section> sections = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            err.printf(Locale.ROOT, "[%d/%d %3.0fs] %s: %s...%n", i + 1, steps.size(), seconds(start), step.name(),
                    step.what());
            err.flush();
            DemoStep done = heartbeat(step, err);
            results.put(done.name(), done.json());
            sections.add(done.section());
            if (!json) {
                o.printf("%n== %s ==%n%s", done.section().heading(), done.table());
                o.flush();
            }
        }
        Path report = new HtmlReport("proxybench demo", List.of("Made " + Instant.now() + " by proxybench demo on the"
                + " embedded lab, in " + Math.round(seconds(start)) + " s; every figure comes from this run.",
                "Rerun: ./proxybench demo; each table also has its own command (./proxybench help)."),
                sections).write(out);
        Files.writeString(out.resolve("results.json"), ReportJson.write(results) + "\n");
        if (json) {
            o.println(ReportJson.write(results));
        } else {
            o.printf("%nreport: %s%n", report.toAbsolutePath());
        }
        o.flush();
        err.printf(Locale.ROOT, "done in %.0f s%n", seconds(start));
        err.flush();
        return 0;
    }

    /** Runs {@code step}, saying every 10 s that it is still running, so a slow step never looks hung. */
    private static DemoStep heartbeat(Step step, PrintWriter err) throws Exception {
        long start = System.nanoTime();
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "demo-progress");
            t.setDaemon(true);
            return t;
        });
        ticker.scheduleAtFixedRate(() -> {
            err.printf(Locale.ROOT, "      %s still running (%.0f s)%n", step.name(), seconds(start));
            err.flush();
        }, 10, 10, TimeUnit.SECONDS);
        try {
            return step.run().call();
        } finally {
            ticker.shutdownNow();
        }
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }

    /**
     * {@code proxybench run} itself on a lab: a ramp through 100 sessions renewed every 5 s, so the records show
     * throughput following the schedule, handshakes (tcp, connect, tls) only where sessions change, and exits
     * spread over subnets and countries.
     */
    private DemoStep run() throws Exception {
        Path records = out.resolve("run.jsonl");
        try (Lab lab = Lab.start(LabConfig.builder().build())) {
            long third = runFor.toSeconds() / 3;
            String ramp = "50/s:" + third + "s,200/s:" + third + "s,100/s:" + (runFor.toSeconds() - 2 * third) + "s";
            List<Stage> stages = ArrivalSchedule.parseStages(ramp);
            Timeouts timeouts = TimeoutOption.parse("30s");
            RunPlan plan = RunPlan.builder()
                    .schedule(ArrivalSchedule.stages(stages), runFor)
                    .target(ProxyRequest.get(ProxyOrLab.labHttps(lab, "/cdn-cgi/trace").toString()))
                    .sessionKeys(IntStream.range(0, 100).mapToObj(i -> "s" + i).toList())
                    .client(RunPlan.client(Duration.ofSeconds(60), timeouts)
                            .proxy(ProxySpec.parse("http://lab:lab@" + lab.host() + ":" + lab.gatewayPort()))
                            .tls(TlsSettings.caFile(lab.caFile()))
                            .sessions(SessionTemplate.parse(SessionTemplate.DEFAULT_TEXT),
                                    SessionRouter.stickyPerWindow(Duration.ofSeconds(5))))
                    .timeouts(timeouts)
                    .warmUpFor(Duration.ofSeconds(2), stages.stream().mapToDouble(Stage::ratePerSec).max().orElse(1))
                    .build();
            Files.deleteIfExists(records);
            HdrLogSink intervals = new HdrLogSink(out.resolve("run.hlog"), List.of());
            RunResult result = new Runner(plan, List.of(new JsonlSink(records), intervals), line -> { }).run();
            runFile = records;
            String summary = result.summary().text() + "records: " + records + "\ninterval log: "
                    + out.resolve("run.hlog") + "\n";
            List<String> charts = new ArrayList<>();
            charts.add(RunCharts.throughput(result.statistics()).svg());
            RunCharts.phasePercentiles(intervals.series()).stream().map(LineChart::svg).forEach(charts::add);
            charts.add(RunCharts.exitsPerSubnet(result.statistics()).svg());
            charts.add(RunCharts.exitsPerCountry(result.statistics()).svg());
            // As a reader would type it against ./proxybench lab: its printed gateway, target and CA, no credentials.
            String command = "./proxybench run --proxy http://GATEWAY --url https://TARGET/cdn-cgi/trace --ca LAB_CA"
                    + " --session-template " + SessionTemplate.DEFAULT_TEXT + " --sessions 100 --rotation window:5s"
                    + " --ramp " + ramp + " --warmup 2s --out run.jsonl";
            return new DemoStep("run", summary, Map.of("records", records.toString(), "summary", summary),
                    new Section("run", "Open-loop run", List.of("Latency is measured from each request's scheduled"
                            + " start (seed 002's harness), so a slow period shows in the percentiles instead of"
                            + " slowing the schedule. The run, against a lab started with ./proxybench lab (GATEWAY,"
                            + " TARGET and LAB_CA as it prints them, credentials from PROXY_USER / PROXY_PASS): "
                            + command), summary, charts));
        }
    }

    private static DemoStep reuse() throws Exception {
        List<ReuseRow> rows = ReuseCommand.demo();
        List<Bar> bars = rows.stream().map(r -> new Bar(r.configuration(), r.created(), r.reused())).toList();
        String chart = new BarChart("reuse", "Connections created vs reused, per configuration (200 requests each)",
                "requests", List.of("on a new connection", "on a reused connection"), bars).svg();
        String table = ReuseTable.text(rows);
        return new DemoStep("reuse", table, rows, DemoStep.section("reuse", "Reuse (seed 000)",
                "Seed 000: a fresh session string per request, keep-alive 0 or a Connection: close header each cost a"
                        + " handshake per request; a sticky session with a pool of 16 and a long keep-alive opens 16."
                        + " Here with a 20 ms client-to-gateway round trip injected. Rerun: ./proxybench reuse",
                table, List.of(chart)));
    }

    private static DemoStep owners() throws Exception {
        OwnersResult result = OwnersCommand.demo();
        List<Series> perConnection = new ArrayList<>();
        List<Series> p50 = new ArrayList<>();
        for (String lane : List.of(OwnersExperiment.FORWARD, OwnersExperiment.SOCKS5)) {
            List<OwnersRow> rows = result.rows().stream().filter(r -> r.lane().equals(lane)).toList();
            double[] x = rows.stream().mapToDouble(r -> Math.log(r.concurrency()) / Math.log(2)).toArray();
            perConnection.add(new Series(lane, x, rows.stream().mapToDouble(r -> r.requestsPerConnection() == null
                    ? Double.NaN : r.requestsPerConnection()).toArray()));
            p50.add(new Series(lane, x, rows.stream().mapToDouble(r -> r.p50Ms() == null ? Double.NaN : r.p50Ms())
                    .toArray()));
        }
        String axis = "concurrency, log2 (0 = 1, 2 = 4, 4 = 16, 6 = 64)";
        List<String> charts = List.of(
                new LineChart("owners-reuse", "Requests per connection at the target", axis, "requests / connection",
                        perConnection).svg(),
                new LineChart("owners-latency", "Median latency per lane", axis, "ms", p50).svg());
        String table = OwnersTable.text(result);
        return new DemoStep("owners", table, result, DemoStep.section("owners", "Who owns the connection (seed 001)",
                "Seed 001: through an HTTP forward proxy the gateway owns the far leg and keeps 2 idle connections per"
                        + " host, so past concurrency 2 requests per connection fall to about 1.0 and every request"
                        + " pays a dial; through SOCKS5 the client's pool owns the stream and keeps reusing it."
                        + " Rerun: ./proxybench owners", table, charts));
    }

    private static DemoStep keepAlive() throws Exception {
        KeepAliveResult result = KeepAliveCommand.demo();
        List<Series> lines = new ArrayList<>();
        for (double t : result.measured().stream().mapToDouble(KeepAliveRow::keepAliveMs).distinct().toArray()) {
            List<KeepAliveRow> rows = result.measured().stream().filter(r -> r.keepAliveMs() == t).toList();
            double[] gaps = rows.stream().mapToDouble(KeepAliveRow::gapMs).toArray();
            double from = Arrays.stream(gaps).min().orElse(1);
            double to = Arrays.stream(gaps).max().orElse(1);
            double[] grid = new double[41];
            double[] formula = new double[grid.length];
            for (int i = 0; i < grid.length; i++) {
                grid[i] = from + (to - from) * i / (grid.length - 1);
                formula[i] = 100 * Math.exp(-t / grid[i]);
            }
            String name = "T " + Math.round(t) + " ms";
            lines.add(new Series(name + ": exp(-T/gap)", grid, formula));
            lines.add(Series.points(name + ": measured", gaps,
                    rows.stream().mapToDouble(r -> 100 * r.coldShare()).toArray()));
        }
        String table = KeepAliveTable.text(result);
        return new DemoStep("keepalive", table, result, DemoStep.section("keepalive", "Keep-alive cold share (seed 001)",
                "Seed 001: with Poisson arrivals at a mean gap per client instance and destination, exp(-T/gap) of"
                        + " requests find no warm connection; past some sparsity no keep-alive saves you. Measured"
                        + " here at a scaled-down time through the client's own pool. Rerun: ./proxybench keepalive",
                table, List.of(new LineChart("keepalive", "Cold share: formula and measurement", "mean gap, ms",
                        "% of requests on a new connection", lines).svg())));
    }

    private static DemoStep sessions() throws Exception {
        SessionsResult result = SessionsCommand.demo();
        // A mode without a steady window or a TLS phase gets no bar: a 0 would read as a measurement.
        List<Bar> throughput = result.modes().stream().filter(m -> m.steadyRequestsPerSecond() != null)
                .map(m -> new Bar(m.mode(), m.steadyRequestsPerSecond())).toList();
        List<Bar> tls = result.modes().stream().filter(m -> m.tlsP50Ms() != null)
                .map(m -> new Bar(m.mode(), m.tlsP50Ms())).toList();
        List<Bar> exits = result.bursts().stream().map(b -> new Bar(b.mode() + ": " + b.requests() + " requests over "
                + b.tunnels() + " tunnels", b.uniqueExits())).toList();
        String table = SessionsTable.text(result);
        return new DemoStep("sessions", table, result, DemoStep.section("sessions", "Rotation vs sticky (seed 002)",
                "Seed 002: 200 warmed sticky sessions delivered 1.98x the steady throughput of a new rotated tunnel"
                        + " per request at the same concurrency (sticky TLS phase median 87 ms), and one sticky"
                        + " session kept one exit IP across 100 concurrent tunnels. Rerun: ./proxybench sessions",
                table, List.of(
                        new BarChart("sessions-throughput", "Steady throughput at " + result.concurrency()
                                + " concurrent requests", "successful requests / s", List.of("req/s"), throughput)
                                .svg(),
                        new BarChart("sessions-tls", "TLS phase median (includes the exit's setup)", "ms",
                                List.of("tls p50"), tls).svg(),
                        new BarChart("sessions-burst", "Exit IPs used under a burst", "distinct exit IPs",
                                List.of("exits"), exits).svg())));
    }

    private static DemoStep clients() throws Exception {
        ClientsResult result = ClientsCommand.demo();
        List<Bar> shares = result.loads().stream().filter(l -> l.topExitShare() != null)
                .map(l -> new Bar(l.client() + ", " + l.limits(), 100 * l.topExitShare())).toList();
        List<Bar> tunnels = result.loads().stream().filter(l -> l.peakTunnels() != null)
                .map(l -> new Bar(l.client() + ", " + l.limits(), l.peakTunnels(), l.tunnelsOpened())).toList();
        String table = ClientsTable.text(result);
        return new DemoStep("clients", table, result, DemoStep.section("clients", "Java clients through a rotating"
                + " gateway (seed 002)", "Seed 002: at default settings, curl_cffi sent 98.8% of 1,000 requests through"
                        + " one exit of a rotating pool, and httpx opened a new tunnel for most requests; raising the"
                        + " limits takes one line per client. The same load here for Java's clients, and whether one"
                        + " client keeps two sessions apart. Rerun: ./proxybench clients", table, List.of(
                        new BarChart("clients-exit", "Share of requests on the most-used exit", "% of ok requests",
                                List.of("top exit"), shares).svg(),
                        new BarChart("clients-tunnels", "Tunnels at the gateway", "tunnels",
                                List.of("peak open", "opened"), tunnels).svg())));
    }

    private static DemoStep bytes() throws Exception {
        BytesResult result = BytesCommand.demo();
        List<Bar> bars = new ArrayList<>();
        for (BytesRow row : result.rows()) {
            String group = row.groupNegotiated() == null ? row.groupsOffered() : row.groupNegotiated();
            addBytes(bars, group + ", new tunnel", row.newTunnel());
            addBytes(bars, group + ", new tunnel, TLS session resumed", row.resumedTunnel());
            addBytes(bars, group + ", reused tunnel", row.reusedTunnel());
        }
        String table = BytesTable.text(result);
        return new DemoStep("bytes", table, result, DemoStep.section("bytes", "Bytes per request (seed 002)",
                "Seed 002: a new tunnel per small request carries the CONNECT exchange and a full TLS handshake, about"
                        + " 7.6 GB per million requests against 1.5 GB at 50 requests per tunnel; post-quantum key"
                        + " exchange (X25519MLKEM768) adds about 2.1 KB per new tunnel. Rerun: ./proxybench bytes",
                table, List.of(new BarChart("bytes", "Wire bytes per request (TCP payload, both directions)", "bytes",
                        List.of("handshakes", "request + response"), bars).svg())));
    }

    private static DemoStep h2Gateway() throws Exception {
        H2GatewayResult result = H2GatewayCommand.demo();
        List<Bar> bars = result.lanes().stream().map(l -> new Bar(l.lane(), l.gatewayConnectionsPeak())).toList();
        String table = H2GatewayTable.text(result);
        return new DemoStep("h2-gateway", table, result, DemoStep.section("h2-gateway", "HTTP/2 to the proxy (seed 002)",
                "Seed 002: over HTTP/1.1 every tunnel needs its own TCP connection to the gateway, as many as 803 open"
                        + " at 1k req/s; with HTTP/2 to the proxy each CONNECT is a stream with its own exit, and 12"
                        + " connections carried them all (unique exits 99.6% of successes at 500 req/s). Rerun:"
                        + " ./proxybench h2-gateway", table,
                List.of(new BarChart("h2-gateway", String.format(Locale.ROOT, "Gateway connections open at the peak,"
                        + " a new tunnel per request at %s req/s", plain(result.ratePerSecond())), "connections",
                        List.of("peak open"), bars).svg())));
    }

    private static void addBytes(List<Bar> bars, String label, BytesPerRequest bytes) {
        if (bytes != null) {
            bars.add(new Bar(label, bytes.handshake(), Math.max(0, bytes.total() - bytes.handshake())));
        }
    }

    private static DemoStep sizePool() throws Exception {
        SizePoolResult result = SizePoolCommand.demo();
        List<Series> lines = new ArrayList<>();
        for (SizePoolResult.Sizing bucket : result.sizing()) {
            List<SizePoolResult.Row> rows = result.rows().stream().filter(r -> r.burst() == bucket.burst()
                    && r.bucketRatePerSec() == bucket.bucketRatePerSec()).toList();
            lines.add(new Series(String.format(Locale.ROOT, "burst %d, %s/s (simulated)", bucket.burst(),
                    plain(bucket.bucketRatePerSec())), rows.stream().mapToDouble(SizePoolResult.Row::sessions)
                    .toArray(), rows.stream().mapToDouble(SizePoolResult.Row::rejectedPct).toArray()));
        }
        if (result.live() != null) {
            lines.add(Series.points(String.format(Locale.ROOT, "burst %d, %s/s (lab, %s s)", result.live().burst(),
                    plain(result.live().bucketRatePerSec()), plain(result.live().secondsEach())), result.live().rows().stream()
                    .mapToDouble(SizePoolResult.LiveRow::sessions).toArray(), result.live().rows().stream()
                    .mapToDouble(SizePoolResult.LiveRow::liveRejectedPct).toArray()));
        }
        String table = SizePoolTable.text(result);
        return new DemoStep("size-pool", table, result, DemoStep.section("size-pool", "Pool size vs per-IP limits"
                        + " (seed 002)",
                "Seed 002: at 100 req/s a per-IP token bucket rejected about 2% when the pool had rate / limit"
                        + " sessions and 0% at twice that, hence its rule of thumb: about 2 x rate / per-IP limit."
                        + " Rerun: ./proxybench size-pool", table,
                List.of(new LineChart("size-pool", "Requests rejected per pool size", "sessions in the pool",
                        "% rejected", lines).svg())));
    }

    /** {@code 2} for 2.0, {@code 0.5} for 0.5. */
    private static String plain(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    private static DemoStep fingerprint() throws Exception {
        FingerprintResult result = FingerprintCommand.onLab(false);
        String table = FingerprintTable.text(result);
        return new DemoStep("fingerprint", table, result, DemoStep.section("fingerprint",
                "Client-stack constancy (seed 002)", "Seed 002: a CONNECT proxy forwards the client's TLS handshake"
                        + " unchanged, so the JA4 fingerprint is the same with and without the gateway, and a"
                        + " comparison measures the pool, not the TLS library. Rerun: ./proxybench fingerprint",
                table, List.of()));
    }

    private static DemoStep ramp() throws Exception {
        RampResult result = RampCommand.onLab(25, RampExperiment.levels(10, 10, 40), Duration.ofSeconds(2),
                new RampThresholds(0.01, null), TimeoutOption.parse("10s"));
        String table = RampTable.text(result);
        return new DemoStep("ramp", table, result, DemoStep.section("ramp", "Plan limit by ramp (seed 002)",
                "Seed 002: read each plan's limits, such as a maximum concurrency, and confirm them with a ramp test."
                        + " The lab's gateway allows 25 tunnels per user; the ramp finds where its 429s start and"
                        + " tells them from the target's blocks. Rerun: ./proxybench ramp --lab-limit 25", table,
                List.of()));
    }

    /**
     * Three runs on one lab at one rate, compared as {@code proxybench compare} does: a new tunnel for every request
     * over HTTP/1.1 to the proxy, 20 sticky sessions over HTTP/1.1, and the same sessions as streams of HTTP/2
     * connections to the proxy, priced alike so the cost row shows what the handshakes cost. The target is asked for
     * HTTP/1.1, whose every byte is charged to its request. The lab's exit table places the exits in ASes; the
     * country counted is the pool's largest. Each run's records go to a file, for {@code proxybench compare} again.
     */
    private DemoStep compare() throws Exception {
        Path asns = out.resolve("compare-exits.tsv");
        List<ComparedRun> runs = new ArrayList<>();
        String country;
        try (Lab lab = Lab.start(LabConfig.builder().build())) {
            try (Writer table = Files.newBufferedWriter(asns)) {
                Ip2AsnTable.write(lab.exits(), table);
            }
            country = lab.exits().all().stream().collect(Collectors.groupingBy(Exit::country, Collectors.counting()))
                    .entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
            ProxySpec http = ProxySpec.parse("http://lab:lab@" + lab.host() + ":" + lab.gatewayPort());
            ProxySpec https = ProxySpec.parse("https://lab:lab@" + lab.host() + ":" + lab.gatewayTlsPort());
            TlsSettings tls = TlsSettings.caFile(lab.caFile()).withAlpn(TlsSettings.HTTP11_ONLY);
            Timeouts timeouts = TimeoutOption.parse("30s");
            SessionTemplate template = SessionTemplate.parse(SessionTemplate.DEFAULT_TEXT);
            record Setup(String label, ProxySpec proxy, SessionRouter router, boolean http2) {}
            for (Setup setup : List.of(new Setup("rotating-h1", http, SessionRouter.perRequest(), false),
                    new Setup("sticky-h1", http, SessionRouter.stickyPerKey(), false),
                    new Setup("sticky-h2", https, SessionRouter.stickyPerKey(), true))) {
                ProxyClient.Builder client = RunPlan.client(Duration.ofSeconds(60), timeouts).proxy(setup.proxy())
                        .tls(tls).sessions(template, setup.router());
                if (setup.http2()) {
                    client.proxyProtocol(ProxyProtocol.H2_PREFERRED);
                }
                RunPlan plan = RunPlan.builder()
                        .schedule(ArrivalSchedule.constant(40, Duration.ofSeconds(4)), Duration.ofSeconds(4))
                        .target(ProxyRequest.get(ProxyOrLab.labHttps(lab, "/cdn-cgi/trace").toString()))
                        .sessionKeys(IntStream.range(0, 20).mapToObj(i -> "s" + i).toList())
                        .client(client).timeouts(timeouts).build();
                Path file = out.resolve("compare-" + setup.label() + ".jsonl");
                Files.deleteIfExists(file);
                RunResult result = new Runner(plan, List.of(new JsonlSink(file)), line -> { }).run();
                runs.add(new ComparedRun(setup.label(), List.of(file.toString()), List.of(result.statistics()), 0));
            }
        }
        Ip2Asn table = FileReading.read(asns, () -> Ip2Asn.load(asns));
        Comparison comparison = Comparison.of(runs.stream().map(run -> ColumnFigures.of(run, table, country, 3.0))
                .toList());
        return new DemoStep("compare", comparison.text(), comparison, CompareSection.of(comparison, runs));
    }

    private DemoStep doctor() {
        DoctorReport report = DoctorCommand.demo(runFile);
        String table = DoctorTable.text(report);
        return new DemoStep("doctor", table, report, DemoStep.section("doctor", "Doctor: why so many handshakes?",
                "Seed 000's leaks (a session string per request, keep-alive shorter than the gap between requests, a"
                        + " pool limit that serialises, Connection: close, a pool per client, mixed schemes) looked"
                        + " for in the open-loop run's records above, whose sessions renew every 5 s. Rerun:"
                        + " ./proxybench doctor proxybench-report/run.jsonl", table, List.of()));
    }
}
