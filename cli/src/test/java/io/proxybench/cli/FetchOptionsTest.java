package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.proxybench.harness.fetch.FetchPlan;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/**
 * {@code fetch}'s options. Bad input is exit code 2 and one line naming the problem and the fix, before anything is
 * sent (the proxy in these is nothing, so a fetch that went ahead would fail otherwise); curl's TLS and proxy
 * options reach the plan, and {@code --noproxy} sends its hosts direct.
 */
class FetchOptionsTest {

    private static final String NOWHERE = "http://u:pw@127.0.0.1:1";

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "URL|ftp://example.com/|is not an http:// or https:// URL",
        "URL|example.com|has no scheme: write https://example.com",
        "-H|X-A: b\rInjected: c|-H/--header X-A has a line break in its value",
        "-H|no colon here|-H/--header number 1 (not shown) is not 'Name: value'",
        "-w|%{nope}|-w/--write-out: no variable %{nope}; e.g. %{http_code}",
        "-w|%{http_code|has no closing '}'",
        "--session|k1|--session needs --provider NAME or --session-template TEMPLATE",
        "--max-redirs|3|--max-redirs goes with -L/--location",
        "--max-filesize|lots|--max-filesize lots is not a size",
        "-m|0s|-m/--max-time 0s must be above 0",
        "--timeout|fast|--timeout 'fast': 'fast' is not a duration",
        "--proxy|http://u:pw@host:99999|port 99999",
        "--proxy-cacert|/nonexistent/ca.pem|--proxy-cacert is the trust for an https:// proxy; give --proxy https://",
        "--noproxy|10.0.0.0/99|--noproxy: NO_PROXY entry \"10.0.0.0/99\" is not",
        "-E|/nonexistent/me.p12:secret|-E/--cert /nonexistent/me.p12 cannot be read: give a PKCS#12 key store",
        "--pinnedpubkey|md5//abc|--pinnedpubkey: pin 'md5//abc' for 127.0.0.1 must be sha256// followed by",
    })
    void badInputExits2WithOneLineNamingIt(String option, String value, String message) {
        FetchRun r = option.equals("URL") ? FetchRun.of("--proxy", NOWHERE, value)
                : option.equals("--proxy") ? FetchRun.of(option, value, "http://127.0.0.1:1/")
                : FetchRun.of("--proxy", NOWHERE, option, value, "http://127.0.0.1:1/");
        assertThat(r.exitCode()).as(r.describe()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(r.err()).contains(message);
        assertThat(r.err().strip().lines()).as("one line").hasSize(1);
        assertThat(r.err()).doesNotContain(":pw@");
    }

    @Test
    void theTlsOptionsReachThePlanAsCurlsDo() throws IOException {
        Path ca = Files.writeString(dir.resolve("proxy-ca.pem"), "not read until a connection");
        String pin = "sha256//" + "A".repeat(43) + "=";
        String other = "sha256//" + "B".repeat(43) + "=";
        FetchPlan plan = plan("--proxy", "https://u:pw@127.0.0.1:1", "--proxy-cacert", ca.toString(),
                "--pinnedpubkey", pin + ";" + other, "https://example.com/");
        assertThat(plan.proxyTls().caFile()).isEqualTo(ca);
        assertThat(plan.tls().pins()).containsExactly(Map.entry("example.com", List.of(pin, other)));
        assertThat(plan.tls().caFile()).as("the origin keeps the system's trust").isNull();
        assertThat(plan("--proxy", NOWHERE, "http://example.com/").proxyTls()).as("the origin's, by default").isNull();
    }

    @Test
    void noproxySendsItsHostsDirectPastADeadProxy() throws IOException {
        HttpServer origin = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        origin.createContext("/", exchange -> {
            byte[] body = "direct\n".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        origin.start();
        try {
            String url = "http://127.0.0.1:" + origin.getAddress().getPort() + "/";
            FetchRun direct = FetchRun.of("--proxy", NOWHERE, "--noproxy", "localhost,127.0.0.0/8", url);
            assertThat(direct.exitCode()).as(direct.describe()).isZero();
            assertThat(direct.text()).isEqualTo("direct\n");
            FetchRun proxied = FetchRun.of("--proxy", NOWHERE, "--noproxy", "example.com", url);
            assertThat(proxied.exitCode()).as("through the dead proxy: " + proxied.describe()).isNotZero();
        } finally {
            origin.stop(0);
        }
    }

    private static FetchPlan plan(String... args) {
        CommandLine cli = Main.commandLine();
        List<String> all = new ArrayList<>(List.of("fetch"));
        all.addAll(List.of(args));
        CommandLine.ParseResult parsed = cli.parseArgs(all.toArray(String[]::new));
        return ((FetchCommand) parsed.subcommand().commandSpec().userObject()).plan();
    }

    @Test
    void aCookieFileThatDoesNotParseIsNamedWithItsLine() throws IOException {
        Path jar = dir.resolve("cookies.txt");
        Files.writeString(jar, "# Netscape HTTP Cookie File\nexample.com\tFALSE\t/\n");
        for (String option : new String[] {"-b", "--cookie-jar"}) {
            FetchRun r = FetchRun.of("--proxy", NOWHERE, option, jar.toString(), "http://example.com/");
            assertThat(r.exitCode()).as(r.describe()).isEqualTo(Main.BAD_ARGUMENTS);
            assertThat(r.err()).contains(jar + " line 2: ");
        }
    }

    @Test
    void aMissingReadOnlyCookieFileIsAnError() {
        FetchRun r = FetchRun.of("--proxy", NOWHERE, "-b", dir.resolve("none.txt").toString(), "http://example.com/");
        assertThat(r.exitCode()).as(r.describe()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(r.err()).contains("none.txt cannot be read: no such file");
    }

    @Test
    void anOutputThatIsAFolderIsRefused() {
        FetchRun r = FetchRun.of("--proxy", NOWHERE, "-o", dir.toString(), "http://example.com/");
        assertThat(r.exitCode()).as(r.describe()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(r.err()).contains("is a folder; give a file's path");
    }

    @Test
    void jsonAndWriteOutExcludeEachOther() {
        FetchRun r = FetchRun.of("--json", "-w", "%{http_code}", "http://example.com/");
        assertThat(r.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(r.err()).contains("--json and -w/--write-out exclude each other");
    }

    @Test
    void helpListsTheExitCodes() {
        FetchRun r = FetchRun.of("--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out().replaceAll("\\s+", " ")).contains("Exit codes (curl's)")
                .contains("61 a body that does not decode").contains("97 the SOCKS5 proxy refused");
    }
}
