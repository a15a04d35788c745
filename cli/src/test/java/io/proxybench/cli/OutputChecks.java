package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.proxybench.analysis.report.ReportJson;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What finished output looks like, checked on any command's: text a person reads holds no Java collection or record
 * syntax ({@code {connect_407=150}}, {@code {}}, {@code Stopped[cause=...]}, {@code Optional[...]}), and every
 * fractional number of a JSON report carries no more digits than {@link ReportJson} documents.
 */
final class OutputChecks {

    /** Java's map and record {@code toString}s, an empty map, an Optional, an identity hash. */
    private static final List<Pattern> JAVA_SYNTAX = List.of(
            Pattern.compile("\\{[^{}\\s=\"]+=[^{}]*}"),
            Pattern.compile("(^|[\\s:(])\\{}"),
            Pattern.compile("\\b[A-Z][A-Za-z]+\\[[a-z][A-Za-z]*="),
            Pattern.compile("\\bOptional(\\.empty|\\[)"),
            Pattern.compile("\\b[a-z]+\\.[a-z.]+\\.[A-Z]\\w*@[0-9a-f]{5,}"));

    private OutputChecks() {}

    /** Fails naming the first line of {@code text} that shows Java syntax. */
    static void readable(String what, String text) {
        for (String line : text.split("\n")) {
            for (Pattern p : JAVA_SYNTAX) {
                Matcher m = p.matcher(line);
                assertThat(m.find()).as("%s prints Java syntax (%s) in: %s", what, m.pattern(), line).isFalse();
            }
        }
    }

    /**
     * Fails naming the first number of {@code json} with more digits than documented: at most
     * {@value ReportJson#DECIMALS} decimals, or {@value ReportJson#DECIMALS} significant digits under 0.1.
     */
    static void rounded(String what, JsonNode json) {
        List<String> tooLong = new ArrayList<>();
        collect(json, "", tooLong);
        assertThat(tooLong).as("%s: JSON numbers with more digits than they mean", what).isEmpty();
    }

    private static void collect(JsonNode node, String path, List<String> tooLong) {
        if (node.isObject()) {
            node.properties().forEach(e -> collect(e.getValue(), path + "." + e.getKey(), tooLong));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collect(node.get(i), path + "[" + i + "]", tooLong);
            }
        } else if (node.isFloatingPointNumber()) {
            BigDecimal v = node.decimalValue().stripTrailingZeros();
            boolean small = v.abs().compareTo(new BigDecimal("0.1")) < 0 && v.signum() != 0;
            if (small ? v.precision() > ReportJson.DECIMALS : v.scale() > ReportJson.DECIMALS) {
                tooLong.add(path + " = " + node.asText());
            }
        }
    }
}
