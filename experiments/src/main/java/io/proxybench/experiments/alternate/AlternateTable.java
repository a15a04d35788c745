package io.proxybench.experiments.alternate;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code alternate}'s closing table: per provider, its finished windows taken together. */
public final class AlternateTable {

    private AlternateTable() {}

    /**
     * One row per label in {@code finished}'s order: windows, records, ok and their share, the median over the
     * windows of their steady req/s, and the worst window's p99 (ms); {@code -} where no window has the figure.
     */
    public static String text(Map<String, List<WindowFigures>> finished) {
        StringBuilder t = new StringBuilder(String.format(Locale.ROOT, "%-12s %7s %9s %9s %6s %14s %11s%n",
                "provider", "windows", "records", "ok", "ok %", "steady req/s", "worst p99"));
        finished.forEach((label, windows) -> {
            long records = windows.stream().mapToLong(WindowFigures::records).sum();
            long ok = windows.stream().mapToLong(WindowFigures::ok).sum();
            double[] steady = windows.stream().filter(w -> w.steadyPerSecond() != null)
                    .mapToDouble(WindowFigures::steadyPerSecond).sorted().toArray();
            double worstP99 = windows.stream().filter(w -> w.p99Ms() != null).mapToDouble(WindowFigures::p99Ms)
                    .max().orElse(Double.NaN);
            t.append(String.format(Locale.ROOT, "%-12s %7d %9d %9d %6s %14s %11s%n", label, windows.size(), records,
                    ok, records == 0 ? "-" : String.format(Locale.ROOT, "%.1f", 100.0 * ok / records),
                    steady.length == 0 ? "-" : WindowFigures.number(median(steady)),
                    Double.isNaN(worstP99) ? "-" : WindowFigures.number(worstP99) + " ms"));
        });
        return t.toString();
    }

    /** The median of sorted, non-empty {@code values}: the mean of the middle two for an even count. */
    private static double median(double[] values) {
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }
}
