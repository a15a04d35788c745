package io.proxybench.recorder.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;

/**
 * Response bodies of any bytes, as a recorder copies their head: the exit parser never throws, and every value it
 * gives is a non-empty stripped string; from a body that is not a JSON object, a value its own {@code ip=} or
 * {@code loc=} line holds.
 */
class ExitParserFuzzTest {

    @FuzzTest(maxDuration = "20s")
    void givesNothingButValuesTheBodyHolds(byte[] body) {
        int length = Math.min(body.length, BodyHead.MAX_BYTES);
        Exit exit = ExitParser.parse(body, length);

        String text = new String(body, 0, length, StandardCharsets.UTF_8);
        boolean json = text.strip().startsWith("{");
        check(exit.ip(), "ip=", text, json);
        check(exit.loc(), "loc=", text, json);
    }

    private static void check(String value, String key, String text, boolean json) {
        if (value == null) {
            return;
        }
        assertThat(value).isNotEmpty().isEqualTo(value.strip());
        if (!json) {
            assertThat(text.lines().anyMatch(line -> line.startsWith(key) && line.substring(key.length()).strip()
                    .equals(value))).as(key + value + " is a line of the body").isTrue();
        }
    }
}
