package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

class MainTest {

    @TempDir
    Path home;

    record Run(int exitCode, String out, String err) {}

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    @ParameterizedTest
    @CsvSource({"--help", "lab --help", "lab exits --help", "help lab"})
    void everyCommandHasHelp(String args) {
        Run r = run(args.split(" "));
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("Usage:");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "lab --exits many|--exits many is not a whole number: write digits only",
        "lab --client-rtt 10x|--client-rtt 10x is not a duration; use forms like 250ms",
        "lab --connect-reply later|--connect-reply later is not a reply timing; use early or after-dial",
        "lab --no-such-option|Unknown option: '--no-such-option'",
        "lab --auth alice|--auth takes USER:PASS with both parts non-empty",
        "lab --refuse 1.5 --home /tmp|fault fraction 1.5 is outside 0..1",
        "lab --allow-destination bogus --home /tmp|destination rule 'bogus' is not an IP address or CIDR block",
        "lab --forward-idle-cap -1 --home /tmp|forward idle cap -1 is negative",
        "lab --allow-ports 443,http --home /tmp|'http' is not a port or range within 1..65535",
        "lab --allow-ports 9000-80 --home /tmp|port range '9000-80' runs backwards",
        "lab --max-client-connections 0 --home /tmp|max client connections 0 is below 1",
        "lab --max-concurrency-per-user -1 --home /tmp|max concurrency per user -1 is negative; use 0 for no limit",
        "lab --header-timeout 0s --home /tmp|header timeout 0s must be positive",
        "lab exits --exits 0|exit pool size 0 is out of range",
        "lab exits --format csv|--format csv is not one of: ip2asn",
    })
    void badArgumentsExitWith2AndOneLineNamingTheProblem(String args, String message) {
        Run r = run(args.split(" "));
        assertThat(r.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(r.err()).contains(message);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.out()).isEmpty();
    }

    @Test
    void authErrorsNeverEchoThePassword() {
        Run r = run("lab", "--auth", "alice:", "--home", home.toString());
        assertThat(r.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        Run full = run("lab", "--auth", "alice:hunter2", "--refuse", "9", "--home", home.toString());
        assertThat(full.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(full.err() + full.out()).doesNotContain("hunter2");
    }

    @Test
    void durationsAcceptCommonForms() {
        DurationConverter c = new DurationConverter();
        assertThat(c.convert("250ms")).hasMillis(250);
        assertThat(c.convert("1m30s")).hasSeconds(90);
        assertThat(c.convert("1.5s")).hasMillis(1500);
        assertThat(c.convert("2h")).hasHours(2);
    }

    @Test
    void exitsPrintsTheIp2AsnTable() {
        Run r = run("lab", "exits", "--exits", "40", "--seed", "3");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out().lines()).hasSize(3).allSatisfy(line -> assertThat(line.split("\t")).hasSize(5));
    }

    @Test
    void labPrintsItsEndpointsAndStopsByItself() {
        Run r = run("lab", "--for", "300ms", "--home", home.toString(), "--auth", "alice:hunter2");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("proxybench lab: transport ").contains("gateway  http://127.0.0.1:")
                .contains("curl --cacert " + home.resolve("lab-ca").resolve("ca.pem"))
                .contains("alice:****_session-demo1@")
                .doesNotContain("hunter2");
    }
}
