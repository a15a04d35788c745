package io.proxybench.cli;

import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.experiments.ExperimentTarget;
import java.net.URI;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The options every experiment shares: run on the embedded lab (no {@code --proxy}) or against a real gateway and
 * origin, read into an {@link ExperimentTarget}.
 */
final class ProxyOrLab {

    @Option(names = "--proxy", paramLabel = "URL", converter = ProxyUrlConverter.class,
            description = "A real proxy gateway (default: the embedded lab). Credentials from the URL or from"
                    + " PROXY_USER / PROXY_PASS.")
    ProxySpec proxy;

    @Option(names = "--url", paramLabel = "URL", description = "The origin to request (required with --proxy).")
    URI url;

    @Option(names = "--ca", paramLabel = "FILE", description = "Trust only this CA file (with --proxy).")
    Path ca;

    @Option(names = "--insecure", description = "Check no certificate (with --proxy).")
    boolean insecure;

    /**
     * The target as given, its checks left to the library; {@code labOnly}, options that shape the embedded lab,
     * checked first not to come with {@code --proxy}.
     *
     * @param spec the command's spec, whose parse result says which options were on the command line
     */
    ExperimentTarget given(CommandSpec spec, String... labOnly) {
        ExperimentTarget target = new ExperimentTarget(proxy, url, ca, insecure, () -> TrustOption.tls(ca, insecure),
                spec.commandLine().getParseResult()::hasMatchedOption);
        target.labOnly(labOnly);
        return target;
    }
}
