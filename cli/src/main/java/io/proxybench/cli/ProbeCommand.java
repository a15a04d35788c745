package io.proxybench.cli;

import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.ExperimentTarget;
import io.proxybench.experiments.probe.ProbeCard;
import io.proxybench.experiments.probe.ProbeExperiment;
import io.proxybench.experiments.probe.ProbeSection;
import io.proxybench.experiments.probe.ProbeSetup;
import io.proxybench.experiments.probe.ProbeTable;
import io.proxybench.harness.plan.RunPlan;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "probe", mixinStandardHelpOptions = true,
        description = {"What a proxy really does, measured in a few minutes: protocols and auth, rotation per tunnel and"
                + " per forwarded request, exit diversity, a sticky session's real lifetime and inactivity limit"
                + " (in the provider's syntax, --provider), country targeting, forward-mode upstream reuse, the TLS"
                + " fingerprint, bytes per request, and (opt-in, --ramp-to) the concurrency at which refusals start.",
            "Each line says how it was measured and how sure that is, or 'not measured' and why. Every request counts"
                + " against --budget-requests.",
            "Example: proxybench probe --proxy http://customer-acct:PASS@pr.oxylabs.io:7777 --provider oxylabs"
                + " --country DE --session-watch 5m",
            "An open proxy (squid, dante, a corporate egress) is probed without credentials; its session lines say"
                + " why they are not measured.",
            "Example: proxybench probe --proxy http://proxy.corp.example:3128"})
final class ProbeCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--proxy", required = true, paramLabel = "URL", converter = ProxyUrlConverter.class,
            description = "The proxy: its host and port are tried as HTTP (CONNECT and forward), SOCKS5 and HTTPS;"
                    + " the account from the URL or PROXY_USER / PROXY_PASS, or none for an open proxy (squid,"
                    + " dante, a corporate egress): the session lines then say why they are not measured.")
    ProxySpec proxy;

    @Option(names = "--https-proxy", paramLabel = "URL", converter = ProxyUrlConverter.class,
            description = "Where the proxy answers TLS, when not on --proxy's port (e.g. https://host:8443); the"
                    + " account of --proxy when its URL has none.")
    ProxySpec httpsProxy;

    @CommandLine.Mixin
    SessionOptions sessionOptions = new SessionOptions();

    @Option(names = "--target", paramLabel = "URL", defaultValue = ProbeSetup.DEFAULT_TARGET,
            description = "An https:// URL answering a trace (key=value lines with ip=, and loc=, conn=, ja4= when it"
                    + " can) (default: ${DEFAULT-VALUE}).")
    URI target;

    @Option(names = "--http-target", paramLabel = "URL",
            description = "The same over http://, for the forward-mode checks (default: "
                    + ProbeSetup.DEFAULT_HTTP_TARGET + " with the default --target, else none).")
    URI httpTarget;

    @Option(names = "--ca", paramLabel = "FILE", description = "Trust only this CA file.")
    Path ca;

    @Option(names = "--insecure", description = "Check no certificate.")
    boolean insecure;

    @CommandLine.Mixin
    AsnOptions asnOptions = new AsnOptions();

    @Option(names = "--budget-requests", paramLabel = "N", defaultValue = "200",
            description = "Requests the probe may send in all (default: ${DEFAULT-VALUE}).")
    int budget;

    @Option(names = "--ramp-to", paramLabel = "N", defaultValue = "0",
            description = "Open 1, 2, 4... up to N tunnels at once to find where refusals start (default: no ramp).")
    int rampTo;

    @Option(names = "--session-watch", paramLabel = "DURATION", defaultValue = "5m",
            description = "How long to watch a sticky session, in use and idle (default: ${DEFAULT-VALUE}).")
    Duration sessionWatch;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "15s",
            description = "One request's limit (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--json", description = "Print the card as one JSON object.")
    boolean json;

    @Option(names = "--html", paramLabel = "DIR", description = "Also write the card as DIR/index.html.")
    Path html;

    @Override
    public Integer call() throws Exception {
        URI forward = ProbeSetup.forwardTarget(target, httpTarget);
        ProxySpec account = ExperimentTarget.withAnyAccount(proxy);
        SessionTemplate sessions = sessionOptions.templateOrNull();
        sessionOptions.given().checkAccount(account);
        ProbeSetup setup = asnOptions.withAsns(asns -> new ProbeSetup(account, tlsAccount(account), sessions, target,
                forward, TrustOption.tls(ca, insecure), asns, budget, rampTo, sessionWatch, timeout));
        ProbeCard card = ProbeExperiment.run(setup, proxy.credentials() != null || account.credentials() == null
                ? "--proxy" : "PROXY_USER and PROXY_PASS");
        if (html != null) {
            spec.commandLine().getErr().println("probe: card written to " + ProbeSection.write(card, html));
        }
        int printed = Main.print(spec, json, card, ProbeTable::text);
        return card.diagnosis() != null ? RunPlan.SETUP_FAILED_EXIT_CODE : printed;
    }

    /** {@code --https-proxy} as given if it has credentials, else with {@code account}'s (none for an open proxy). */
    private ProxySpec tlsAccount(ProxySpec account) {
        return httpsProxy == null || httpsProxy.credentials() != null ? httpsProxy
                : httpsProxy.withCredentials(account.credentials());
    }
}
