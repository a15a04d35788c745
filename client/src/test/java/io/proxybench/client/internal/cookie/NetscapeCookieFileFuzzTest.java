package io.proxybench.client.internal.cookie;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.proxybench.client.cookie.Cookie;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Cookie files as a stranger may write them: loading gives cookies that save and load back the same, or throws an
 * {@link IOException} whose message names the file and line; nothing else.
 */
class NetscapeCookieFileFuzzTest {

    @FuzzTest(maxDuration = "20s")
    void aFileLoadsOrTheErrorNamesTheLine(byte[] content) throws IOException {
        List<Cookie> cookies;
        try {
            cookies = NetscapeCookieFile.parse("cookies.txt", content);
        } catch (IOException e) {
            assertThat(e.getMessage()).matches("(?s)cookies\\.txt line [1-9][0-9]*: .+");
            return;
        }
        for (Cookie c : cookies) {
            assertThat(c.name()).isNotEmpty();
            assertThat(c.domain()).isNotEmpty().doesNotStartWith(".");
            assertThat(c.path()).startsWith("/");
        }
        byte[] saved = NetscapeCookieFile.format(cookies).getBytes(StandardCharsets.ISO_8859_1);
        assertThat(NetscapeCookieFile.parse("saved.txt", saved)).containsExactlyElementsOf(cookies);
    }
}
