package io.proxybench.cli;

import io.netty.handler.ssl.SslProvider;
import io.proxybench.experiments.LabTargets;
import io.proxybench.experiments.bytes.BytesExperiment;
import io.proxybench.experiments.bytes.BytesOnLab;
import io.proxybench.experiments.bytes.BytesResult;
import io.proxybench.experiments.bytes.BytesTable;
import io.proxybench.net.TlsEngine;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code proxybench bytes}: seed 002's wire bytes per request on a new tunnel and on a reused one, per TLS
 * key-exchange group, and what a million requests cost at N requests per tunnel.
 */
@Command(name = "bytes", mixinStandardHelpOptions = true,
        description = {"Seed 002's bytes per request: a new tunnel (CONNECT + TLS handshake) vs a reused one, per"
                + " key-exchange group, and the projection for 1M requests at N requests per tunnel.",
            "Runs on the embedded lab unless --proxy is given (credentials from PROXY_USER / PROXY_PASS)."})
final class BytesCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    ProxyOrLab target;

    @CommandLine.Mixin
    SessionOptions sessionOptions = new SessionOptions();

    @Option(names = "--group", paramLabel = "GROUPS",
            description = {"Key-exchange groups to offer, one row per option, colon-separated (e.g. X25519,"
                    + " X25519MLKEM768, X25519MLKEM768:X25519), or 'default' for the TLS engine's list.",
                "Default: X25519 and X25519MLKEM768 with the openssl engine, 'default' with the JDK's."})
    List<String> groups;

    @Option(names = "--samples", paramLabel = "N", defaultValue = "20",
            description = "Requests measured per kind of tunnel and group (default: ${DEFAULT-VALUE}).")
    int samples;

    @Option(names = "--per-tunnel", paramLabel = "N", split = ",", splitSynopsisLabel = ",", defaultValue = "1,50",
            description = "Requests per tunnel to project for (default: ${DEFAULT-VALUE}).")
    List<Integer> perTunnel;

    @Option(names = "--requests", paramLabel = "N", defaultValue = "1000000",
            description = "Requests to project for (default: ${DEFAULT-VALUE}).")
    long requests;

    @Option(names = "--path", paramLabel = "PATH", defaultValue = LabTargets.TRACE,
            description = "Lab only: the target path, e.g. /bytes/2000 (default: ${DEFAULT-VALUE}).")
    String path;

    @Option(names = "--json", description = "Print the result as JSON.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        if (samples < 1) {
            throw new IllegalArgumentException("--samples must be at least 1, got " + samples);
        }
        if (requests < 1) {
            throw new IllegalArgumentException("--requests must be at least 1, got " + requests);
        }
        for (int n : perTunnel) {
            if (n < 1) {
                throw new IllegalArgumentException("--per-tunnel " + n + " is not a number of requests per tunnel:"
                        + " use 1 or more, e.g. 1,50");
            }
        }
        target.labOnly(spec, "--path");
        List<List<String>> offers = offers(groups);
        BytesResult result;
        if (target.lab()) {
            BytesOnLab onLab = onLab(offers);
            sessionOptions.refuseOnLab();
            result = onLab.run();
        } else {
            result = BytesExperiment.run(new BytesExperiment.Setup(sessionOptions.rotating(target.proxy()),
                    target.url(), target.tls(),
                    offers, samples, perTunnel, requests, Duration.ofSeconds(60)));
        }
        return Main.print(spec, json, result, BytesTable::text);
    }

    /** The run on the embedded lab these options ask for, measuring {@code offers}. */
    BytesOnLab onLab(List<List<String>> offers) {
        return new BytesOnLab(path, offers, samples, perTunnel, requests);
    }

    /** The rows to measure: each {@code --group} value, or {@link BytesExperiment#defaultOffers()}. */
    static List<List<String>> offers(List<String> groups) {
        if (groups == null || groups.isEmpty()) {
            return BytesExperiment.defaultOffers();
        }
        boolean openSsl = TlsEngine.current().provider() == SslProvider.OPENSSL;
        List<List<String>> offers = groups.stream()
                .map(g -> g.equals("default") ? List.<String>of() : Arrays.asList(g.split(":", -1)))
                .toList();
        if (!openSsl && offers.stream().anyMatch(o -> !o.isEmpty())) {
            throw new IllegalArgumentException("--group needs the openssl TLS engine; this JVM uses "
                    + TlsEngine.current().describe() + ", so only --group default works");
        }
        if (offers.stream().flatMap(List::stream).anyMatch(String::isBlank)) {
            throw new IllegalArgumentException("--group " + groups + " has an empty group name; separate groups"
                    + " with ':' as in X25519MLKEM768:X25519");
        }
        List<String> unknown = TlsEngine.current().unknownGroups(offers.stream().flatMap(List::stream).distinct().toList());
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("--group " + unknown.get(0) + " is not a key-exchange group this TLS"
                    + " engine knows; e.g. " + String.join(", ", BytesExperiment.BOTH_GROUPS));
        }
        return offers;
    }
}
