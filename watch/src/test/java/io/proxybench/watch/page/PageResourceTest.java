package io.proxybench.watch.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The page is on the classpath, whole, and asks the network for nothing but its own api/series and events. */
class PageResourceTest {

    @Test
    void thePageIsOneFileThatLoadsNothingFromTheNetwork() {
        String html = new String(PageResource.indexHtml(), StandardCharsets.UTF_8);

        assertThat(html).startsWith("<!doctype html>").endsWith("</html>\n").contains("fetch('api/series'")
                .contains("new EventSource('events'");
        // The only address is SVG's namespace, which names and loads nothing.
        assertThat(html.replace("'http://www.w3.org/2000/svg'", "")).doesNotContain("http:").doesNotContain("https:")
                .doesNotContain("//cdn").doesNotContain("@import");
        assertThat(Pattern.compile("\\b(?:src|href)\\s*=\\s*\"(?!data:)").matcher(html).find())
                .as("an src or href that is not inline data").isFalse();
        assertThat(html).as("data goes in as text, never as markup").doesNotContain("innerHTML");
    }

    @Test
    void eachCallGetsItsOwnCopy() {
        byte[] first = PageResource.indexHtml();
        first[0] = 'X';

        assertThat(PageResource.indexHtml()).startsWith((byte) '<').isNotSameAs(first);
    }
}
