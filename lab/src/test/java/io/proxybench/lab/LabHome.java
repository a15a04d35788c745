package io.proxybench.lab;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * {@code proxybench.home} pointed at a folder of the test class's own while it runs, so that the labs started without
 * a home of their own (by a command, or by an experiment's run on the lab) keep their CA there, not in the user's
 * {@code ~/.proxybench}: {@code @RegisterExtension static final LabHome home = new LabHome();}. The folder is deleted
 * and the property cleared after the class.
 */
public final class LabHome implements BeforeAllCallback, AfterAllCallback {

    private static final String PROPERTY = "proxybench.home";

    private Path dir;

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        dir = Files.createTempDirectory("proxybench-home");
        System.setProperty(PROPERTY, dir.toString());
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        System.clearProperty(PROPERTY);
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    /** The folder, while the class runs. */
    public Path dir() {
        return dir;
    }
}
