package io.proxybench.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --url} and {@code --url-file}: the URLs given, then the file's, each line read as a URL given. */
class TargetUrlsTest {

    @TempDir
    Path dir;

    /** Reads a line as {@code --url} would, refusing one that is not http(s). */
    private static URI convert(String line) {
        if (!line.startsWith("http")) {
            throw new IllegalArgumentException("'" + line + "' is not a URL");
        }
        return URI.create(line);
    }

    @Test
    void theGivenComeFirstThenTheFilesLinesWithoutBlanksOrComments() throws IOException {
        Path file = Files.writeString(dir.resolve("urls.txt"), "# targets\nhttps://b/\n\n  https://c/  \n");
        assertThat(TargetUrls.read(List.of(URI.create("https://a/")), file, TargetUrlsTest::convert))
                .containsExactly(URI.create("https://a/"), URI.create("https://b/"), URI.create("https://c/"));
    }

    @Test
    void aBadLineIsNamedByFileAndLine() throws IOException {
        Path file = Files.writeString(dir.resolve("urls.txt"), "https://b/\nftp://c/\n");
        assertThatThrownBy(() -> TargetUrls.read(null, file, TargetUrlsTest::convert))
                .hasMessage(file + ":2: 'ftp://c/' is not a URL");
    }

    @Test
    void noURLAtAllIsRefusedWithTheOptionsThatGiveOne() throws IOException {
        Path empty = Files.writeString(dir.resolve("empty.txt"), "# nothing yet\n");
        assertThatThrownBy(() -> TargetUrls.read(List.of(URI.create("https://a/")), empty, TargetUrlsTest::convert))
                .hasMessage("--url-file " + empty + " has no URL; write one per line");
        assertThatThrownBy(() -> TargetUrls.read(null, null, TargetUrlsTest::convert))
                .hasMessageStartingWith("no URL to request: give --url URL");
        assertThatThrownBy(() -> TargetUrls.read(null, dir.resolve("missing.txt"), TargetUrlsTest::convert))
                .hasMessageStartingWith("--url-file " + dir.resolve("missing.txt") + " cannot be read: ");
    }
}
