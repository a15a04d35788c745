package io.proxybench.cli;

import io.proxybench.bench.experiment.ReuseRow;
import io.proxybench.bench.experiment.ReuseTable;
import io.proxybench.bench.record.JsonlReader;
import io.proxybench.bench.record.RequestRecord;
import io.proxybench.bench.report.ReportJson;
import io.proxybench.bench.report.RunCharts;
import io.proxybench.bench.report.html.Bar;
import io.proxybench.bench.report.html.BarChart;
import io.proxybench.bench.report.html.HtmlReport;
import io.proxybench.bench.report.html.LineChart;
import io.proxybench.bench.report.html.Section;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code proxybench demo}: every experiment on the embedded lab at sizes that finish in about two minutes on two
 * cores, each table printed as it completes, and an HTML report with the tables and plots. Everything in the report
 * comes from this run: an open-loop run's records and each experiment's result.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Run every experiment on the embedded lab (about two minutes on two cores), print each table,",
            "and write an HTML report with plots (no network needed to view it)."})
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

    /** A step of the demo, run in order. */
    private record Step(String name, String what, Callable<DemoStep> run) {}

    @Override
    public Integer call() throws Exception {
        if (runFor.toMillis() < 3000 || runFor.toMinutes() > 10) {
            throw new IllegalArgumentException("--run-for " + runFor + " must be between 3s and 10m");
        }
        Files.createDirectories(out);
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<Step> steps = List.of(
                new Step("run", "open-loop run through 100 sessions renewed every 5 s, for " + runFor.toSeconds() + " s",
                        this::run),
                new Step("reuse", "seed 000's reuse table, 8 configurations x 200 requests", DemoCommand::reuse));
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
            long third = Math.max(1, runFor.toSeconds() / 3);
            String[] args = {"run", "--proxy", "http://lab:lab@" + lab.host() + ":" + lab.gatewayPort(),
                "--url", ProxyOrLab.labHttps(lab, "/cdn-cgi/trace").toString(), "--ca", lab.caFile().toString(),
                "--session-template", "{pass}_session-{id}", "--sessions", "100", "--rotation", "window:5s",
                "--ramp", "50/s:" + third + "s,200/s:" + third + "s,100/s:" + (runFor.toSeconds() - 2 * third) + "s",
                "--warmup-for", "2s", "--out", records.toString(), "--hdr-log", out.resolve("run.hlog").toString(),
                "--no-progress"};
            String summary = capture(args);
            List<RequestRecord> recs = JsonlReader.read(records);
            List<String> charts = new ArrayList<>();
            charts.add(RunCharts.throughput(recs).svg());
            RunCharts.phasePercentiles(recs).stream().map(LineChart::svg).forEach(charts::add);
            charts.add(RunCharts.exitsPerSubnet(recs).svg());
            charts.add(RunCharts.exitsPerCountry(recs).svg());
            String command = "./proxybench run " + String.join(" ", List.of(args).subList(1, args.length));
            return new DemoStep("run", summary, Map.of("records", records.toString(), "summary", summary),
                    new Section("run", "Open-loop run", List.of("Latency is measured from each request's scheduled"
                            + " start (seed 002's harness), so a slow period shows in the percentiles instead of"
                            + " slowing the schedule. The run: " + command.replace(lab.caFile().toString(), "lab-ca.pem")),
                            summary, charts));
        }
    }

    /** A command's text output, run in this process with the same options parsing as the command line. */
    private static String capture(String... args) {
        StringWriter text = new StringWriter();
        StringWriter errors = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(text, true));
        cli.setErr(new PrintWriter(errors, true));
        int code = cli.execute(args);
        if (code != 0) {
            throw new IllegalStateException("proxybench " + args[0] + " failed (exit " + code + "): " + errors);
        }
        return text.toString();
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
}
