package io.proxybench.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.lab.Lab;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a user gets: a brand-new Maven project outside this build, whose pom depends on
 * {@code io.proxybench:proxybench-client} alone, builds the README's client examples (the same files the README shows,
 * {@link CountHandshakes} and {@link Scrape}) with {@code mvn -o -q package} against the installed artifacts, and the
 * programs it built tell the truth about the lab. Needs this build's client installed (bin/test runs
 * {@code mvn install}): skips otherwise, fails instead when {@code CI=true}.
 */
class FreshProjectTest {

    private static final String MAIN_CLASSES = "src/main/java/io/proxybench/examples/";

    @TempDir
    static Path project;

    @BeforeAll
    static void buildAFreshProjectThatDependsOnTheClientAlone() throws Exception {
        InstalledArtifacts.assumeThisBuildsClientIsInstalled();
        assertThat(project.toAbsolutePath().startsWith(Path.of("..").toAbsolutePath().normalize()))
                .as("%s is outside the reactor", project).isFalse();
        Files.writeString(project.resolve("pom.xml"), pom(InstalledArtifacts.version()));
        Path sources = Files.createDirectories(project.resolve(MAIN_CLASSES));
        for (Path example : List.of(CountHandshakesTest.SOURCE, ScrapeTest.SOURCE)) {
            Files.copy(example, sources.resolve(example.getFileName()));
        }

        List<String> mvn = List.of(mvn().toString(), "-o", "-q", "-B",
                "-Dmaven.repo.local=" + InstalledArtifacts.localRepository(), "package");
        String out = run(mvn, 600);
        assertThat(project.resolve("target/fresh-project-1.0.jar")).as("the jar `mvn package` built; it said:%n%s", out)
                .isRegularFile();
    }

    @Test
    void itsCountHandshakesCountsTheConnectionsTheGatewaySaw() throws Exception {
        try (Lab lab = LabRuns.startLab()) {
            String out = runExample("CountHandshakes", LabRuns.countHandshakesArgs(lab));
            LabRuns.assertCountHandshakesTold(out, lab);
        }
    }

    @Test
    void itsScrapeKeepsEachCookieOnItsExitAndSaysWhatTheTargetSaw() throws Exception {
        try (Lab lab = LabRuns.startLab()) {
            Path download = project.resolve("file.bin");
            String out = runExample("Scrape", LabRuns.scrapeArgs(lab, download));
            LabRuns.assertScrapeTold(out, lab, download);
        }
    }

    /** The user's pom: the client, and nothing of proxybench's but what it brings; plugins pinned for -o. */
    private static String pom(String version) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>com.example</groupId>
                  <artifactId>fresh-project</artifactId>
                  <version>1.0</version>
                  <properties>
                    <maven.compiler.release>17</maven.compiler.release>
                    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
                  </properties>
                  <dependencies>
                    <dependency>
                      <groupId>io.proxybench</groupId>
                      <artifactId>proxybench-client</artifactId>
                      <version>%s</version>
                    </dependency>
                  </dependencies>
                  <build>
                    <plugins>
                      <plugin>
                        <artifactId>maven-resources-plugin</artifactId>
                        <version>3.3.1</version>
                      </plugin>
                      <plugin>
                        <artifactId>maven-compiler-plugin</artifactId>
                        <version>3.14.0</version>
                      </plugin>
                      <plugin>
                        <artifactId>maven-surefire-plugin</artifactId>
                        <version>3.6.1</version>
                      </plugin>
                      <plugin>
                        <artifactId>maven-jar-plugin</artifactId>
                        <version>3.4.2</version>
                      </plugin>
                      <plugin>
                        <artifactId>maven-dependency-plugin</artifactId>
                        <version>3.9.0</version>
                        <executions>
                          <execution>
                            <phase>package</phase>
                            <goals><goal>copy-dependencies</goal></goals>
                            <configuration>
                              <outputDirectory>${project.build.directory}/lib</outputDirectory>
                              <includeScope>runtime</includeScope>
                            </configuration>
                          </execution>
                        </executions>
                      </plugin>
                    </plugins>
                  </build>
                </project>
                """.formatted(version);
    }

    /** Runs the fresh project's {@code example} in a JVM of its own, on its jar and its runtime dependencies. */
    private static String runExample(String example, String... args) throws Exception {
        String classPath = project.resolve("target/fresh-project-1.0.jar") + File.pathSeparator
                + project.resolve("target/lib") + File.separator + "*";
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", classPath, "io.proxybench.examples." + example));
        command.addAll(List.of(args));
        return run(command, 300);
    }

    /** Runs {@code command} in the fresh project; returns its output, failing with it unless it exits with 0. */
    private static String run(List<String> command, long timeoutSeconds) throws IOException, InterruptedException {
        Path log = Files.createTempFile(project, "run-", ".log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process process = builder.start();
        boolean ended = process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
        if (!ended) {
            process.destroyForcibly().waitFor();
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(ended).as("%s ended within %d s; it said:%n%s", command, timeoutSeconds, out).isTrue();
        assertThat(process.exitValue()).as("%s's exit code; it said:%n%s", command, out).isZero();
        return out;
    }

    /** Maven: {@code maven.home} (surefire passes the running build's), else {@code mvn} on the PATH. */
    private static Path mvn() {
        String home = System.getProperty("maven.home", "");
        if (!home.isBlank() && Files.isExecutable(Path.of(home, "bin", "mvn"))) {
            return Path.of(home, "bin", "mvn");
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, "mvn");
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        throw new AssertionError("no mvn: neither maven.home (" + home + ") nor the PATH has one");
    }
}
