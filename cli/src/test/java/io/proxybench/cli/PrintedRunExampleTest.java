package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The newcomer's second step: the {@code proxybench run} line the lab prints runs as printed, through that lab. */
class PrintedRunExampleTest {

    /** With a space, quotes, a dollar sign, a backslash and '@': what a shell or a URL could mangle. */
    private static final String PASSWORD = "hunter2 \"$x\\'@:";

    @TempDir
    Path home;

    @Test
    void theRunLineTheLabPrintsWorks() throws Exception {
        PrintedCurlExampleTest.StartedLab lab = PrintedCurlExampleTest.startLab("--for", "8s", "--home",
                home.toString());
        String run = lab.printed().path("run").asText();
        assertThat(run).startsWith("./proxybench run ");

        List<String> args = shellWords(shorter(run).substring("./proxybench ".length()));
        args.addAll(List.of("--no-progress", "--out", home.resolve("run.jsonl").toString()));
        MainTest.Run r = MainTest.run(args.toArray(String[]::new));

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("constant 20/s for 1s: 20/20 ok, 20 unique exit IPs");
        assertThat(lab.exit().get(20, TimeUnit.SECONDS)).isZero();
    }

    /**
     * With --auth the line works as pasted into a shell (bash runs it; {@code ./proxybench} there starts this build's
     * Main), and the password is in no line printed, neither the lab's nor the run's, nor in its records.
     */
    @Test
    void withAuthTheRunLinePastedIntoAShellWorksAndShowsNoPassword() throws Exception {
        PrintedCurlExampleTest.StartedLab lab = PrintedCurlExampleTest.startLab("--for", "20s", "--home",
                home.toString(), "--auth", "alice:" + PASSWORD);
        String run = lab.printed().path("run").asText();
        Path shell = Files.createDirectories(home.resolve("shell"));
        Path launcher = shell.resolve("proxybench");
        Files.writeString(launcher, "#!/usr/bin/env bash\nexec " + quoted(Path.of(System.getProperty("java.home"),
                "bin", "java").toString()) + " -cp " + quoted(System.getProperty("java.class.path")) + " "
                + Main.class.getName() + " \"$@\"\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwx------"));
        Path records = home.resolve("auth-run.jsonl");

        Process p = new ProcessBuilder("bash", "-c", shorter(run) + " --no-progress --out " + records)
                .directory(shell.toFile()).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(p.exitValue()).as(run + "\n" + err).isZero();
        assertThat(out).startsWith("constant 20/s for 1s: 20/20 ok, 20 unique exit IPs");
        assertThat(run).contains(" --proxy-file " + lab.printed().path("auth_files").path("proxy_file").asText());
        assertThat(lab.line() + out + err + Files.readString(records)).doesNotContain(PASSWORD)
                .doesNotContain("hunter2");
        assertThat(lab.exit().get(30, TimeUnit.SECONDS)).isZero();
    }

    /** The printed line, only shorter: 20 requests instead of 1,000. */
    private static String shorter(String run) {
        return run.replace("--rate 100 --duration 10s", "--rate 20 --duration 1s");
    }

    private static String quoted(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
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
