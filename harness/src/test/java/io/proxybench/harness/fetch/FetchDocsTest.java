package io.proxybench.harness.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/fetch.md explains every variable of {@code -w} and every exit code; {@code --help}'s table has each code. */
class FetchDocsTest {

    @Test
    void theDocsNameEveryVariableAndEveryExitCode() throws Exception {
        Path docs = null;
        for (Path d = Path.of("").toAbsolutePath(); d != null && docs == null; d = d.getParent()) {
            docs = Files.isRegularFile(d.resolve("docs/fetch.md")) ? d.resolve("docs/fetch.md") : null;
        }
        assertThat(docs).as("docs/fetch.md above " + Path.of("").toAbsolutePath()).isNotNull();
        String text = Files.readString(docs);
        for (String name : FetchVariables.all().keySet()) {
            assertThat(text).as("docs/fetch.md explains %s", name).contains("`" + name + "`");
        }
        for (Field f : FetchFailure.class.getDeclaredFields()) {
            if (f.getType() == int.class && Modifier.isStatic(f.getModifiers())) {
                int code = f.getInt(null);
                assertThat(text).as("docs/fetch.md's exit code table has %s", code).contains("\n| " + code + " |");
                assertThat(FetchFailure.TABLE).as("--help's exit codes have %s", code).contains(" " + code + " ");
            }
        }
    }
}
