package io.proxybench.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The README shows an example program as it is: the code block after its marker is the source, package left out. */
final class ReadmeExample {

    private ReadmeExample() {}

    /** Checks the README's block under {@code <!-- examples/SOURCE -->} against {@code source}, a path in this module. */
    static void assertShownAsItIs(Path source) throws IOException {
        String readme = Files.readString(Path.of("../README.md"));
        String marker = "<!-- examples/" + source + " -->";
        int at = readme.indexOf(marker);
        assertThat(at).as("README.md has the marker %s before the example", marker).isNotNegative();
        int start = readme.indexOf("```java\n", at) + "```java\n".length();
        String shown = readme.substring(start, readme.indexOf("```\n", start));
        String code = Files.readString(source).replaceFirst("(?s)^package [^;]+;\\s*", "");
        assertThat(shown).as("the README's example, against %s", source).isEqualTo(code);
    }
}
