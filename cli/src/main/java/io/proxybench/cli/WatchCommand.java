package io.proxybench.cli;

import io.proxybench.watch.Watch;
import io.proxybench.watch.WatchConfig;
import io.proxybench.watch.config.WatchSettings;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "watch", mixinStandardHelpOptions = true,
        description = {"Watch proxies and providers around the clock: a trickle of checks through each (rotating and"
                + " sticky, 1/s of each by default) timed per phase, a probe every 30 minutes, served as Prometheus"
                + " metrics (/metrics, blackbox_exporter's names plus proxybench_watch_*) and a live page (/), and"
                + " kept as a history that analyze, compare and doctor read.",
            "Give the providers in a YAML file (--config; docs/watch.md has a commented example) or, for a quick"
                + " start, as --provider NAME=PROXY_URL. One provider failing or stalling never delays another."
                + " Stop with Ctrl-C or SIGTERM: the history is flushed.",
            "Example: proxybench watch --provider a=http://user:pass@gw.example:8000 --target"
                + " https://www.cloudflare.com/cdn-cgi/trace"})
final class WatchCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", description = "The providers and settings, in YAML.")
    Path config;

    @Option(names = "--provider", paramLabel = "NAME[:DIALECT]=URL",
            description = "A proxy to watch, its credentials in the URL; DIALECT is the provider's session syntax"
                    + " (e.g. oxylabs), for sticky checks. Repeatable.")
    List<String> providers = new ArrayList<>();

    @Option(names = "--target", paramLabel = "URL", description = "What each check asks for: an https:// URL"
            + " answering a trace (ip=, loc=), e.g. https://www.cloudflare.com/cdn-cgi/trace.")
    String target;

    @Option(names = "--ca", paramLabel = "FILE", description = "Trust only this CA file for the targets.")
    String ca;

    @Option(names = "--listen", paramLabel = "HOST:PORT", description = "Where the page and metrics are served"
            + " (default: 127.0.0.1:9464; give 0.0.0.0:9464 to be reached from other machines, with a token).")
    String listen;

    @Option(names = "--history", paramLabel = "DIR", description = "The history directory (default: watch-history).")
    String history;

    @Option(names = "--site", paramLabel = "NAME", description = "This watcher's site label, when several watch"
            + " from several places (default: local).")
    String site;

    @Option(names = "--retain", paramLabel = "AGE", description = "How long days of history are kept (default: 14d).")
    String retain;

    @Option(names = "--history-cap", paramLabel = "SIZE", description = "The most the history may hold; the oldest"
            + " days go first (default: 1GB).")
    String historyCap;

    @Option(names = "--probe-every", paramLabel = "DURATION", description = "How often each provider is probed, 0"
            + " for never (default: 30m).")
    String probeEvery;

    @Option(names = "--rate", paramLabel = "RATE", description = "Checks of each kind per provider, e.g. 1/s or"
            + " 30/m (default: 1/s).")
    String rate;

    @Option(names = "--token-file", paramLabel = "FILE", description = "A file holding the token the page and"
            + " metrics ask for (Authorization: Bearer, or ?token= in a browser).")
    String tokenFile;

    @Override
    public Integer call() throws Exception {
        WatchConfig checked = new WatchSettings().config(config).providers(providers).target(target).ca(ca)
                .listen(listen).history(history).site(site).retain(retain).historyCap(historyCap)
                .probeEvery(probeEvery).rate(rate).tokenFile(tokenFile).check(System::getenv);
        PrintWriter err = spec.commandLine().getErr();
        CountDownLatch stopped = new CountDownLatch(1);
        String version = Main.class.getPackage().getImplementationVersion();
        Watch watch = Watch.start(checked, version == null ? "dev" : version, err);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            err.println("watch: stopping: the history is flushed and closed");
            err.flush();
            watch.close();
            stopped.countDown();
        }, "watch-shutdown"));
        stopped.await();
        return 0;
    }
}
