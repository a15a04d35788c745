package io.proxybench.cli;

import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.ExperimentTarget;
import io.proxybench.experiments.owners.OwnersExperiment;
import io.proxybench.experiments.owners.OwnersOnLab;
import io.proxybench.experiments.owners.OwnersResult;
import io.proxybench.experiments.owners.OwnersTable;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code proxybench owners}: seed 001's two lanes. One request stream to a plain-HTTP origin through the gateway as
 * an HTTP forward proxy and as SOCKS5, at several concurrencies; against the embedded lab (with an exit-to-target
 * round trip injected and the gateway's forward idle cap as configured) or a real proxy.
 */
@Command(name = "owners", mixinStandardHelpOptions = true,
        description = {"Seed 001's lanes: who owns the TCP connection, HTTP forward proxy vs SOCKS5 relay.",
            "Runs on the embedded lab unless --proxy is given (credentials from PROXY_USER / PROXY_PASS); then"
                    + " --url must be http:// and --socks names the same gateway's SOCKS5 endpoint."})
final class OwnersCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    ProxyOrLab target;

    @Option(names = "--socks", paramLabel = "URL", converter = ProxyUrlConverter.class,
            description = "With --proxy: the same gateway as SOCKS5, e.g. socks5h://gw:1080 (the lab serves both"
                    + " on one port).")
    ProxySpec socks;

    @CommandLine.Mixin
    SessionOptions sessionOptions = new SessionOptions();

    @Option(names = "--concurrency", paramLabel = "N", split = ",", splitSynopsisLabel = ",",
            defaultValue = "1,2,4,16,64",
            description = "The levels, requests in flight at once (default: ${DEFAULT-VALUE}).")
    List<Integer> concurrency;

    @Option(names = "--stream", paramLabel = "SHAPE", defaultValue = "bursts",
            converter = StreamConverter.class,
            description = "bursts: each round sends N requests at once and waits for all (the seed's fan-out);"
                    + " workers: N workers each send the next request when the last one answered"
                    + " (default: ${DEFAULT-VALUE}).")
    OwnersExperiment.Stream stream;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "25",
            description = "A level sends concurrency times N requests: N bursts, or N per worker"
                    + " (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--rtt", paramLabel = "DURATION", defaultValue = "150ms",
            description = "Lab only: round trip injected between the gateway's exits and the target"
                    + " (default: ${DEFAULT-VALUE}).")
    Duration rtt;

    @Option(names = "--forward-idle-cap", paramLabel = "N", defaultValue = "2",
            description = "Lab only: idle upstream connections the gateway keeps per exit and origin in forward"
                    + " mode; Go's DefaultMaxIdleConnsPerHost is 2 (default: ${DEFAULT-VALUE}).")
    int forwardIdleCap;

    @Option(names = "--json", description = "Print the result as JSON.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        ExperimentTarget t = target.given(spec, "--rtt", "--forward-idle-cap");
        SessionTemplate sessions = sessionOptions.given().forExperiment(t.onLab());
        boolean lab = t.lab();
        OwnersOnLab.checkSocks(lab, socks);
        OwnersResult result = lab ? onLab(sessions).run() : onLab(sessions).through(t, socks);
        return Main.print(spec, json, result, OwnersTable::text);
    }

    /** The run on the embedded lab these options ask for. */
    OwnersOnLab onLab(SessionTemplate sessions) {
        return new OwnersOnLab(sessions, concurrency, stream, rounds, rtt, forwardIdleCap);
    }

    /** Reads {@code bursts} or {@code workers}. */
    static final class StreamConverter implements CommandLine.ITypeConverter<OwnersExperiment.Stream> {
        @Override
        public OwnersExperiment.Stream convert(String text) {
            for (OwnersExperiment.Stream s : OwnersExperiment.Stream.values()) {
                if (s.name().equalsIgnoreCase(text)) {
                    return s;
                }
            }
            throw new CommandLine.TypeConversionException(
                    ErrorLines.shown(text) + " is not a stream shape; use bursts or workers");
        }
    }
}
