package io.proxybench.experiments.alternate;

import io.proxybench.analysis.compare.WindowEntry;
import io.proxybench.harness.Durations;
import io.proxybench.harness.schedule.ShardSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code alternate}'s settings as the user gave them, checked together by {@link #plan}. Its messages name the
 * settings as the command line spells them ({@code --window}, {@code --rounds}, ...).
 *
 * @param urls the {@code --provider LABEL[:DIALECT]=PROXY_URL} values, in the order given; null for none
 * @param files the {@code --provider-file LABEL=FILE} values, in the order given; null for none
 * @param window each window's length; {@link #plan} refuses one under {@link WindowGrid#SHORTEST}
 * @param rounds rounds, each giving every provider one window; {@link #plan} refuses fewer than 1
 * @param order {@code abab} or {@code abba}, in any case ({@link WindowOrder#of})
 * @param startAt when the first window starts, a UTC time such as {@code 2026-11-30T17:00:00Z}; null for now
 * @param gap the pause after each window
 * @param outDir where the windows' records and the index go
 * @param force whether to start over in an {@code outDir} that holds an earlier index
 */
public record AlternateSettings(List<String> urls, List<String> files, Duration window, int rounds, String order,
        String startAt, Duration gap, Path outDir, boolean force) {

    /** Checks the options each window's run is given, with these providers; nothing runs. */
    @FunctionalInterface
    public interface RunCheck {
        /** @return the timed warm-up that precedes each window's schedule, zero without one */
        Duration warmUp(List<Provider> providers);
    }

    /**
     * Checks the settings in the order the command always has (providers, window, rounds, order, the run options,
     * the start), then makes {@code outDir}, starting over in it with {@code force}.
     *
     * @param runCheck checks the run options after {@code --} for these providers
     * @throws IllegalArgumentException naming the setting and the fix; nothing is written then
     */
    public AlternatePlan plan(RunCheck runCheck) throws IOException {
        List<Provider> providers = providers();
        if (window.compareTo(WindowGrid.SHORTEST) < 0) {
            throw new IllegalArgumentException("--window " + Durations.format(window) + " is shorter than 1s; the"
                    + " seed's windows are 30m");
        }
        if (rounds < 1) {
            throw new IllegalArgumentException("--rounds " + rounds + " must be at least 1");
        }
        WindowOrder windowOrder = WindowOrder.of(order);
        Duration warmUp = runCheck.warmUp(providers);
        Alternation.Plan plan = new Alternation.Plan(providers.stream().map(Provider::label).toList(), windowOrder,
                rounds, new WindowGrid(first(), window, gap), warmUp, outDir);
        prepare(plan.index());
        return new AlternatePlan(providers, plan);
    }

    /** The --provider and --provider-file providers, in that order: at least two, their labels unique. */
    private List<Provider> providers() {
        List<Provider> providers = new ArrayList<>();
        (urls == null ? List.<String>of() : urls).forEach(u -> providers.add(Provider.ofUrl(u)));
        (files == null ? List.<String>of() : files).forEach(f -> providers.add(Provider.ofFile(f)));
        if (providers.size() < 2) {
            throw new IllegalArgumentException("give at least two providers to alternate, each as --provider"
                    + " LABEL=PROXY_URL or --provider-file LABEL=FILE (one provider is a plain 'proxybench run')");
        }
        Set<String> labels = new HashSet<>();
        for (Provider p : providers) {
            if (!labels.add(p.label())) {
                throw new IllegalArgumentException("provider label '" + p.label() + "' is given twice; give each"
                        + " provider its own label");
            }
        }
        return providers;
    }

    /** When the first window starts: --start-at, or now. */
    private Instant first() {
        if (startAt == null) {
            return Instant.now().truncatedTo(ChronoUnit.MILLIS);
        }
        Instant at = ShardSettings.startAt(startAt);
        long lateMillis = Duration.between(at, Instant.now()).toMillis();
        if (lateMillis > Alternation.LATE_MILLIS) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "--start-at %s passed %.1f s ago; give a"
                    + " later time, or leave it out to start now", startAt, lateMillis / 1e3));
        }
        return at;
    }

    /** Makes the output folder; refuses one that holds an earlier index, unless --force. */
    private void prepare(Path index) throws IOException {
        if (Files.exists(outDir) && !Files.isDirectory(outDir)) {
            throw new IllegalArgumentException("--out-dir " + outDir + " is a file; give a directory");
        }
        if (Files.exists(index)) {
            if (!force) {
                throw new IllegalArgumentException("--out-dir " + outDir + " already holds " + WindowEntry.INDEX
                        + " from an earlier alternate; give another --out-dir, or --force to start over in it");
            }
            Files.delete(index);
        }
        Files.createDirectories(outDir);
    }
}
