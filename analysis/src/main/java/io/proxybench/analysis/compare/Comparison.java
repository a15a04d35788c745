package io.proxybench.analysis.compare;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.proxybench.analysis.read.HistorySpan;
import io.proxybench.analysis.threshold.Verdict;
import io.proxybench.analysis.report.ReportJson;
import java.util.ArrayList;
import java.util.Map;
import java.util.LinkedHashMap;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Runs side by side, a column per run and a row per {@link CompareRow}, the best value of each row marked.
 *
 * @param runs each run's figures, in column order
 * @param rows the rows shown: a row whose figure no run has (an AS count without an AS table, a cost without a
 *     price, a country count without a country) is left out and named in {@code notes}
 * @param notes what a reader must know to trust the comparison, e.g. runs scheduled at different rates
 * @param thresholds each run's verdicts on the {@code --fail-if} thresholds, by label in column order; empty without
 *     any
 * @param history the window of a watch's history the runs are (a provider each), named in the heading; null (and
 *     left out of the JSON) for records files
 */
public record Comparison(
        @JsonProperty("runs") List<ColumnFigures> runs,
        @JsonProperty("rows") List<Row> rows,
        @JsonProperty("notes") List<String> notes,
        @JsonProperty("thresholds") Map<String, List<Verdict>> thresholds,
        @JsonProperty("history") @JsonInclude(JsonInclude.Include.NON_NULL) HistorySpan history) {

    /** Scheduled rates further apart than this ratio make latency and throughput rows unfair. */
    static final double RATE_TOLERANCE = 1.10;

    private static final String BEST = " *";

    /**
     * One row of the table.
     *
     * @param key the row's name, e.g. {@code p99_new_tunnel_ms}
     * @param title the row's title in the table
     * @param cells one cell text per run, in column order
     * @param best labels of the runs with the best value; empty when the row ranks nothing, fewer than two runs
     *     have a value, or all values are equal
     */
    public record Row(
            @JsonProperty("key") String key,
            @JsonProperty("title") String title,
            @JsonProperty("cells") List<String> cells,
            @JsonProperty("best") List<String> best) {}

    public static Comparison of(List<ColumnFigures> runs) {
        return of(runs, List.of());
    }

    /** As {@link #of(List)}, with what reading the runs left out (e.g. a file's cut last line) among the notes. */
    public static Comparison of(List<ColumnFigures> runs, List<String> readNotes) {
        List<String> notes = new ArrayList<>(readNotes);
        List<Row> rows = new ArrayList<>();
        for (CompareRow row : CompareRow.values()) {
            String missing = missing(row, runs);
            if (missing != null) {
                notes.add(missing);
                continue;
            }
            List<CompareRow.Cell> cells = runs.stream().map(row::cell).toList();
            boolean byBytes = row == CompareRow.BYTES || row == CompareRow.COST;
            rows.add(new Row(row.key(), row.title(), cells.stream().map(CompareRow.Cell::text).toList(),
                    byBytes ? bestOverBounds(runs, cells) : best(row.better(), runs, cells)));
        }
        List<Double> rates = runs.stream().map(ColumnFigures::scheduledPerSecond).filter(Objects::nonNull).toList();
        if (rates.size() > 1 && rates.stream().mapToDouble(Double::doubleValue).max().orElseThrow()
                > RATE_TOLERANCE * rates.stream().mapToDouble(Double::doubleValue).min().orElseThrow()) {
            notes.add("the runs were scheduled at different rates (" + String.join(", ", runs.stream()
                    .map(f -> f.label() + " " + (f.scheduledPerSecond() == null ? "-"
                            : String.format(Locale.ROOT, "%.1f", f.scheduledPerSecond()))).toList())
                    + " req/s): latency and throughput compare fairly only at one fixed rate; rerun them with the"
                    + " same --rate");
        }
        List<String> lowerBound = runs.stream().filter(ColumnFigures::bytesLowerBound).map(ColumnFigures::label)
                .toList();
        if (!lowerBound.isEmpty()) {
            notes.add("bytes of " + String.join(", ", lowerBound) + " are a lower bound (>=), never marked best: a"
                    + " request on a shared HTTP/2 connection (to the target or to the proxy) is charged its own"
                    + " payload only, not the connection's frames, headers, TLS records or handshake; run with"
                    + " --http1.1 and without --proxy-http2 to price every byte");
        }
        for (ColumnFigures f : runs) {
            if (f.uncheckedBodies() > 0) {
                notes.add(f.label() + ": " + f.uncheckedBodies() + " answered records carry no body, so --expect"
                        + " could not be checked on them (run with --keep-body); they count as run classified them");
            }
            if (f.p99Ms() != null && f.p99NewTunnelMs() == null && f.p99ReusedTunnelMs() == null) {
                notes.add(f.label() + "'s records do not say whether a tunnel was new or reused (no reused field),"
                        + " so only its p99 over all successes is shown");
            }
            if (f.steadyOkPerSecond() == null) {
                notes.add(f.label() + " has no steady window (no second between ramp-up and the 90% mark):"
                        + " run it longer");
            }
        }
        return new Comparison(List.copyOf(runs), rows, notes, Map.of(), null);
    }

    /** Why {@code row} is left out, or null to show it. */
    private static String missing(CompareRow row, List<ColumnFigures> runs) {
        return switch (row) {
            case ASNS -> none(runs, f -> f.uniqueAsns() != null)
                    ? "no ASN row: give --ip2asn FILE or --asn-db FILE" : null;
            case COUNTRY -> none(runs, f -> f.country() != null)
                    ? "no country row: give --country CC (the ISO code the target reports as loc)" : null;
            case COST -> none(runs, f -> f.pricePerGb() != null)
                    ? "no cost row: give --price-per-gb LABEL=PRICE (price per 10^9 wire bytes) for each run" : null;
            default -> null;
        };
    }

    private static boolean none(List<ColumnFigures> runs, Predicate<ColumnFigures> has) {
        return runs.stream().noneMatch(has);
    }

    private static List<String> best(CompareRow.Better better, List<ColumnFigures> runs, List<CompareRow.Cell> cells) {
        List<Double> ranks = cells.stream().map(CompareRow.Cell::rank).filter(Objects::nonNull).toList();
        if (better == CompareRow.Better.NONE || ranks.size() < 2 || ranks.stream().distinct().count() == 1) {
            return List.of();
        }
        double top = better == CompareRow.Better.HIGHER
                ? ranks.stream().mapToDouble(Double::doubleValue).max().orElseThrow()
                : ranks.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        List<String> best = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            if (cells.get(i).rank() != null && cells.get(i).rank() == top) {
                best.add(runs.get(i).label());
            }
        }
        return best;
    }

    /**
     * The best of a lower-is-better row of bytes. Without lower bounds, as any row; with them, the exact runs whose
     * value is the lowest of the exact ones and at most every bound, since the bounds' runs cost at least that much. A
     * bound is never marked.
     */
    private static List<String> bestOverBounds(List<ColumnFigures> runs, List<CompareRow.Cell> cells) {
        if (runs.stream().noneMatch(ColumnFigures::bytesLowerBound)) {
            return best(CompareRow.Better.LOWER, runs, cells);
        }
        double lowestBound = Double.MAX_VALUE;
        double lowestExact = Double.MAX_VALUE;
        for (int i = 0; i < runs.size(); i++) {
            Double rank = cells.get(i).rank();
            if (rank != null && runs.get(i).bytesLowerBound()) {
                lowestBound = Math.min(lowestBound, rank);
            } else if (rank != null) {
                lowestExact = Math.min(lowestExact, rank);
            }
        }
        List<String> best = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            Double rank = cells.get(i).rank();
            if (rank != null && !runs.get(i).bytesLowerBound() && rank == lowestExact && rank <= lowestBound) {
                best.add(runs.get(i).label());
            }
        }
        return best;
    }

    /** This comparison with the verdicts of its thresholds, per run label in column order. */
    public Comparison withThresholds(Map<String, List<Verdict>> verdicts) {
        return new Comparison(runs, rows, notes, Collections.unmodifiableMap(new LinkedHashMap<>(verdicts)),
                history);
    }

    /** This comparison of the window {@code span} of a watch's history, a provider per run. */
    public Comparison withHistory(HistorySpan span) {
        return new Comparison(runs, rows, notes, thresholds, span);
    }

    /** The comparison as one JSON object, snake_case names throughout. */
    public String json() {
        return ReportJson.write(this);
    }

    /**
     * The table as text, best values marked with {@code *}, then the notes; under the window's heading for a watch's
     * history.
     */
    public String text() {
        List<List<String>> table = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of(""));
        runs.forEach(f -> header.add(f.label()));
        table.add(header);
        for (Row row : rows) {
            List<String> line = new ArrayList<>(List.of(row.title()));
            for (int i = 0; i < runs.size(); i++) {
                line.add(row.cells().get(i) + (row.best().contains(runs.get(i).label()) ? BEST : ""));
            }
            table.add(line);
        }
        int[] widths = new int[header.size()];
        for (List<String> line : table) {
            for (int c = 0; c < line.size(); c++) {
                widths[c] = Math.max(widths[c], line.get(c).length());
            }
        }
        StringBuilder s = new StringBuilder(history == null ? "" : history.heading() + "\n");
        for (List<String> line : table) {
            StringBuilder l = new StringBuilder(pad(line.get(0), widths[0]));
            for (int c = 1; c < line.size(); c++) {
                l.append("  ").append(pad(line.get(c), widths[c]));
            }
            s.append(l.toString().stripTrailing()).append('\n');
        }
        s.append("*: best in its row\n");
        notes.forEach(n -> s.append("note: ").append(n).append('\n'));
        thresholds.forEach((label, verdicts) -> verdicts.forEach(v -> s.append(label).append(": ").append(v.line())
                .append('\n')));
        return s.toString();
    }

    private static String pad(String text, int width) {
        return text + " ".repeat(width - text.length());
    }
}
