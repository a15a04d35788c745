package io.proxybench.analysis.compare;

import io.proxybench.analysis.asn.AsnFiles;
import io.proxybench.analysis.read.HistorySpan;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.analysis.threshold.Thresholds;
import io.proxybench.analysis.threshold.Verdict;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * How {@code compare} names, prices and places its runs, as the user gave it; the country is checked when the
 * options are made, the rest by {@link #compare}. Its messages name the settings as the command line spells them
 * ({@code --label}, {@code --price-per-gb}, {@code --country}).
 *
 * @param labels a column label per run name ({@code --label NAME=LABEL}), in the order given
 * @param prices a price per GB (10^9 wire bytes) per run name or label ({@code --price-per-gb NAME=PRICE})
 * @param country the country whose exit IPs are counted, two letters in any case; null for none
 */
public record CompareSettings(Map<String, String> labels, Map<String, Double> prices, String country) {

    /** Columns the text table can hold side by side. */
    public static final int MAX_RUNS = 26;

    /** @throws IllegalArgumentException for a country that is not two letters */
    public CompareSettings {
        labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
        prices = Collections.unmodifiableMap(new LinkedHashMap<>(prices));
        if (country != null && !country.matches("[A-Za-z]{2}")) {
            throw new IllegalArgumentException("--country " + country + " is not a two-letter country code; give"
                    + " the code the target reports as loc, e.g. US");
        }
    }

    /**
     * {@code read} side by side under their labels, with their prices, their exit IPs placed by {@code asns}, and
     * each run's verdicts on {@code thresholds}.
     *
     * @param read the runs, in column order, named as read
     * @param readNotes what reading them left out, e.g. a file's cut last line
     * @throws IllegalArgumentException for too many runs, a label or price that names no run, a bad label, two runs
     *     of one label, a bad price, or an AS file that cannot be read
     */
    public CompareResult compare(List<ComparedRun> read, List<String> readNotes, AsnFiles asns,
            Thresholds thresholds) {
        return compare(read, readNotes, null, asns, thresholds);
    }

    /**
     * As {@link #compare(List, List, AsnFiles, Thresholds)}, the runs being the providers of a window of a watch's
     * history, named in the comparison's heading.
     *
     * @param history the window, a run per provider named by the provider; null for runs of records files
     */
    public CompareResult compare(List<ComparedRun> read, List<String> readNotes, HistorySpan history, AsnFiles asns,
            Thresholds thresholds) {
        List<ComparedRun> named = named(read);
        Map<String, Double> price = prices(named);
        String countryCode = country == null ? null : country.toUpperCase(Locale.ROOT);
        List<ColumnFigures> figures = asns.withAsns(table -> named.stream().map(run -> ColumnFigures.of(run, table,
                countryCode, price.get(run.label()))).toList());
        Comparison comparison = Comparison.of(figures, readNotes).withThresholds(verdicts(named, thresholds));
        return new CompareResult(named, history == null ? comparison : comparison.withHistory(history));
    }

    /** Each run's verdicts, by label in column order; empty without thresholds. */
    private static Map<String, List<Verdict>> verdicts(List<ComparedRun> named, Thresholds thresholds) {
        Map<String, List<Verdict>> verdicts = new LinkedHashMap<>();
        if (!thresholds.isEmpty()) {
            for (ComparedRun run : named) {
                RunStatistics all = new RunStatistics();
                run.windows().forEach(all::add);
                verdicts.put(run.label(), thresholds.check(all));
            }
        }
        return verdicts;
    }

    /** {@code read} under their {@code --label}s, checked: every name known, every label unique. */
    private List<ComparedRun> named(List<ComparedRun> read) {
        if (read.size() > MAX_RUNS) {
            throw new IllegalArgumentException(read.size() + " runs to compare; at most " + MAX_RUNS
                    + " fit side by side, so compare fewer at a time");
        }
        Set<String> names = new HashSet<>(read.stream().map(ComparedRun::label).toList());
        for (String name : labels.keySet()) {
            if (!names.contains(name)) {
                throw new IllegalArgumentException("--label " + name + "=... names no run; the runs are "
                        + String.join(", ", read.stream().map(ComparedRun::label).toList()));
            }
        }
        List<ComparedRun> renamed = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (ComparedRun run : read) {
            String label = labels.getOrDefault(run.label(), run.label());
            if (labels.containsKey(run.label())
                    && (label.isBlank() || label.length() > 40 || !label.strip().equals(label))) {
                throw new IllegalArgumentException("--label " + run.label() + "=" + label + " must be 1 to 40"
                        + " characters without leading or trailing spaces");
            }
            if (!seen.add(label)) {
                throw new IllegalArgumentException("two runs are labelled " + label + "; give each its own --label");
            }
            renamed.add(run.labelled(label));
        }
        return renamed;
    }

    /** Each run's price per GB, by label; a price may name a run by its first name or by its label. */
    private Map<String, Double> prices(List<ComparedRun> named) {
        Map<String, String> byName = new LinkedHashMap<>();
        for (ComparedRun run : named) {
            byName.put(run.label(), run.label());
        }
        labels.forEach((name, label) -> byName.putIfAbsent(name, label));
        Map<String, Double> result = new LinkedHashMap<>();
        for (Map.Entry<String, Double> e : prices.entrySet()) {
            String label = byName.get(e.getKey());
            if (label == null) {
                throw new IllegalArgumentException("--price-per-gb " + e.getKey() + "=... names no run; the runs are "
                        + String.join(", ", named.stream().map(ComparedRun::label).toList()));
            }
            if (!(e.getValue() >= 0) || e.getValue().isInfinite()) {
                throw new IllegalArgumentException("--price-per-gb " + e.getKey() + "=" + e.getValue()
                        + " must be a price of 0 or more");
            }
            if (result.put(label, e.getValue()) != null) {
                throw new IllegalArgumentException("--price-per-gb names " + label + " twice; give one price per run");
            }
        }
        return result;
    }
}
