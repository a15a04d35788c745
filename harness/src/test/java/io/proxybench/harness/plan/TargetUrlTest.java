package io.proxybench.harness.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import org.junit.jupiter.api.Test;

class TargetUrlTest {

    @Test
    void aUrlComesBackWithItsSchemeLowerCasedAndItsServerAuthorityParsed() {
        URI url = TargetUrl.parse(" HTTPS://example.com:8443/a?b=1 ");
        assertEquals("https", url.getScheme());
        assertEquals("example.com", url.getHost());
        assertEquals(8443, url.getPort());
        assertEquals("/a", url.getPath());
    }

    @Test
    void eachMistakeIsNamedWithTheValueAndTheFix() {
        assertEquals("example.com has no scheme: write https://example.com (or http://)", message("example.com"));
        assertEquals("ftp://h/ is not an http:// or https:// URL: write https://h/ (or http://)", message("ftp://h/"));
        assertEquals("'https://h/a b' has ' ' at character 12, which a URL cannot hold as it is: write %20 instead",
                message("https://h/a b"));
        assertEquals("https://h:0/ has port 0, outside 1..65535", message("https://h:0/"));
        assertEquals("'' has no scheme: write https:// (or http://)", message(""));
    }

    private static String message(String value) {
        return assertThrows(IllegalArgumentException.class, () -> TargetUrl.parse(value)).getMessage();
    }
}
