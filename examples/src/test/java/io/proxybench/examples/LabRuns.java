package io.proxybench.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.gateway.GatewayCounters;
import io.proxybench.lab.target.StatsSnapshot;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The examples run against the lab, and what they print is held to what the lab saw: one place for the lab they run
 * against, their arguments and the checks, whether an example runs in this JVM (CountHandshakesTest, ScrapeTest) or
 * as a program built by a fresh project (FreshProjectTest).
 */
final class LabRuns {

    private static final Pattern TOTALS = Pattern.compile(
            "requests (\\d+), connections opened (\\d+), handshakes per 1,000 (\\d+), reuse (\\d+)%");

    private LabRuns() {}

    /** A main method, as the examples have. */
    interface Main {
        void run(String[] args) throws Exception;
    }

    /** The lab the examples run against: a gateway that asks for user:pass, and the target behind it. */
    static Lab startLab() throws InterruptedException {
        return Lab.start(LabConfig.builder().auth("user", "pass").build());
    }

    /** {@link CountHandshakes}' arguments: the lab's gateway, its trace page and its CA. */
    static String[] countHandshakesArgs(Lab lab) {
        return new String[] {"http://user:pass@" + lab.host() + ":" + lab.gatewayPort(),
            "https://" + lab.host() + ":" + lab.targetHttpsPort() + "/cdn-cgi/trace", lab.caFile().toString()};
    }

    /** {@link CountHandshakes}' output tells the truth about the lab: its connections are the gateway's tunnels. */
    static void assertCountHandshakesTold(String out, Lab lab) {
        Matcher totals = TOTALS.matcher(out);
        assertThat(totals.find()).as("a totals line in:%n%s", out).isTrue();
        long requests = Long.parseLong(totals.group(1));
        long opened = Long.parseLong(totals.group(2));
        long tunnels = lab.gatewayCounters().tunnels(GatewayCounters.Kind.CONNECT);
        assertThat(requests).isEqualTo(40);
        assertThat(out).doesNotContain("failed:").contains("200 via");
        assertThat(opened).as("connections opened, as the gateway counted its tunnels").isEqualTo(tunnels)
                .isBetween(4L, 8L);
        assertThat(Long.parseLong(totals.group(3))).isEqualTo(Math.round(1000.0 * opened / requests));
        assertThat(out).as("one exit line per session").containsPattern("(?s)(session-[^:]+: \\d+ opened.*){4}")
                .doesNotContain("pass@").doesNotContain(":pass");
    }

    /** {@link Scrape}'s arguments: the lab's gateway, its target's site, where the download goes, the lab's CA. */
    static String[] scrapeArgs(Lab lab, Path download) {
        return new String[] {"http://user:pass@" + lab.host() + ":" + lab.gatewayPort(),
            "https://" + lab.host() + ":" + lab.targetHttpsPort(), download.toString(), lab.caFile().toString()};
    }

    /** {@link Scrape}'s output says what the target saw: each cookie back through its own exit, the whole file. */
    static void assertScrapeTold(String out, Lab lab, Path download) throws IOException {
        for (int shopper = 1; shopper <= 3; shopper++) {
            assertThat(out).containsPattern("shopper-" + shopper + ": 200 after 1 redirect, [0-9,]+ bytes on the"
                    + " wire, 30,000 decoded")
                    .contains("shopper-" + shopper + ": 200 again, on the same connection");
        }
        StatsSnapshot.PageCookies cookies = lab.targetStats().pageCookies();
        assertThat(cookies.returned()).as("every page came with the cookie its own exit was given").isEqualTo(6);
        assertThat(cookies.missing()).isZero();
        assertThat(cookies.foreign()).isZero();
        assertThat(out).contains("download: 200, 20,000,000 bytes");
        assertThat(Files.size(download)).isEqualTo(20_000_000);
        assertThat(out).contains("slow page: request_HeadTimeout, a TIMEOUT to retry later")
                .containsPattern("cancelled call: [a-z]+_Cancelled")
                .doesNotContain("pass@");
    }

    /** Runs {@code main} in this JVM and returns what it printed. */
    static String runInThisJvm(Main main, String... args) throws Exception {
        PrintStream stdout = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            main.run(args);
        } finally {
            System.setOut(stdout);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
