package io.proxybench.client.internal.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http.HttpHeaderNames;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RawHeadersTest {

    private static RawHeaders of(String lines) {
        return new RawHeaders(lines.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void aFieldIsReadInAnyCaseWithItsFirstValueTrimmed() {
        RawHeaders h = of("Server: nginx\r\nSet-Cookie:  a=1 \r\nset-cookie: b=2\nCF-Mitigated: challenge\r\n");

        assertThat(h.get("cf-mitigated")).isEqualTo("challenge");
        assertThat(h.get("SET-COOKIE")).isEqualTo("a=1");
        assertThat(h.get(HttpHeaderNames.SERVER)).isEqualTo("nginx");
        assertThat(h.get("Serve")).isNull();
        assertThat(h.get("X-Absent")).isNull();
    }

    @Test
    void aNameIsFoundOnlyWholeWhereverItsLineEndsAndWithWhitespaceBeforeTheColon() {
        RawHeaders h = of("Content-Length: 3\r\nContent-Type \t: text/plain\r\nConnection:close\nC: short\r\n"
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
    void everythingElseIsNettysHeadersWithTheNamesAsTheyCame() {
        RawHeaders h = of("Server: nginx\r\nSet-Cookie: a=1\r\nset-cookie: b=2\r\nX-Long: one\r\n two\r\n");

        assertThat(h.getAll("Set-Cookie")).containsExactly("a=1", "b=2");
        assertThat(h.size()).isEqualTo(4);
        assertThat(h.get("x-long")).isEqualTo("one two");
        List<String> names = new ArrayList<>();
        h.forEach(e -> names.add(e.getKey()));
        assertThat(names).containsExactly("Server", "Set-Cookie", "set-cookie", "X-Long");
        assertThat(h.contains("SERVER")).isTrue();
        assertThat(h.containsValue("server", "NGINX", true)).isTrue();
    }

    @Test
    void aChangeIsSeenByEveryReadAfterIt() {
        RawHeaders h = of("Server: nginx\r\n");
        assertThat(h.isEmpty()).isFalse();

        h.set("Server", "changed").add("X-New", 1);

        assertThat(h.get("server")).isEqualTo("changed");
        assertThat(h.get("x-new")).isEqualTo("1");
        h.clear();
        assertThat(h.isEmpty()).isTrue();
        assertThat(h.get("server")).isNull();
    }

    @Test
    void noLinesIsEmpty() {
        RawHeaders h = of("");

        assertThat(h.isEmpty()).isTrue();
        assertThat(h.get("anything")).isNull();
        assertThat(h.size()).isZero();
    }
}
