package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A value no option type can read is told in one line as the option, the value, the problem and how to write it;
 * never as a Java exception.
 */
class BadValueErrorsTest {

    @TempDir
    Path dir;

    static Stream<Arguments> badValues() {
        return Stream.of(
                // URLs
                bad("proxybench run: --url 127.0.0.1:8443/ has no scheme: write https://127.0.0.1:8443/ (or http://)",
                        "run", "--url", "127.0.0.1:8443/"),
                bad("--url localhost:8443 has no scheme: write https://localhost:8443 (or http://)",
                        "run", "--url", "localhost:8443"),
                bad("--url ftp://h/ is not an http:// or https:// URL: write https://h/ (or http://)",
                        "run", "--url", "ftp://h/"),
                bad("--url 'https://h/a b' has ' ' at character 12, which a URL cannot hold as it is: write %20"
                        + " instead",
                        "run", "--url", "https://h/a b"),
                bad("--url https://h:abc/ has 'a' at character 11, which a port cannot hold",
                        "run", "--url", "https://h:abc/"),
                bad("--url https://h:99999/ has port 99999, outside 1..65535", "run", "--url", "https://h:99999/"),
                bad("--url https:///x has no host: write it after https://", "run", "--url", "https:///x"),
                bad("--url https://[::1 is not a URL: expected closing bracket for IPv6 address at character 13",
                        "run", "--url", "https://[::1"),
                bad("--url https://h/%zz is not a URL: malformed escape pair at character 11",
                        "run", "--url", "https://h/%zz"),
                bad("--target 127.0.0.1:8443 has no scheme: write https://127.0.0.1:8443 (or http://)",
                        "probe", "--proxy", "http://127.0.0.1:9", "--target", "127.0.0.1:8443"),
                bad("--url example.com has no scheme", "sessions", "--url", "example.com"),
                // proxy URLs and accounts
                bad("--proxy 127.0.0.1:3128: no scheme; use forms like http://user:pass@host:port",
                        "run", "--proxy", "127.0.0.1:3128"),
                bad("--auth takes USER:PASS with both parts non-empty", "lab", "--auth", "alice"),
                // durations
                bad("--duration 5 is not a duration; use forms like 250ms, 10s, 2m, 1h or 1m30s",
                        "run", "--duration", "5"),
                bad("--session-idle 1x is not a duration", "lab", "--session-idle", "1x"),
                bad("--gaps x is not a duration", "keepalive", "--gaps", "1s,x"),
                // numbers
                bad("--rate abc is not a number: write digits, e.g. 100 or 2.5", "run", "--rate", "abc"),
                bad("--rate '' is not a number", "run", "--rate", ""),
                // redirects
                bad("--max-redirects applies to -L (follow redirects); give both", "run", "--url", "https://h/",
                        "--rate", "1", "--duration", "1s", "--max-redirects", "3"),
                bad("--max-redirects 0: give 1 or more", "run", "--url", "https://h/", "--rate", "1", "--duration",
                        "1s", "-L", "--max-redirects", "0"),
                bad("--refuse 5% is not a number: write digits, e.g. 100 or 2.5 (a share as a fraction, 0.05 for 5%)",
                        "lab", "--refuse", "5%"),
                bad("--io-threads 1.5 is not a whole number: write digits only, e.g. 4", "run", "--io-threads", "1.5"),
                bad("--asn 99999999999 is out of range: write a number from -2147483648 to 2147483647",
                        "run", "--asn", "99999999999"),
                bad("--seed 1e3 is not a whole number", "run", "--seed", "1e3"),
                bad("--window x is not a whole number", "analyze", "--window", "x", "f.jsonl"),
                bad("--per-tunnel x is not a whole number", "bytes", "--per-tunnel", "1,x"),
                // paths
                bad("--out a\\0b is not a path the system can open", "run", "--out", "a\0b"),
                bad("FILE a\\0b is not a path the system can open", "analyze", "a\0b"),
                // enumerations
                bad("--format csv is not one of: ip2asn", "lab", "exits", "--format", "csv"),
                bad("--client curl is not one of: ", "clients", "--client", "curl"),
                bad("--connect-reply later is not a reply timing; use early or after-dial",
                        "lab", "--connect-reply", "later"),
                bad("--stream x is not a stream shape; use bursts or workers", "owners", "--stream", "x"));
    }

    private static Arguments bad(String error, String... args) {
        return Arguments.of(error, args);
    }

    @ParameterizedTest
    @MethodSource("badValues")
    void aBadValueIsNamedWithItsProblemAndFix(String error, String[] args) {
        MainTest.Run r = MainTest.run(args);

        assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(r.err().strip().lines()).as(r.err()).hasSize(1).first().asString().contains(error)
                .doesNotContain("Exception").doesNotContain("java.").doesNotContain("Invalid value")
                .doesNotContain("cannot convert");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void aFileThatCannotBeReadIsNamedWithWhyNotWithItsNameTwice() {
        Path missing = dir.resolve("missing.txt");

        MainTest.Run proxies = MainTest.run("run", "--url", "http://127.0.0.1:9/", "--rate", "1", "--duration", "1s",
                "--proxy-file", missing.toString());
        MainTest.Run urls = MainTest.run("run", "--url-file", missing.toString(), "--rate", "1", "--duration", "1s");

        assertThat(proxies.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(proxies.err().strip()).isEqualTo("proxybench run: cannot read --proxy-file " + missing
                + ": no such file");
        assertThat(urls.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(urls.err().strip()).isEqualTo("proxybench run: --url-file " + missing + " cannot be read: no such"
                + " file");
    }

    @Test
    void aLineOfAUrlFileIsReadAsUrlIsWithItsFileAndLine() throws Exception {
        Path urls = Files.writeString(dir.resolve("urls.txt"), "# targets\nhttps://h/\n127.0.0.1:8443/\n");

        MainTest.Run r = MainTest.run("run", "--url-file", urls.toString(), "--rate", "1", "--duration", "1s");

        assertThat(r.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(r.err().strip()).isEqualTo("proxybench run: " + urls + ":3: 127.0.0.1:8443/ has no scheme: write"
                + " https://127.0.0.1:8443/ (or http://)");
    }

    @Test
    void aFileThatCannotBeWrittenIsNamedWithWhy() {
        Path out = dir.resolve("missing").resolve("records.jsonl");

        MainTest.Run r = MainTest.run("run", "--url", "http://127.0.0.1:9/", "--rate", "1", "--duration", "1s",
                "--out", out.toString(), "--no-progress");

        assertThat(r.exitCode()).isNotZero();
        assertThat(r.err().strip()).isEqualTo("proxybench run: cannot open " + out + ": its folder "
                + out.getParent() + " does not exist");
    }
}
