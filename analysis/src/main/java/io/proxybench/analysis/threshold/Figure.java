package io.proxybench.analysis.threshold;

import static io.proxybench.analysis.FigureNames.*;

import io.proxybench.analysis.stats.OutcomeView;
import io.proxybench.analysis.stats.Reuse;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.records.Outcome;
import io.proxybench.records.Phase;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;

/**
 * A named figure of a run's statistics that a threshold can hold to: each is the value a {@link RunStatistics}
 * method defines, in its canonical unit (milliseconds, a share from 0 to 1, bytes, a count, per second), or null
 * when the run leaves it undefined (no success for a percentile, no record with bytes).
 *
 * @param name as written in a threshold, e.g. {@code p99(total)} or {@code hard_block_rate}
 * @param kind what unit its values are in, which decides the units a limit may be written in
 * @param value the figure of a run's statistics
 */
public record Figure(String name, Kind kind, Function<RunStatistics, Double> value) {

    /** The unit of a figure's values. */
    public enum Kind {
        /** Milliseconds; limits in us, ms or s. */
        MILLIS,
        /** A share from 0 to 1; limits as a percentage ({@code 2%}) or a share ({@code 0.02}). */
        SHARE,
        /** Bytes; limits in B, KB, MB or GB (decimal, as providers bill). */
        BYTES,
        /** A plain number: a count, or requests per second. */
        NUMBER
    }

    private static final Map<String, Figure> NAMED = build();

    /** The figures by name ({@link io.proxybench.analysis.FigureNames}; percentiles, {@code pNN(PHASE[,new|reused])}, apart). */
    public static Map<String, Figure> named() {
        return NAMED;
    }

    private static Map<String, Figure> build() {
        Map<String, Figure> f = new LinkedHashMap<>();
        add(f, RECORDS, Kind.NUMBER, s -> (double) s.records());
        add(f, OK, Kind.NUMBER, s -> (double) s.ok());
        add(f, SUCCESS_RATE, Kind.SHARE, s -> s.outcomes().successRate());
        add(f, FAILURE_RATE, Kind.SHARE, s -> s.records() == 0 ? null : s.outcomes().failureRate());
        add(f, HARD_BLOCK_RATE, Kind.SHARE, s -> ifAnswered(s.outcomes(), OutcomeView::hardBlockRate));
        add(f, SOFT_BLOCK_RATE, Kind.SHARE, s -> ifAnswered(s.outcomes(), OutcomeView::softBlockRate));
        add(f, BLOCK_RATE, Kind.SHARE, s -> ifAnswered(s.outcomes(), o -> o.hardBlockRate() + o.softBlockRate()));
        add(f, PROXY_FAILURE_RATE, Kind.SHARE, s -> s.records() == 0 ? null
                : (double) s.outcomes().count(Outcome.PROXY_FAILURE) / s.records());
        add(f, HANDSHAKES_PER_1K, Kind.NUMBER, s -> s.wire().handshakesPer1000());
        add(f, REUSE_RATE, Kind.SHARE, s -> s.wire().reuseRate());
        add(f, CONNECTIONS_OPENED, Kind.NUMBER, s -> (double) s.wire().connectionsOpened());
        add(f, BYTES_PER_SUCCESS, Kind.BYTES, s -> s.wire().bytesPerSuccess());
        add(f, STEADY_RPS, Kind.NUMBER, s -> s.timeline().steady().map(w -> w.median()).orElse(null));
        add(f, UNIQUE_EXITS, Kind.NUMBER, s -> (double) s.exits().uniqueIps());
        add(f, UNIQUE_SUBNETS, Kind.NUMBER, s -> (double) s.exits().uniqueSubnets());
        add(f, RETRIED, Kind.NUMBER, s -> (double) s.outcomes().firstTries().retried());
        add(f, MAX_START_LAG, Kind.MILLIS, s -> s.records() == 0 ? null : s.timeline().maxStartLagMs());
        return Map.copyOf(f);
    }

    /**
     * The figure {@code text} names: one of {@link #named()}, or a percentile {@code pNN(PHASE)} of a phase over the
     * successes ({@code p99(total)}, {@code p50(tls)}, {@code p99.9(connect)}), optionally on new or reused
     * connections only ({@code p99(total,new)}).
     *
     * @throws IllegalArgumentException naming what is wrong and what the figures are
     */
    public static Figure of(String text) {
        String name = text.strip().toLowerCase(Locale.ROOT).replace(" ", "");
        Figure named = named().get(name);
        if (named != null) {
            return named;
        }
        if (name.matches("p\\d+(\\.\\d+)?\\(.*\\)")) {
            return percentile(name);
        }
        throw new IllegalArgumentException("no figure named " + text.strip() + "; give one of "
                + String.join(", ", named().keySet().stream().sorted().toList())
                + ", or a percentile such as p99(total), p50(tls), p99(total,new)");
    }

    private static Figure percentile(String name) {
        int open = name.indexOf('(');
        double p = Double.parseDouble(name.substring(1, open));
        if (!(p > 0 && p <= 100)) {
            throw new IllegalArgumentException(name + ": a percentile is from p0.1 to p100");
        }
        String[] args = name.substring(open + 1, name.length() - 1).split(",");
        Phase phase = Arrays.stream(Phase.values()).filter(ph -> ph.jsonName().equals(args[0])).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(name + ": no phase " + args[0] + "; the phases are "
                        + Arrays.stream(Phase.values()).map(Phase::jsonName).collect(Collectors.joining(", "))));
        if (args.length > 2 || args.length == 2 && !args[1].equals("new") && !args[1].equals("reused")) {
            throw new IllegalArgumentException(name + ": after the phase give new or reused (connections), or"
                    + " nothing for all");
        }
        Reuse[] reuses = args.length == 1 ? new Reuse[0]
                : new Reuse[] {args[1].equals("new") ? Reuse.NEW : Reuse.REUSED};
        return new Figure(name, Kind.MILLIS, s -> {
            Histogram micros = s.latency().micros(phase, reuses);
            return micros.getTotalCount() == 0 ? null : micros.getValueAtPercentile(p) / 1e3;
        });
    }

    /** {@code rate} of the outcomes; null when the target answered no record, as a block rate is then. */
    private static Double ifAnswered(OutcomeView outcomes, ToDoubleFunction<OutcomeView> rate) {
        return outcomes.answered() == 0 ? null : rate.applyAsDouble(outcomes);
    }

    private static void add(Map<String, Figure> figures, String name, Kind kind, Function<RunStatistics, Double> value) {
        figures.put(name, new Figure(name, kind, value));
    }
}
