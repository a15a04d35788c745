package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code fetch}'s bad input: each is exit code 2 and one line naming the problem and the fix, before anything is
 * sent (the proxy in these is nothing, so a fetch that went ahead would fail otherwise).
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

    @Test
    void theDocsNameEveryVariableAndEveryExitCode() throws Exception {
        Path docs = null;
        for (Path d = Path.of("").toAbsolutePath(); d != null && docs == null; d = d.getParent()) {
            docs = Files.isRegularFile(d.resolve("docs/fetch.md")) ? d.resolve("docs/fetch.md") : null;
        }
        assertThat(docs).as("docs/fetch.md above " + Path.of("").toAbsolutePath()).isNotNull();
        String text = Files.readString(docs);
        for (String name : FetchVariables.all().keySet()) {
            assertThat(text).as("docs/fetch.md explains %s", name).contains("`" + name + "`");
        }
        for (java.lang.reflect.Field f : FetchFailure.class.getDeclaredFields()) {
            if (f.getType() == int.class && java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                int code = f.getInt(null);
                assertThat(text).as("docs/fetch.md's exit code table has %s", code).contains("\n| " + code + " |");
                assertThat(FetchFailure.TABLE).as("--help's exit codes have %s", code).contains(" " + code + " ");
            }
        }
    }
}
