package io.proxybench.demo;

import io.proxybench.analysis.report.RunCharts;
import io.proxybench.analysis.report.html.LineChart;
import io.proxybench.analysis.report.html.Section;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.Timeouts;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.LabTargets;
import io.proxybench.harness.engine.RunResult;
import io.proxybench.harness.engine.Runner;
import io.proxybench.harness.plan.RunPlan;
import io.proxybench.harness.schedule.ArrivalSchedule;
import io.proxybench.harness.schedule.Stage;
import io.proxybench.harness.sinks.HdrLogSink;
import io.proxybench.harness.sinks.JsonlSink;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * {@code proxybench run} itself on a lab: a ramp through 100 sessions renewed every 5 s, so the records show
 * throughput following the schedule, handshakes (tcp, connect, tls) only where sessions change, and exits spread over
 * subnets and countries. Its records are {@link #RECORDS} in the plan's folder, for the doctor step.
 */
final class RunStep {

    /** The run's records file in the plan's folder. */
    static final String RECORDS = "run.jsonl";

    /**
     * Each request's limits in the demo's runs, as {@code run --timeout 30s} gives them: 30 s for each setup phase,
     * the response's head and between body bytes, and their sum of 2 min for the whole call.
     */
    static final Timeouts TIMEOUTS = Timeouts.builder().connect(Duration.ofSeconds(30))
            .responseHead(Duration.ofSeconds(30)).readIdle(Duration.ofSeconds(30)).call(Duration.ofMinutes(2)).build();

    private RunStep() {}

    static StepResult run(DemoPlan plan) throws Exception {
        Path out = plan.out();
        Path records = out.resolve(RECORDS);
        long runFor = plan.runFor().toSeconds();
        try (Lab lab = Lab.start(LabConfig.builder().build())) {
            long third = runFor / 3;
            String ramp = "50/s:" + third + "s,200/s:" + third + "s,100/s:" + (runFor - 2 * third) + "s";
            List<Stage> stages = ArrivalSchedule.parseStages(ramp);
            RunPlan run = RunPlan.builder()
                    .schedule(ArrivalSchedule.stages(stages), plan.runFor())
                    .target(ProxyRequest.get(LabTargets.https(lab, LabTargets.TRACE).toString()))
                    .sessionKeys(IntStream.range(0, 100).mapToObj(i -> "s" + i).toList())
                    .client(RunPlan.client(Duration.ofSeconds(60), TIMEOUTS)
                            .proxy(LabTargets.gateway(lab))
                            .tls(TlsSettings.caFile(lab.caFile()))
                            .sessions(SessionTemplate.parse(SessionTemplate.DEFAULT_TEXT),
                                    SessionRouter.stickyPerWindow(Duration.ofSeconds(5))))
                    .timeouts(TIMEOUTS)
                    .warmUpFor(Duration.ofSeconds(2), stages.stream().mapToDouble(Stage::ratePerSec).max().orElse(1))
                    .build();
            Files.deleteIfExists(records);
            HdrLogSink intervals = new HdrLogSink(out.resolve("run.hlog"), List.of());
            RunResult result = new Runner(run, List.of(new JsonlSink(records), intervals), line -> { }).run();
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
            return new StepResult("run", summary, Map.of("records", records.toString(), "summary", summary),
                    new Section("run", "Open-loop run", List.of("Latency is measured from each request's scheduled"
                            + " start (seed 002's harness), so a slow period shows in the percentiles instead of"
                            + " slowing the schedule. The run, against a lab started with ./proxybench lab (GATEWAY,"
                            + " TARGET and LAB_CA as it prints them, credentials from PROXY_USER / PROXY_PASS): "
                            + command), summary, charts));
        }
    }
}
