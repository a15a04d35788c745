package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Names in any case, several values per name, the order kept, immutable, and nothing HTTP forbids let in. */
class HeadersTest {

    @Test
    void namesAreFoundInAnyCaseAndEveryValueIsKeptInOrder() {
        Headers h = Headers.of("Accept", "text/html", "X-Tag", "a", "x-tag", "b", "ACCEPT-Language", "de");

        assertThat(h.get("accept")).isEqualTo("text/html");
        assertThat(h.get("X-TAG")).isEqualTo("a");
        assertThat(h.values("x-Tag")).containsExactly("a", "b");
        assertThat(h.values("absent")).isEmpty();
        assertThat(h.get("absent")).isNull();
        assertThat(h.contains("accept-language")).isTrue();
        assertThat(h.size()).isEqualTo(4);
        assertThat(h.names()).containsExactly("Accept", "X-Tag", "ACCEPT-Language");
        assertThat(h.name(2)).isEqualTo("x-tag");
        assertThat(h.value(2)).isEqualTo("b");
        List<String> seen = new ArrayList<>();
        for (Map.Entry<String, String> e : h) {
            seen.add(e.getKey() + "=" + e.getValue());
        }
        assertThat(seen).containsExactly("Accept=text/html", "X-Tag=a", "x-tag=b", "ACCEPT-Language=de");
    }

    @Test
    void aBuilderMakesNewHeadersAndLeavesTheOldOnesAlone() {
        Headers first = Headers.of("A", "1", "B", "2", "a", "3");
        Headers second = first.toBuilder().set("a", "9").add("C", "  padded\t").remove("b").build();

        assertThat(second).isEqualTo(Headers.of("a", "9", "C", "padded"));
        assertThat(first.values("a")).containsExactly("1", "3");
        assertThat(Headers.builder().addAll(first).addAll(second).build().size()).isEqualTo(5);
        assertThatThrownBy(() -> first.values("a").add("x")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> first.names().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> first.name(3)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(Headers.builder().build()).isSameAs(Headers.empty());
        assertThat(Headers.empty().isEmpty()).isTrue();
    }

    @Test
    void equalityComparesNamesInAnyCaseAndValuesExactly() {
        assertThat(Headers.of("Accept", "x")).isEqualTo(Headers.of("accept", "x"))
                .hasSameHashCodeAs(Headers.of("ACCEPT", "x"));
        assertThat(Headers.of("Accept", "x")).isNotEqualTo(Headers.of("Accept", "X"));
        assertThat(Headers.of("A", "1", "B", "2")).as("order matters").isNotEqualTo(Headers.of("B", "2", "A", "1"));
    }

    @Test
    void aNameThatIsNoTokenOrAValueOfSeveralLinesIsRefusedSayingWhy() {
        assertThatThrownBy(() -> Headers.of("Bad Name", "x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("header name \"Bad Name\" is not an HTTP token: use letters, digits and"
                        + " !#$%&'*+-.^_`|~ only, e.g. X-Request-Id");
        assertThatThrownBy(() -> Headers.of("", "x")).hasMessageContaining("header name \"\"");
        assertThatThrownBy(() -> Headers.of("X-Line\n", "x")).hasMessageContaining("\"X-Line\\u000a\"");
        assertThatThrownBy(() -> Headers.of("X-Evil", "a\r\nHost: other")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the value of header X-Evil holds a CR at index 1: a header value is one line; send several"
                        + " values as several fields");
        assertThatThrownBy(() -> Headers.of("X-Odd")).hasMessageContaining("in pairs; 1 strings were given");
        assertThatThrownBy(() -> Headers.builder().add("X", null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("header X");
    }

    @Test
    void toStringMasksCredentialsAndCookies() {
        Headers h = Headers.of("Authorization", "Bearer secret", "Proxy-Authorization", "Basic c2VjcmV0",
                "Cookie", "sid=secret", "Accept", "*/*");

        assertThat(h.toString()).doesNotContain("secret").doesNotContain("c2VjcmV0")
                .isEqualTo("Authorization: ****\nProxy-Authorization: ****\nCookie: ****\nAccept: */*\n");
    }
}
