package io.proxybench.cli;

import io.proxybench.experiments.ExperimentTarget;
import io.proxybench.experiments.LabTargets;
import io.proxybench.experiments.bytes.BytesOnLab;
import io.proxybench.experiments.bytes.BytesResult;
import io.proxybench.experiments.bytes.BytesTable;
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
        BytesOnLab.check(samples, requests, perTunnel);
        ExperimentTarget t = target.given(spec, "--path");
        List<List<String>> offers = BytesOnLab.offers(groups);
        boolean lab = t.lab();
        BytesOnLab onLab = onLab(offers);
        if (lab) {
            sessionOptions.given().refuseOnLab();
        }
        BytesResult result = lab ? onLab.run() : onLab.through(t, sessionOptions.given());
        return Main.print(spec, json, result, BytesTable::text);
    }

    /** The run on the embedded lab these options ask for, measuring {@code offers}. */
    BytesOnLab onLab(List<List<String>> offers) {
        return new BytesOnLab(path, offers, samples, perTunnel, requests);
    }
}
