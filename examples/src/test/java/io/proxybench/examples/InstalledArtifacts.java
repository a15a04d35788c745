package io.proxybench.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The project's artifacts in the local Maven repository, as a user's build finds them. The tests that use them need
 * this build's: they run after {@code mvn install} (bin/test runs it), skip with the reason otherwise, and fail
 * instead when {@code CI=true}. Surefire passes the version, the local repository and the client's target folder.
 */
final class InstalledArtifacts {

    static final String GROUP = "io.proxybench";

    private InstalledArtifacts() {}

    /** The project's version, from the surefire configuration. */
    static String version() {
        return property("proxybench.version");
    }

    /** The local repository this build installs into. */
    static Path localRepository() {
        return Path.of(property("proxybench.localRepository"));
    }

    /** {@code artifactId}'s file of this version with {@code suffix} ({@code .jar}, {@code -sources.jar}, ...). */
    static Path file(String artifactId, String suffix) {
        return localRepository().resolve(GROUP.replace('.', '/')).resolve(artifactId).resolve(version())
                .resolve(artifactId + "-" + version() + suffix);
    }

    /**
     * Goes on only if the client in the local repository is the one this build made (its jar has the same bytes as
     * client/target's): skips with the reason otherwise, or fails when {@code CI=true}, where it must run.
     */
    static void assumeThisBuildsClientIsInstalled() throws IOException {
        Path installed = file("proxybench-client", ".jar");
        Path built = Path.of(property("proxybench.clientTarget"), "proxybench-client-" + version() + ".jar")
                .toAbsolutePath().normalize();
        String reason;
        if (!Files.isRegularFile(installed)) {
            reason = "the client is not installed: no " + installed;
        } else if (!Files.isRegularFile(built)) {
            reason = "the client is not built in this tree: no " + built;
        } else if (Files.mismatch(installed, built) != -1) {
            reason = "the installed client is not this build's: " + installed + " differs from " + built;
        } else {
            return;
        }
        reason += "; run `mvn install` (bin/test does) to test what a user's project gets";
        if ("true".equals(System.getenv("CI"))) {
            throw new AssertionError("with CI=true this test must run, but " + reason);
        }
        assumeTrue(false, reason);
    }

    private static String property(String name) {
        String value = System.getProperty(name);
        assertThat(value).as("system property %s (set by examples/pom.xml's surefire configuration)", name)
                .isNotBlank();
        return value;
    }
}
