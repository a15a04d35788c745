package io.proxybench.demo;

import io.proxybench.analysis.asn.Ip2Asn;
import io.proxybench.analysis.compare.ColumnFigures;
import io.proxybench.analysis.compare.CompareSection;
import io.proxybench.analysis.compare.ComparedRun;
import io.proxybench.analysis.compare.Comparison;
import io.proxybench.analysis.read.FileReading;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.LabTargets;
import io.proxybench.harness.engine.RunResult;
import io.proxybench.harness.engine.Runner;
import io.proxybench.harness.plan.RunPlan;
import io.proxybench.harness.schedule.ArrivalSchedule;
import io.proxybench.harness.sinks.JsonlSink;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.exits.Exit;
import io.proxybench.lab.exits.Ip2AsnTable;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Three runs on one lab at one rate, compared as {@code proxybench compare} does: a new tunnel for every request over
 * HTTP/1.1 to the proxy, 20 sticky sessions over HTTP/1.1, and the same sessions as streams of HTTP/2 connections to
 * the proxy, priced alike so the cost row shows what the handshakes cost. The target is asked for HTTP/1.1, whose
 * every byte is charged to its request. The lab's exit table places the exits in ASes; the country counted is the
 * pool's largest. Each run's records go to a file in the plan's folder, for {@code proxybench compare} again.
 */
final class CompareStep {

    /** The price per GB (10^9 wire bytes) all three runs are charged at, so that the cost row compares them. */
    private static final double PRICE_PER_GB = 3.0;

    /** One run: its column's label, its proxy, its sessions, whether it asks the proxy for HTTP/2. */
    private record Setup(String label, ProxySpec proxy, SessionRouter router, boolean http2) {}

    private CompareStep() {}

    static StepResult run(DemoPlan plan) throws Exception {
        Path asns = plan.out().resolve("compare-exits.tsv");
        List<ComparedRun> runs = new ArrayList<>();
        String country;
        try (Lab lab = Lab.start(LabConfig.builder().build())) {
            try (Writer table = Files.newBufferedWriter(asns)) {
                Ip2AsnTable.write(lab.exits(), table);
            }
            country = lab.exits().all().stream().collect(Collectors.groupingBy(Exit::country, Collectors.counting()))
                    .entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
            TlsSettings tls = TlsSettings.caFile(lab.caFile()).withAlpn(TlsSettings.HTTP11_ONLY);
            SessionTemplate template = SessionTemplate.parse(SessionTemplate.DEFAULT_TEXT);
            for (Setup setup : List.of(new Setup("rotating-h1", LabTargets.gateway(lab), SessionRouter.perRequest(),
                            false),
                    new Setup("sticky-h1", LabTargets.gateway(lab), SessionRouter.stickyPerKey(), false),
                    new Setup("sticky-h2", LabTargets.tlsGateway(lab), SessionRouter.stickyPerKey(), true))) {
                ProxyClient.Builder client = RunPlan.client(Duration.ofSeconds(60), RunStep.TIMEOUTS)
                        .proxy(setup.proxy()).tls(tls).sessions(template, setup.router());
                if (setup.http2()) {
                    client.proxyProtocol(ProxyProtocol.H2_PREFERRED);
                }
                RunPlan run = RunPlan.builder()
                        .schedule(ArrivalSchedule.constant(40, Duration.ofSeconds(4)), Duration.ofSeconds(4))
                        .target(ProxyRequest.get(LabTargets.https(lab, LabTargets.TRACE).toString()))
                        .sessionKeys(IntStream.range(0, 20).mapToObj(i -> "s" + i).toList())
                        .client(client).timeouts(RunStep.TIMEOUTS).build();
                Path file = plan.out().resolve("compare-" + setup.label() + ".jsonl");
                Files.deleteIfExists(file);
                RunResult result = new Runner(run, List.of(new JsonlSink(file)), line -> { }).run();
                runs.add(new ComparedRun(setup.label(), List.of(file.toString()), List.of(result.statistics()), 0));
            }
        }
        Ip2Asn table = FileReading.read(asns, () -> Ip2Asn.load(asns));
        Comparison comparison = Comparison.of(runs.stream()
                .map(run -> ColumnFigures.of(run, table, country, PRICE_PER_GB)).toList());
        return new StepResult("compare", comparison.text(), comparison, CompareSection.of(comparison, runs));
    }
}
