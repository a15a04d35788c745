package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The newcomer's path: start the lab, paste the curl line it printed, see a lab exit answer. */
@Tag("interop")
class PrintedCurlExampleTest {

    /** With a space, quotes, a dollar sign and a backslash: what a shell or a config file could mangle. */
    private static final String PASSWORD = "hunter2 \"$x\\'";

    @TempDir
    Path home;

    /** A lab running in this process, and the one JSON line it printed. */
    record StartedLab(CompletableFuture<Integer> exit, JsonNode printed, String line) {}

    static StartedLab startLab(String... args) throws Exception {
        CompletableFuture<String> firstLine = new CompletableFuture<>();
        StringBuilder printed = new StringBuilder();
        Writer sink = new Writer() {
            @Override
            public void write(char[] c, int off, int len) {
                printed.append(c, off, len);
                int nl = printed.indexOf("\n");
                if (nl >= 0) {
                    firstLine.complete(printed.substring(0, nl));
                }
            }

            @Override
            public void flush() { }

            @Override
            public void close() { }
        };
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(sink, true));
        List<String> all = new ArrayList<>(List.of("lab", "--json"));
        all.addAll(List.of(args));
        CompletableFuture<Integer> lab = CompletableFuture.supplyAsync(() -> cli.execute(all.toArray(String[]::new)));
        String line = firstLine.get(20, TimeUnit.SECONDS);
        return new StartedLab(lab, new ObjectMapper().readTree(line), line);
    }

    @Test
    void theCurlLineTheLabPrintsWorks() throws Exception {
        requireCurl();
        StartedLab lab = startLab("--for", "4s", "--home", home.toString());
        String curl = lab.printed().path("curl").asText();
        List<String> command = new ArrayList<>(List.of(curl.split(" ")));
        command.addAll(1, List.of("-sS", "--max-time", "10"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertThat(p.waitFor(15, TimeUnit.SECONDS)).isTrue();
        String body = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(body).isZero();
        assertThat(body).containsPattern("(?m)^ip=127\\.\\d+\\.\\d+\\.\\d+$").doesNotContain("ip=127.0.0.1\n")
                .contains("tls=TLSv1.3");
        assertThat(lab.exit().get(20, TimeUnit.SECONDS)).isZero();
    }

    /** With --auth the line works as pasted into a shell, and the password is in no line printed. */
    @Test
    void withAuthTheCurlLinePastedIntoAShellWorksAndShowsNoPassword() throws Exception {
        requireCurl();
        StartedLab lab = startLab("--for", "4s", "--home", home.toString(), "--auth", "alice:" + PASSWORD);
        String curl = lab.printed().path("curl").asText();

        Process p = new ProcessBuilder("bash", "-c", "curl() { command curl -sS --max-time 10 \"$@\"; }\n" + curl)
                .redirectErrorStream(true).start();
        assertThat(p.waitFor(15, TimeUnit.SECONDS)).isTrue();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(p.exitValue()).as(curl + "\n" + output).isZero();
        assertThat(output).containsPattern("(?m)^ip=127\\.\\d+\\.\\d+\\.\\d+$");
        assertThat(lab.line() + output).doesNotContain(PASSWORD).doesNotContain("hunter2");
        Path config = Path.of(lab.printed().path("auth_files").path("curl_config").asText());
        assertThat(curl).contains(" -K " + config + " ");
        assertThat(Files.getPosixFilePermissions(config)).extracting(Object::toString)
                .containsExactlyInAnyOrder("OWNER_READ", "OWNER_WRITE");
        assertThat(lab.exit().get(20, TimeUnit.SECONDS)).isZero();
        assertThat(config).as("deleted when the lab stops").doesNotExist();
    }

    private static void requireCurl() {
        if (!Files.isExecutable(Path.of("/usr/bin/curl"))) {
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError("curl missing: install with apt-get install -y curl (bin/test does this as"
                        + " root)");
            }
            Assumptions.abort("curl missing: install with apt-get install -y curl");
        }
    }
}
