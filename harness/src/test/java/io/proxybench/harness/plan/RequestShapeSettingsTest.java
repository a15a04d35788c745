package io.proxybench.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.ProxyRequest;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A request's shape from Java: what the builder makes of the settings, and the lines that refuse bad ones. */
class RequestShapeSettingsTest {

    private static final URI URL = URI.create("http://example.com/a");

    @TempDir
    Path dir;

    @Test
    void noSettingsIsAPlainGet() {
        ProxyRequest r = new RequestShapeSettings(null, List.of(), null, null, null).builder().apply(URL);
        assertThat(r.method()).isEqualTo("GET");
        assertThat(r.uri()).isEqualTo(URL);
        assertThat(r.headers().names()).isEmpty();
    }

    @Test
    void aBodyIsAFormPostUnlessAHeaderSaysOtherwise() {
        ProxyRequest form = new RequestShapeSettings(null, List.of("Accept: text/html"), "a=1", null, "pb/1")
                .builder().apply(URL);
        assertThat(form.method()).isEqualTo("POST");
        assertThat(new String(form.body(), StandardCharsets.UTF_8)).isEqualTo("a=1");
        assertThat(form.headers().get("Content-Type")).isEqualTo("application/x-www-form-urlencoded");
        assertThat(form.headers().get("Accept")).isEqualTo("text/html");
        assertThat(form.headers().get("User-Agent")).isEqualTo("pb/1");
        ProxyRequest json = new RequestShapeSettings("PUT", List.of("content-type: application/json"), "{}", null,
                null).builder().apply(URL);
        assertThat(json.method()).isEqualTo("PUT");
        assertThat(json.headers().values("Content-Type")).containsExactly("application/json");
    }

    @Test
    void atFileStreamsTheFileAsDataFileDoes() throws Exception {
        Path file = Files.writeString(dir.resolve("body.bin"), "line 1\nline 2\n");
        ProxyRequest at = new RequestShapeSettings(null, List.of(), "@" + file, null, null).builder().apply(URL);
        ProxyRequest streamed = new RequestShapeSettings(null, List.of(), null, file, null).builder().apply(URL);
        assertThat(at.bodyFile()).isEqualTo(file);
        assertThat(streamed.bodyFile()).isEqualTo(file);
        assertThat(at.method()).isEqualTo("POST");
    }

    @Test
    void badSettingsAreNamedAsTheCommandLineSpellsThem() {
        assertThatThrownBy(() -> new RequestShapeSettings(null, List.of(), "a", dir.resolve("b"), null).builder())
                .hasMessage("-d/--data and --data-file exclude each other; give one body");
        assertThatThrownBy(() -> new RequestShapeSettings(null, List.of(), "@" + dir.resolve("none"), null, null)
                .builder()).hasMessage("-d @" + dir.resolve("none") + " cannot be read; give a readable file");
        assertThatThrownBy(() -> new RequestShapeSettings("GE T", List.of(), null, null, null).builder())
                .hasMessage("-X/--method 'GE T' is not an HTTP method; e.g. POST");
        assertThatThrownBy(() -> new RequestShapeSettings(null, List.of("Accept: a", "s3cret"), null, null, null)
                .builder()).hasMessageStartingWith("-H/--header number 2 (not shown) is not 'Name: value'")
                .hasMessageNotContaining("s3cret");
        assertThatThrownBy(() -> new RequestShapeSettings(null, List.of("X-A: b\nC: d"), null, null, null).builder())
                .hasMessage("-H/--header X-A has a line break in its value");
    }
}
