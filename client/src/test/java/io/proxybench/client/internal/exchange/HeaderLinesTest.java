package io.proxybench.client.internal.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.Headers;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A response's headers read from the field lines as they came: one field from the bytes, all of them when asked. */
class HeaderLinesTest {

    private static Headers of(String lines) {
        return HeaderLines.headers(lines.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void aFieldIsReadInAnyCaseWithItsFirstValueTrimmed() {
        Headers h = of("Server: nginx\r\nSet-Cookie:  a=1 \r\nset-cookie: b=2\nCF-Mitigated: challenge\r\n");

        assertThat(h.get("cf-mitigated")).isEqualTo("challenge");
        assertThat(h.get("SET-COOKIE")).isEqualTo("a=1");
        assertThat(h.get("server")).isEqualTo("nginx");
        assertThat(h.get("Serve")).isNull();
        assertThat(h.get("X-Absent")).isNull();
    }

    @Test
    void aNameIsFoundOnlyWholeWhereverItsLineEndsAndWithWhitespaceBeforeTheColon() {
        Headers h = of("Content-Length: 3\r\nContent-Type \t: text/plain\r\nConnection:close\nC: short\r\n"
                + "Content-Type-Options: nosniff\r\n");

        assertThat(h.get("content-type")).isEqualTo("text/plain");
        assertThat(h.get("Content-Type-Options")).isEqualTo("nosniff");
        assertThat(h.get("connection")).isEqualTo("close");
        assertThat(h.get("c")).isEqualTo("short");
        assertThat(h.get("Content")).as("a prefix of a name").isNull();
        assertThat(h.get("Content-Length-And-More")).as("longer than any line's name").isNull();
        assertThat(h.get("")).isNull();
    }

    @Test
    void everyFieldIsThereInOrderWithTheNamesAsTheyCameAndFoldedValuesJoined() {
        Headers h = of("Server: nginx\r\nSet-Cookie: a=1\r\nset-cookie: b=2\r\nX-Long: one\r\n two\r\n");

        assertThat(h.get("x-long")).as("read from the bytes, before the fields are parsed").isEqualTo("one two");
        assertThat(h.values("Set-Cookie")).containsExactly("a=1", "b=2");
        assertThat(h.size()).isEqualTo(4);
        List<String> names = new ArrayList<>();
        h.forEach(e -> names.add(e.getKey()));
        assertThat(names).containsExactly("Server", "Set-Cookie", "set-cookie", "X-Long");
        assertThat(h.names()).containsExactly("Server", "Set-Cookie", "X-Long");
        assertThat(h.contains("SERVER")).isTrue();
        assertThat(h.get("x-long")).as("the same once parsed").isEqualTo("one two");
    }

    @Test
    void headersReadFromLinesEqualTheSameBuiltByHand() {
        Headers read = of("Server: nginx\r\nSet-Cookie: a=1\r\n");

        assertThat(read).isEqualTo(Headers.of("server", "nginx", "Set-Cookie", "a=1"))
                .hasSameHashCodeAs(Headers.of("server", "nginx", "Set-Cookie", "a=1"));
        assertThat(read.toBuilder().set("Server", "changed").build().get("server")).isEqualTo("changed");
        assertThat(read.get("server")).as("the original unchanged").isEqualTo("nginx");
    }

    @Test
    void noLinesIsEmpty() {
        Headers h = of("");

        assertThat(h.isEmpty()).isTrue();
        assertThat(h.get("anything")).isNull();
        assertThat(h.size()).isZero();
    }
}
