package io.proxybench.experiments.alternate;

import io.proxybench.analysis.compare.WindowEntry;
import io.proxybench.analysis.report.ReportJson;
import io.proxybench.harness.Durations;
import io.proxybench.harness.engine.RunResult;
import io.proxybench.harness.engine.StopReason;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Seed 002's alternation: providers take windows in turn, round after round, each window a run in its slot of a
 * fixed grid, so that the same providers meet the same hours on every day it is started at the same time. Each
 * finished window gets a line in the index ({@link WindowEntry#INDEX}) as it ends, so a stop keeps every finished
 * window; a provider down in one window is what alternation measures, so the next window runs all the same.
 */
public final class Alternation {

    /** A window that starts more than this many milliseconds after its slot is reported as late. */
    public static final long LATE_MILLIS = 1_000;

    private Alternation() {}

    /** Runs one window: its provider's run, lasting {@code runFor} after its warm-up, its records into {@code file}. */
    @FunctionalInterface
    public interface WindowRun {
        RunResult run(Window window, Duration runFor, Path file) throws Exception;
    }

    /**
     * What to alternate.
     *
     * @param labels the providers' labels, in the order given
     * @param order how each round orders them
     * @param rounds rounds, at least 1; each gives every provider one window
     * @param grid when each window is due
     * @param warmUp the timed warm-up that precedes each window's schedule, which comes out of the window
     * @param outDir where the windows' records and the index go
     */
    public record Plan(List<String> labels, WindowOrder order, int rounds, WindowGrid grid, Duration warmUp,
            Path outDir) {

        /** The windows in the order they run. */
        public List<Window> windows() {
            return order.windows(labels, rounds);
        }

        /** The index's path. */
        public Path index() {
            return outDir.resolve(WindowEntry.INDEX);
        }
    }

    /**
     * What the windows measured.
     *
     * @param finished per label in the order given, its finished windows' figures
     * @param stopped why the user stopped the alternation (Ctrl-C, SIGTERM); null when every window ran
     */
    public record Result(Map<String, List<WindowFigures>> finished, StopReason stopped) {}

    /**
     * Runs every window of {@code plan} in its slot, a line per finished window on {@code out} (its figures,
     * warnings and diagnosis), waits and late starts on {@code err}.
     *
     * @throws IllegalStateException when a window's run fails; the index then holds the windows before it
     */
    public static Result run(Plan plan, WindowRun run, PrintWriter out, PrintWriter err) throws Exception {
        List<Window> windows = plan.windows();
        Map<String, List<WindowFigures>> finished = new LinkedHashMap<>();
        plan.labels().forEach(label -> finished.put(label, new ArrayList<>()));
        for (Window w : windows) {
            WindowFigures figures = window(plan, w, run, err);
            finished.get(w.label()).add(figures);
            out.printf(Locale.ROOT, "[%d/%d] round %d %s: %s  %s%n", w.slot() + 1, windows.size(), w.round(),
                    w.label(), figures.text(), w.file(plan.rounds()));
            figures.warnings().forEach(warning -> out.println("  warning: " + warning));
            if (figures.diagnosis() != null) {
                out.println("  every early request failed: " + figures.diagnosis().problem() + "; fix: "
                        + figures.diagnosis().fix());
            }
            out.flush();
            if (figures.stoppedByUser()) {
                out.printf(Locale.ROOT, "alternate: stopped by %s in round %,d of %s; the windows so far are in %s%n",
                        figures.stopped().cause(), w.round(), w.label(), plan.index());
                return new Result(finished, figures.stopped());
            }
        }
        return new Result(finished, null);
    }

    /** Runs window {@code w} in its slot and appends its line to the index. */
    private static WindowFigures window(Plan plan, Window w, WindowRun run, PrintWriter err) throws Exception {
        Instant slot = plan.grid().start(w.slot());
        // Rounded up: a run launched before its slot would outlast it.
        long waitMillis = (Duration.between(Instant.now(), slot).toNanos() + 999_999) / 1_000_000;
        if (waitMillis >= 1_000) {
            err.printf(Locale.ROOT, "waiting %.1f s for round %,d of %s at %s...%n", waitMillis / 1e3, w.round(),
                    w.label(), slot);
            err.flush();
        }
        if (waitMillis > 0) {
            Thread.sleep(waitMillis);
        }
        Instant started = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        long lateMillis = Duration.between(slot, started).toMillis();
        Duration runFor = plan.grid().runFor(w.slot(), started, plan.warmUp());
        if (lateMillis > LATE_MILLIS) {
            err.printf(Locale.ROOT, "warning: round %,d of %s starts %.1f s after its slot (the window before it ran"
                    + " over); it runs %s, to its slot's end%n", w.round(), w.label(), lateMillis / 1e3,
                    Durations.format(runFor));
            err.flush();
        }
        Path file = w.path(plan.outDir(), plan.rounds());
        Files.createDirectories(file.getParent());
        RunResult result;
        try {
            result = run.run(w, runFor, file);
        } catch (Exception e) {
            throw new IllegalStateException("round " + w.round() + " of " + w.label() + " failed: " + e.getMessage()
                    + "; " + plan.index() + " lists the windows that finished", e);
        }
        Instant ended = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        WindowFigures figures = WindowFigures.of(result);
        WindowEntry entry = new WindowEntry(w.round(), w.label(), w.file(plan.rounds()), started.toString(),
                ended.toString(), figures.records(), figures.ok());
        Files.writeString(plan.index(), ReportJson.write(entry) + "\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        return figures;
    }
}
