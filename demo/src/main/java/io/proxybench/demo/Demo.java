package io.proxybench.demo;

import io.proxybench.analysis.report.ReportJson;
import io.proxybench.analysis.report.html.HtmlReport;
import io.proxybench.audit.ClientsOnLab;
import io.proxybench.experiments.bytes.BytesOnLab;
import io.proxybench.experiments.fingerprint.FingerprintOnLab;
import io.proxybench.experiments.h2gateway.H2GatewayOnLab;
import io.proxybench.experiments.keepalive.KeepAliveOnLab;
import io.proxybench.experiments.owners.OwnersOnLab;
import io.proxybench.experiments.ramp.RampOnLab;
import io.proxybench.experiments.reuse.ReuseOnLab;
import io.proxybench.experiments.sessions.SessionsOnLab;
import io.proxybench.experiments.sizepool.SizePoolOnLab;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code proxybench demo} as a library: every experiment on the embedded lab at its {@code DEMO} sizes, which finish
 * in about two and a half minutes on two cores, then an HTML report with the tables and plots and results.json.
 * Everything in the report comes from this run: an open-loop run's records and each experiment's result.
 */
public final class Demo {

    private Demo() {}

    /**
     * Every step, in the order the demo runs them. An experiment's step is its library entry point at the demo's
     * sizes ({@code DEMO.run()}) shown by its view; the doctor reads the records the run step writes.
     */
    public static List<DemoStep> steps(DemoPlan plan) {
        return List.of(
                new DemoStep("run", "open-loop run through 100 sessions renewed every 5 s, for "
                        + plan.runFor().toSeconds() + " s", RunStep::run),
                new DemoStep("reuse", "seed 000's reuse table, 8 configurations x 200 requests",
                        p -> ReuseView.of(ReuseOnLab.DEMO.run())),
                new DemoStep("owners", "seed 001's HTTP forward vs SOCKS5 lanes at concurrency 1-64, 150 ms RTT",
                        p -> OwnersView.of(OwnersOnLab.DEMO.run())),
                new DemoStep("keepalive", "seed 001's cold share exp(-T/gap), measured with Poisson arrivals",
                        p -> KeepAliveView.of(KeepAliveOnLab.DEMO.run())),
                new DemoStep("sessions", "seed 002's rotation vs sticky sessions, and one session under a burst",
                        p -> SessionsView.of(SessionsOnLab.DEMO.run())),
                new DemoStep("size-pool", "seed 002's per-IP token bucket against pool sizes, checked live on"
                        + " /limited", p -> SizePoolView.of(SizePoolOnLab.DEMO.run())),
                new DemoStep("bytes", "seed 002's wire bytes per request, new vs reused tunnel, per key exchange",
                        p -> BytesView.of(BytesOnLab.DEMO.run())),
                new DemoStep("h2-gateway", "seed 002's HTTP/1.1 vs HTTP/2 to the proxy, a new tunnel per request",
                        p -> H2GatewayView.of(H2GatewayOnLab.DEMO.run())),
                new DemoStep("clients", "seed 002's client table for Java: five clients at defaults and raised, and"
                        + " two sessions through one client", p -> ClientsView.of(ClientsOnLab.DEMO.run())),
                new DemoStep("fingerprint", "seed 002's client-stack check: the client's JA4 direct and through each"
                        + " proxy mode", p -> FingerprintView.of(FingerprintOnLab.DEMO.run())),
                new DemoStep("ramp", "seed 002's plan limit confirmed by a ramp: a lab gateway allowing 25 tunnels"
                        + " per user, concurrency 10 to 40", p -> RampView.of(RampOnLab.DEMO.run())),
                new DemoStep("compare", "seed 002's provider decision: rotating and sticky runs over HTTP/1.1 and a"
                        + " sticky one over HTTP/2 to the proxy, side by side at one rate and one price per GB",
                        CompareStep::run),
                new DemoStep("doctor", "seed 000's leaks looked for in the open-loop run's records", DoctorStep::run));
    }

    /** Runs every step of {@link #steps} and writes the report. */
    public static DemoResult run(DemoPlan plan, DemoProgress progress) throws Exception {
        return run(plan, steps(plan), progress);
    }

    /**
     * Runs {@code steps} in order, telling {@code progress} as each starts and finishes, then writes the report into
     * the plan's folder: index.html with each step's section, and results.json with each step's result.
     */
    public static DemoResult run(DemoPlan plan, List<DemoStep> steps, DemoProgress progress) throws Exception {
        Files.createDirectories(plan.out());
        List<StepResult> done = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = 0; i < steps.size(); i++) {
            DemoStep step = steps.get(i);
            progress.line(String.format(Locale.ROOT, "[%d/%d %3.0fs] %s: %s...", i + 1, steps.size(), seconds(start),
                    step.name(), step.what()));
            Heartbeat beat = Heartbeat.start(step.name(), progress);
            StepResult result;
            try {
                result = step.run(plan);
            } finally {
                beat.stop();
            }
            done.add(result);
            progress.finished(result);
        }
        double seconds = seconds(start);
        Path report = new HtmlReport("proxybench demo", List.of("Made " + Instant.now() + " by proxybench demo on the"
                + " embedded lab, in " + Math.round(seconds) + " s; every figure comes from this run.",
                "Rerun: ./proxybench demo; each table also has its own command (./proxybench help)."),
                done.stream().map(StepResult::section).toList()).write(plan.out());
        Files.writeString(plan.out().resolve("results.json"), ReportJson.write(DemoResult.results(done)) + "\n");
        return new DemoResult(done, report, seconds(start));
    }

    /** Seconds since {@code since}, a {@link System#nanoTime()} reading. */
    static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }
}
