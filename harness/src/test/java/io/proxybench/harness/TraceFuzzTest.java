package io.proxybench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Response bodies of any bytes read as a trace: {@link Trace} gives, for each field, the stripped value of the
 * body's first line for it, or nothing; never a value that line does not hold, and never an exception.
 */
class TraceFuzzTest {

    /** The lab target's fields, in the order it writes them. */
    private static final List<String> KEYS =
            List.of("fl", "h", "ip", "ts", "uag", "http", "loc", "tls", "sni", "conn", "req");

    @FuzzTest(maxDuration = "20s")
    void eachFieldIsItsLinesValueOrAbsent(byte[] body) {
        Trace trace = Trace.of(body);
        List<String> lines = new String(body, StandardCharsets.UTF_8).lines().toList();
        for (String key : KEYS) {
            String value = trace.value(key);
            String whole = lines.stream().filter(line -> line.startsWith(key + "=")).findFirst()
                    .map(line -> line.substring(key.length() + 1).strip()).orElse(null);
            if (body.length <= Trace.HEAD_BYTES) {
                assertThat(value).as(key).isEqualTo(whole);
            } else if (value != null) {
                assertThat(value).as(key + ", from a body longer than the head").isEqualTo(whole);
            }
        }
    }
}
