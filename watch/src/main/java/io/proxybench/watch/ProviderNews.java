package io.proxybench.watch;

import io.proxybench.analysis.diagnosis.Diagnosis;
import io.proxybench.analysis.diagnosis.SetupFailures;
import io.proxybench.harness.plan.RunPlan;
import io.proxybench.records.RequestRecord;
import io.proxybench.watch.live.LastProbe;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * What watch says on the console of its providers: a provider down (then up again), a probe stopped short (then run
 * through again). Each is said when it changes, never at every check or probe. Any thread.
 */
final class ProviderNews {

    /** After this many failed checks in a row, a provider is said to be down. */
    static final int DOWN_AFTER = 5;

    private final List<WatchedProvider> providers;
    private final Consumer<String> say;
    /** Failed checks in a row, by provider index; guarded by itself. */
    private final int[] failedInARow;
    /** Each provider's last probe of this process. */
    private final Map<String, LastProbe> probes = new ConcurrentHashMap<>();

    /** @param say prints a line on the console */
    ProviderNews(List<WatchedProvider> providers, Consumer<String> say) {
        this.providers = providers;
        this.say = say;
        this.failedInARow = new int[providers.size()];
    }

    /** Says what check {@code r} of provider {@code index} changed, if anything: in order, under one lock. */
    void checked(int index, RequestRecord r) {
        String name = providers.get(index).name();
        synchronized (failedInARow) {
            if (r.ok()) {
                if (failedInARow[index] >= DOWN_AFTER) {
                    say.accept(String.format(Locale.ROOT, "%s: up again after %d failed checks", name,
                            failedInARow[index]));
                }
                failedInARow[index] = 0;
            } else if (++failedInARow[index] == DOWN_AFTER) {
                say.accept(String.format(Locale.ROOT, "%s: down: %d checks in a row failed, the last with %s%s%s",
                        name, DOWN_AFTER, r.error() != null ? r.error() : "status " + r.status(),
                        r.reason() != null ? " (" + r.reason() + ")" : "", explained(providers.get(index), r)));
            }
        }
    }

    /** Says what {@code provider}'s probe changed, if anything. */
    void probed(String provider, LastProbe probe) {
        String news = probeNews(probes.put(provider, probe), probe);
        if (news != null) {
            say.accept(provider + ": " + news);
        }
    }

    /**
     * What to say of a provider's probe after {@code before} (this process's previous one, or null): its failure
     * when it is new or not the same as before's, its recovery; null when nothing changed, so that a provider that
     * stays broken is not said broken at every probe.
     */
    static String probeNews(LastProbe before, LastProbe now) {
        boolean failedBefore = before != null && !before.success();
        if (!now.success() && !(failedBefore && now.diagnosis().equals(before.diagnosis()))) {
            return "probe stopped: " + now.diagnosis().strip();
        }
        return now.success() && failedBefore ? "probe ran through again" : null;
    }

    /**
     * A failed setup in words, as {@code run} and {@code probe} say it: {@code ": PROBLEM; fix: FIX"}; empty for
     * any other failure (the target's answer, a timeout after the tunnel was open).
     */
    private static String explained(WatchedProvider p, RequestRecord r) {
        String setup = SetupFailures.of(r);
        if (setup == null) {
            return "";
        }
        Diagnosis d = SetupFailures.diagnose(setup, null, DOWN_AFTER, DOWN_AFTER,
                RunPlan.setupContext(p.proxy(), "provider " + p.name() + "'s settings", p.target()));
        return ": " + d.problem() + "; fix: " + d.fix();
    }
}
