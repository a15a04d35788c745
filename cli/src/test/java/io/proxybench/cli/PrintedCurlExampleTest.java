package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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

    @TempDir
    Path home;

    @Test
    void theCurlLineTheLabPrintsWorks() throws Exception {
        boolean haveCurl = Files.isExecutable(Path.of("/usr/bin/curl"));
        if (!haveCurl) {
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError("curl missing: install with apt-get install -y curl (bin/test does this as root)");
            }
            Assumptions.abort("curl missing: install with apt-get install -y curl");
        }
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
        CompletableFuture<Integer> lab = CompletableFuture.supplyAsync(
                () -> cli.execute("lab", "--for", "4s", "--json", "--home", home.toString()));
        String curl = new ObjectMapper().readTree(firstLine.get(20, TimeUnit.SECONDS)).path("curl").asText();
        List<String> command = new java.util.ArrayList<>(List.of(curl.split(" ")));
        command.addAll(1, List.of("-sS", "--max-time", "10"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertThat(p.waitFor(15, TimeUnit.SECONDS)).isTrue();
        String body = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(body).isZero();
        assertThat(body).containsPattern("(?m)^ip=127\\.\\d+\\.\\d+\\.\\d+$").doesNotContain("ip=127.0.0.1\n")
                .contains("tls=TLSv1.3");
        assertThat(lab.get(20, TimeUnit.SECONDS)).isZero();
    }
}
