package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The newcomer's second step: the {@code proxybench run} line the lab prints runs as printed, through that lab. */
class PrintedRunExampleTest {

    @TempDir
    Path home;

    @Test
    void theRunLineTheLabPrintsWorks() throws Exception {
        StringWriter printed = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(printed, true));
        CompletableFuture<Integer> lab = CompletableFuture.supplyAsync(
                () -> cli.execute("lab", "--for", "8s", "--json", "--home", home.toString()));
        String run = null;
        for (long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20); run == null
                && System.nanoTime() < deadline; Thread.sleep(50)) {
            String out = printed.toString();
            if (out.contains("\n")) {
                run = new ObjectMapper().readTree(out.substring(0, out.indexOf('\n'))).path("run").asText();
            }
        }
        assertThat(run).startsWith("./proxybench run ");

        // As printed, only shorter: 20 requests instead of 1,000.
        List<String> args = shellWords(run.substring("./proxybench ".length())
                .replace("--rate 100 --duration 10s", "--rate 20 --duration 1s"));
        args.addAll(List.of("--no-progress", "--out", home.resolve("run.jsonl").toString()));
        MainTest.Run r = MainTest.run(args.toArray(String[]::new));

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("constant 20/s for 1s: 20/20 ok, 20 unique exit IPs");
        assertThat(lab.get(20, TimeUnit.SECONDS)).isZero();
    }

    /** Splits a shell line into words, honouring single quotes (all the printed line uses). */
    private static List<String> shellWords(String line) {
        List<String> words = new ArrayList<>();
        Matcher m = Pattern.compile("'([^']*)'|(\\S+)").matcher(line);
        while (m.find()) {
            words.add(m.group(1) != null ? m.group(1) : m.group(2));
        }
        return words;
    }
}
