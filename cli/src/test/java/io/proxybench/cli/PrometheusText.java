package io.proxybench.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A strict reader of the Prometheus text exposition format (0.0.4), for tests: every line is a {@code # HELP}, a
 * {@code # TYPE} or a sample of a family typed before it; names, label sets and values must be well formed.
 * Anything else fails with the line.
 */
final class PrometheusText {

    /** One sample: its name as written (e.g. {@code x_bucket}), labels and value. */
    record Sample(String name, Map<String, String> labels, double value) {}

    private static final String NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
    private static final Pattern HELP = Pattern.compile("# HELP (" + NAME + ") .*");
    private static final Pattern TYPE = Pattern.compile("# TYPE (" + NAME + ") (counter|gauge|histogram|summary|info"
            + "|stateset|unknown|untyped)");
    private static final Pattern SAMPLE = Pattern.compile("(" + NAME + ")(\\{(.*)\\})? (\\S+)( -?\\d+)?");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\\\n]|\\\\[\\\\\"n])*)\""
            + "(,|$)");
    private static final Map<String, List<String>> SUFFIXES = Map.of("counter", List.of("_total", "_created"),
            "histogram", List.of("_bucket", "_sum", "_count", "_created"), "summary", List.of("_sum", "_count", ""),
            "info", List.of("_info"), "gauge", List.of(""), "stateset", List.of(""), "unknown", List.of(""),
            "untyped", List.of(""));

    private final List<Sample> samples;
    private final Map<String, String> types;

    private PrometheusText(List<Sample> samples, Map<String, String> types) {
        this.samples = samples;
        this.types = types;
    }

    /** Parses {@code text}, throwing {@link IllegalArgumentException} with the first bad line. */
    static PrometheusText parse(String text) {
        Map<String, String> types = new LinkedHashMap<>();
        List<Sample> samples = new ArrayList<>();
        int n = 0;
        for (String line : text.split("\n", -1)) {
            n++;
            if (line.isEmpty()) {
                continue;
            }
            Matcher m;
            if (HELP.matcher(line).matches()) {
                continue;
            }
            if ((m = TYPE.matcher(line)).matches()) {
                if (types.put(m.group(1), m.group(2)) != null) {
                    throw new IllegalArgumentException("line " + n + " types " + m.group(1) + " twice: " + line);
                }
                continue;
            }
            if (!(m = SAMPLE.matcher(line)).matches()) {
                throw new IllegalArgumentException("line " + n + " is not a sample, HELP or TYPE: " + line);
            }
            String name = m.group(1);
            if (family(name, types) == null) {
                throw new IllegalArgumentException("line " + n + ": " + name + " has no TYPE before it");
            }
            samples.add(new Sample(name, labels(m.group(3), n), value(m.group(4), n)));
        }
        return new PrometheusText(samples, types);
    }

    /** The typed family a sample name belongs to, or null. */
    private static String family(String sample, Map<String, String> types) {
        for (Map.Entry<String, String> t : types.entrySet()) {
            for (String suffix : SUFFIXES.get(t.getValue())) {
                if (sample.equals(t.getKey() + suffix)
                        || t.getValue().equals("counter") && t.getKey().endsWith("_total") && sample.equals(t.getKey())) {
                    return t.getKey();
                }
            }
        }
        return null;
    }

    private static Map<String, String> labels(String text, int line) {
        Map<String, String> labels = new HashMap<>();
        if (text == null || text.isEmpty()) {
            return labels;
        }
        Matcher m = LABEL.matcher(text);
        int at = 0;
        while (at < text.length()) {
            if (!m.find(at) || m.start() != at) {
                throw new IllegalArgumentException("line " + line + ": bad labels {" + text + "}");
            }
            labels.put(m.group(1), m.group(2).replace("\\\"", "\"").replace("\\n", "\n").replace("\\\\", "\\"));
            at = m.end();
        }
        return labels;
    }

    private static double value(String text, int line) {
        return switch (text) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            case "NaN" -> Double.NaN;
            default -> {
                try {
                    yield Double.parseDouble(text);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("line " + line + ": value '" + text + "' is not a number");
                }
            }
        };
    }

    /** The TYPE of family {@code name}, or null. */
    String type(String name) {
        return types.get(name);
    }

    /** The value of sample {@code name} with exactly {@code labels} (as name, value pairs); fails when absent. */
    double value(String name, String... labels) {
        Map<String, String> want = new HashMap<>();
        for (int i = 0; i < labels.length; i += 2) {
            want.put(labels[i], labels[i + 1]);
        }
        return samples.stream().filter(s -> s.name().equals(name) && s.labels().equals(want)).findFirst()
                .orElseThrow(() -> new AssertionError("no sample " + name + want)).value();
    }

    /** Every sample, in the text's order. */
    List<Sample> samples() {
        return samples;
    }

    /** Every sample named {@code name}. */
    List<Sample> samples(String name) {
        return samples.stream().filter(s -> s.name().equals(name)).toList();
    }
}
