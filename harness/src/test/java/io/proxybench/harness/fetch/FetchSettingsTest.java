package io.proxybench.harness.fetch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.Timeouts;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.harness.plan.SessionSettings;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fetch}'s settings checked from Java, with no command line: the plan they make, the lines that refuse them,
 * and the order in which the checks run.
 */
class FetchSettingsTest {

    /** No session option given. */
    private static final SessionSettings NO_SESSIONS =
            new SessionSettings(null, null, null, null, null, null, null);

    private static final URI URL = URI.create("https://example.com/");

    @TempDir
    Path dir;

    @Test
    void noSettingsIsADirectFetchToStdout() {
        FetchPlan plan = new FetchSettings(URL).plan();
        assertThat(plan.request().uri()).isEqualTo(URL);
        assertThat(plan.proxy()).isNull();
        assertThat(plan.output()).isNull();
        assertThat(plan.maxFilesize()).isZero();
        assertThat(plan.timeouts()).isEqualTo(Timeouts.defaults().withCall(Duration.ZERO));
        assertThat(plan.tls()).isEqualTo(TlsSettings.system());
        assertThat(new FetchSettings(URL).format()).isNull();
    }

    @Test
    void theEnvironmentsAccountGoesToAProxyWithoutOne() {
        Map<String, String> env = Map.of("PROXY_USER", "acct", "PROXY_PASS", "pw");
        FetchPlan plan = new FetchSettings(URL).proxy(ProxySpec.parse("http://127.0.0.1:1"), env::get).plan();
        assertThat(plan.proxy().credentials().user()).isEqualTo("acct");
        assertThat(plan.accountFrom()).isEqualTo("PROXY_USER and PROXY_PASS");
        FetchPlan own = new FetchSettings(URL).proxy(ProxySpec.parse("http://u:p@127.0.0.1:1"), env::get).plan();
        assertThat(own.proxy().credentials().user()).isEqualTo("u");
        assertThat(own.accountFrom()).isEqualTo("--proxy");
    }

    @Test
    void theSizesAndLimitsAreRead() {
        FetchPlan plan = new FetchSettings(URL).body(Path.of("-"), false, true, "2K")
                .timeouts(null, null, Duration.ofSeconds(5)).plan();
        assertThat(plan.maxFilesize()).isEqualTo(2048);
        assertThat(plan.output()).as("- is stdout").isNull();
        assertThat(plan.failOnError()).isTrue();
        assertThat(plan.timeouts().call()).isEqualTo(Duration.ofSeconds(5));
        assertThatThrownBy(() -> new FetchSettings(URL).body(null, false, false, "1 K").plan())
                .hasMessage("--max-filesize '1 K' is not a size; write bytes from 1, or with K, M or G, e.g. 500M");
        assertThatThrownBy(() -> new FetchSettings(URL).timeouts("call=3s", text -> Timeouts.defaults(),
                Duration.ofSeconds(1)).plan()).hasMessageStartingWith("-m/--max-time and --timeout call= both");
    }

    @Test
    void writeOutReadsItsFileAndExcludesJson() throws Exception {
        Path format = Files.writeString(dir.resolve("format.txt"), "%{http_code}\n");
        assertThat(new FetchSettings(URL).writeOut("@" + format, false).format()).isNotNull();
        assertThatThrownBy(() -> new FetchSettings(URL).writeOut("%{http_code}", true).format())
                .hasMessageStartingWith("--json and -w/--write-out exclude each other");
        assertThatThrownBy(() -> new FetchSettings(URL).writeOut("@" + dir.resolve("none"), false).format())
                .hasMessageStartingWith("-w/--write-out @" + dir.resolve("none") + " cannot be read: ");
    }

    @Test
    void theChecksRunInOneOrderAndCallTheCallersFormsWhereTheirsRun() {
        List<String> called = new ArrayList<>();
        FetchSettings options = new FetchSettings(URI.create("ftp://example.com/"))
                .sessions("k1", NO_SESSIONS)
                .originTls(() -> {
                    called.add("trust");
                    return TlsSettings.system();
                }, null, null)
                .timeouts("fast", text -> {
                    called.add("timeout");
                    return Timeouts.defaults();
                }, null);
        assertThatThrownBy(options::plan).hasMessage("URL ftp://example.com/ is not http:// or https://");
        assertThat(called).as("the URL is checked first").isEmpty();
        FetchSettings https = new FetchSettings(URL).sessions("k1", NO_SESSIONS).originTls(() -> {
            called.add("trust");
            return TlsSettings.system();
        }, null, null);
        assertThatThrownBy(https::plan).hasMessageStartingWith("--session needs --provider NAME");
        assertThat(called).as("the session rules before the trust").isEmpty();
        assertThatThrownBy(() -> new FetchSettings(URL).redirects(false, 3, true).plan())
                .hasMessage("--max-redirs goes with -L/--location, which follows redirects");
        assertThatThrownBy(() -> new FetchSettings(URL).body(dir, false, false, "lots").plan())
                .as("-o before --max-filesize").hasMessage("-o " + dir + " is a folder; give a file's path");
    }
}
