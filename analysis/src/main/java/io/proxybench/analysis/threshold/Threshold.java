package io.proxybench.analysis.threshold;

import io.proxybench.analysis.stats.RunStatistics;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A condition that fails a run, as k6's thresholds and Gatling's assertions do: {@code FIGURE OP LIMIT}, e.g.
 * {@code p99(total) > 800ms}, {@code hard_block_rate > 2%}, {@code handshakes_per_1k > 50}. The run fails when the
 * condition holds, or when the figure is undefined (a percentile without a success, bytes without a record that
 * carries them): a gate that cannot be checked does not pass.
 *
 * @param text the condition as given
 * @param figure what it holds to
 * @param op the comparison: {@code <}, {@code <=}, {@code >}, {@code >=}, {@code ==} or {@code !=}
 * @param limit the limit in the figure's canonical unit (milliseconds, a share, bytes, a number)
 */
public record Threshold(String text, Figure figure, String op, double limit) {

    private static final Pattern SYNTAX = Pattern.compile(
            "\\s*(?<figure>[A-Za-z_][A-Za-z0-9_.]*(?:\\([^)]*\\))?)\\s*(?<op><=|>=|==|!=|<|>)\\s*"
                    + "(?<value>[0-9]+(?:\\.[0-9]+)?)\\s*(?<unit>[A-Za-z%/]*)\\s*");

    /**
     * Reads a condition.
     *
     * @throws IllegalArgumentException naming the part that is wrong and the form it takes
     */
    public static Threshold parse(String text) {
        Matcher m = SYNTAX.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("--fail-if '" + text + "' is not FIGURE OP LIMIT, e.g."
                    + " 'p99(total) > 800ms', 'hard_block_rate > 2%' or 'handshakes_per_1k > 50'");
        }
        Figure figure;
        try {
            figure = Figure.of(m.group("figure"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--fail-if '" + text + "': " + e.getMessage(), e);
        }
        double value = Double.parseDouble(m.group("value"));
        String unit = m.group("unit").toLowerCase(Locale.ROOT);
        return new Threshold(text.strip(), figure, m.group("op"), limit(text, figure, value, unit));
    }

    /**
     * This threshold held to a run's statistics.
     *
     * @return the verdict: the figure's value and whether the run failed it
     */
    public Verdict check(RunStatistics statistics) {
        Double value = figure.value().apply(statistics);
        boolean failed = value == null || switch (op) {
            case "<" -> value < limit;
            case "<=" -> value <= limit;
            case ">" -> value > limit;
            case ">=" -> value >= limit;
            case "==" -> value == limit;
            default -> value != limit;
        };
        return new Verdict(text, figure.name(), value, format(value), format(limit), failed);
    }

    /** {@code value} written in the figure's unit, e.g. {@code 812.3ms}, {@code 2.10%}; {@code undefined} for null. */
    String format(Double value) {
        if (value == null) {
            return "undefined";
        }
        return switch (figure.kind()) {
            case MILLIS -> String.format(Locale.ROOT, "%.1fms", value);
            case SHARE -> String.format(Locale.ROOT, "%.2f%%", value * 100);
            case BYTES -> String.format(Locale.ROOT, "%.0fB", value);
            case NUMBER -> value == Math.rint(value) ? String.valueOf(value.longValue())
                    : String.format(Locale.ROOT, "%.2f", value);
        };
    }

    /** The limit in the figure's canonical unit; a unit that does not fit the figure is an error naming both. */
    private static double limit(String text, Figure figure, double value, String unit) {
        Double scaled = switch (figure.kind()) {
            case MILLIS -> switch (unit) {
                case "us" -> value / 1e3;
                case "ms" -> value;
                case "s" -> value * 1e3;
                default -> null;
            };
            case SHARE -> switch (unit) {
                case "%" -> value / 100;
                case "" -> value <= 1 ? value : null;
                default -> null;
            };
            case BYTES -> switch (unit) {
                case "", "b" -> value;
                case "kb" -> value * 1e3;
                case "mb" -> value * 1e6;
                case "gb" -> value * 1e9;
                default -> null;
            };
            case NUMBER -> unit.isEmpty() || unit.equals("/s") ? value : null;
        };
        if (scaled == null) {
            throw new IllegalArgumentException("--fail-if '" + text + "': " + figure.name() + " takes "
                    + switch (figure.kind()) {
                        case MILLIS -> "a time with its unit, e.g. 800ms, 1.5s or 250us";
                        case SHARE -> "a percentage such as 2% (or a share from 0 to 1, such as 0.02)";
                        case BYTES -> "bytes, e.g. 5000, 5KB or 1.2MB";
                        case NUMBER -> "a plain number";
                    } + ", not " + value + unit);
        }
        return scaled;
    }
}
