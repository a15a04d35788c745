package io.proxybench.watch.probe;

import io.proxybench.experiments.probe.ProbeCard;
import io.proxybench.experiments.probe.ProbeExperiment;
import io.proxybench.experiments.probe.ProbeSetup;
import io.proxybench.watch.WatchedProvider;
import io.proxybench.watch.live.LastProbe;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * Each provider's probe ({@code proxybench probe}'s card, on a small budget), every so often: one probe at a time
 * across providers, on a thread of its own, so a slow probe delays only the next probe, never a check. The first
 * probes start {@link #FIRST_AFTER} after watch does, a few seconds apart.
 */
public final class ProviderProbes implements AutoCloseable {

    static final Duration FIRST_AFTER = Duration.ofSeconds(10);
    /** A watch's probe: enough for the protocol, rotation and session checks, not a load test. */
    static final int BUDGET = 40;
    static final Duration SESSION_WATCH = Duration.ofSeconds(20);

    private final List<WatchedProvider> providers;
    private final BiConsumer<String, LastProbe> done;
    private final PrintWriter err;
    private volatile boolean closed;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "proxybench-watch-probe");
        t.setDaemon(true);
        return t;
    });

    /** @param done told each probe's card, on the probe thread */
    public ProviderProbes(List<WatchedProvider> providers, BiConsumer<String, LastProbe> done, PrintWriter err) {
        this.providers = providers;
        this.done = done;
        this.err = err;
    }

    /** Probes each provider every {@code every}, the first soon. */
    public void start(Duration every) {
        for (int i = 0; i < providers.size(); i++) {
            WatchedProvider p = providers.get(i);
            if (!"https".equals(p.target().getScheme())) {
                err.printf(Locale.ROOT, "%s: not probed: the probe's checks need an https:// target, and it"
                        + " checks %s%n",
                        p.name(), p.target());
                continue;
            }
            long first = FIRST_AFTER.toMillis() + i * 5_000L;
            thread.scheduleWithFixedDelay(() -> probe(p), first, every.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void probe(WatchedProvider p) {
        try {
            ProbeSetup setup = new ProbeSetup(p.proxy(), null, p.sessions(), p.target(), null, p.tls(), null,
                    BUDGET, 0, SESSION_WATCH, p.timeout());
            ProbeCard card = ProbeExperiment.run(setup, "provider " + p.name() + "'s settings");
            done.accept(p.name(), LastProbe.of(card, System.currentTimeMillis()));
        } catch (RuntimeException e) {
            if (closed) {
                return; // cut short by the stop: no card, and nothing to say
            }
            err.printf(Locale.ROOT, "%s: the probe failed: %s%n", p.name(), e.getMessage());
            err.flush();
        }
    }

    @Override
    public void close() {
        closed = true;
        thread.shutdownNow();
    }
}
