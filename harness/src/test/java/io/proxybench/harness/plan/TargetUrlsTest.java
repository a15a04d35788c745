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

    @Test
    void theGivenComeFirstThenTheFilesLinesWithoutBlanksOrComments() throws IOException {
        Path file = Files.writeString(dir.resolve("urls.txt"), "# targets\nhttps://b/\n\n  https://c/  \n");
        assertThat(TargetUrls.read(List.of(URI.create("https://a/")), file))
                .containsExactly(URI.create("https://a/"), URI.create("https://b/"), URI.create("https://c/"));
    }

    @Test
    void aBadLineIsNamedByFileAndLine() throws IOException {
        Path file = Files.writeString(dir.resolve("urls.txt"), "https://b/\nftp://c/\n");
        assertThatThrownBy(() -> TargetUrls.read(null, file))
                .hasMessage(file + ":2: ftp://c/ is not an http:// or https:// URL: write https://c/ (or http://)");
    }

    @Test
    void noURLAtAllIsRefusedWithTheOptionsThatGiveOne() throws IOException {
        Path empty = Files.writeString(dir.resolve("empty.txt"), "# nothing yet\n");
        assertThatThrownBy(() -> TargetUrls.read(List.of(URI.create("https://a/")), empty))
                .hasMessage("--url-file " + empty + " has no URL; write one per line");
        assertThatThrownBy(() -> TargetUrls.read(null, null))
                .hasMessageStartingWith("no URL to request: give --url URL");
        assertThatThrownBy(() -> TargetUrls.read(null, dir.resolve("missing.txt")))
                .hasMessageStartingWith("--url-file " + dir.resolve("missing.txt") + " cannot be read: ");
    }
}
