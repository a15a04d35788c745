package io.proxybench.experiments.alternate;

import io.proxybench.harness.Durations;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The {@code proxybench run} options that each of {@code alternate}'s windows runs with (those the user gave after
 * {@code --}), and alternate's rules for them: the options it sets itself are refused, the load must be a steady
 * one, and the warm-up must leave a timed part in each window. Its messages name the settings as the command line
 * spells them.
 *
 * @param options the options after {@code --}, as run reads them, with {@code --warmup sessions} added where the
 *     run's default warm-up leaves no room in a window
 * @param warmUp the timed warm-up that precedes each window's schedule, zero without one; it leaves at least
 *     {@link WindowGrid#SHORTEST} of each window
 */
public record WindowRunSettings(List<String> options, Duration warmUp) {

    /** Run options alternate sets for each window, and why: what a user who gives one after -- should do. */
    private static final Map<String, String> OWNED = owned();

    public WindowRunSettings {
        options = List.copyOf(options);
    }

    /**
     * The options after {@code --} as given, refused when there are none.
     *
     * @param given the options after {@code --}; null for none
     */
    public static List<String> required(List<String> given) {
        if (given == null || given.isEmpty()) {
            throw new IllegalArgumentException("give the windows' run options after --, e.g. -- --url"
                    + " https://target/ --rate 10 (see 'proxybench run --help')");
        }
        return List.copyOf(given);
    }

    /**
     * Refuses the options alternate sets for each window itself, naming what to do instead.
     *
     * @param given whether an option (by its name, e.g. {@code --out}) was given after {@code --}
     */
    public static void refuseOwned(Predicate<String> given) {
        for (Map.Entry<String, String> owned : OWNED.entrySet()) {
            if (given.test(owned.getKey())) {
                throw new IllegalArgumentException(owned.getKey() + " after -- is alternate's to set: "
                        + owned.getValue());
            }
        }
    }

    /**
     * Refuses a ramp, which sets its own length, and a run without a load.
     *
     * @param ramp whether {@code --ramp} was given after {@code --}
     * @param load whether a rate, bursts or a closed loop was
     */
    public static void checkLoad(boolean ramp, boolean load) {
        if (ramp) {
            throw new IllegalArgumentException("--ramp after -- sets its own length, but each window lasts --window:"
                    + " give --rate (or --burst and --every) after --, or run the ramp on its own");
        }
        if (!load) {
            throw new IllegalArgumentException("give the windows' load after --: --rate PER_SECOND, or --burst SIZE"
                    + " --every DURATION (each window's run lasts --window)");
        }
    }

    /**
     * {@code given} with a warm-up that fits each {@code window}: where the run's default warm-up (not chosen by
     * the user) leaves no room for a timed part, the request per session is all there is ({@code --warmup
     * sessions}).
     *
     * @param given the options after {@code --} ({@link #required})
     * @param warmUp the timed warm-up a run of {@code given} has
     * @param chosen whether the user chose it (a {@code --warmup} given, or a timed one)
     * @throws IllegalArgumentException when a chosen warm-up leaves less than {@link WindowGrid#SHORTEST}
     */
    public static WindowRunSettings fitted(List<String> given, Duration warmUp, boolean chosen, Duration window) {
        List<String> options = given;
        if (!chosen && warmUp.plus(WindowGrid.SHORTEST).compareTo(window) > 0) {
            options = new ArrayList<>(given);
            options.addAll(List.of("--warmup", "sessions"));
            warmUp = Duration.ZERO;
        }
        if (warmUp.plus(WindowGrid.SHORTEST).compareTo(window) > 0) {
            throw new IllegalArgumentException("--warmup " + Durations.format(warmUp) + " after -- leaves less"
                    + " than 1s of each " + Durations.format(window) + " window; give a shorter --warmup (sessions"
                    + " or none for no timed part) or a longer --window");
        }
        return new WindowRunSettings(options, warmUp);
    }

    /**
     * The options to check {@code provider}'s windows with: these, the provider's, a {@code window}-long run, and a
     * named records file in {@code outDir}, which checking does not create (without one, run's check would reserve
     * its default results.jsonl in the current directory, and leave it there empty).
     */
    public List<String> check(Provider provider, Duration window, Path outDir) {
        List<String> args = new ArrayList<>(options);
        args.addAll(provider.runOptions());
        args.addAll(List.of("--duration", Durations.format(window), "--out",
                outDir.resolve(provider.label() + "-check.jsonl").toString()));
        return args;
    }

    private static Map<String, String> owned() {
        Map<String, String> owned = new LinkedHashMap<>();
        String proxy = "each window goes through its provider; give providers as --provider LABEL=PROXY_URL or"
                + " --provider-file LABEL=FILE before --";
        owned.put("--proxy", proxy);
        owned.put("--proxy-file", proxy);
        String files = "each window writes DIR/LABEL/window-NN.jsonl and its .hlog; choose DIR with --out-dir";
        owned.put("--out", files);
        owned.put("--provider", "providers differ in their session syntax; give each one's as --provider"
                + " LABEL:DIALECT=PROXY_URL (e.g. a:oxylabs=http://...) before --");
        owned.put("--hdr-log", files);
        owned.put("--no-records", "alternate's figures and index come from each window's records; leave it out");
        owned.put("--json", "alternate prints each window's figures; for a window's figures as JSON, run"
                + " 'proxybench analyze DIR/LABEL/window-NN.jsonl --json'");
        owned.put("--duration", "each window's run lasts --window; give --window before --");
        owned.put("--start-at", "give --start-at before --, where it sets when the first window starts");
        String shard = "each window runs its whole schedule in this process; leave it out";
        owned.put("--shard", shard);
        owned.put("--segment", shard);
        owned.put("--segment-sequence", shard);
        String metrics = "each window is a run of its own, whose endpoint would come and go; leave it out";
        owned.put("--metrics-port", metrics);
        owned.put("--metrics-host", metrics);
        owned.put("--metrics-linger", metrics);
        return Collections.unmodifiableMap(owned);
    }
}
