package io.proxybench.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.target.StatsSnapshot;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's and docs/client.md's scraper example, {@link Scrape}, is shown as it is and does what it says through
 * the lab, as the target saw it.
 */
class ScrapeTest {

    @Test
    void theReadmeShowsTheExampleAsItIs() throws IOException {
        ReadmeExample.assertShownAsItIs(Path.of("src/main/java/io/proxybench/examples/Scrape.java"));
    }

    @TempDir
    Path dir;

    @Test
    void eachShopperKeepsItsCookieOnItsExitTheFileArrivesWholeAndTheSlowAndCancelledCallsSaySo() throws Exception {
        try (Lab lab = Lab.start(LabConfig.builder().auth("user", "pass").build())) {
            Path download = dir.resolve("file.bin");
            String out = run("http://user:pass@" + lab.host() + ":" + lab.gatewayPort(),
                    "https://" + lab.host() + ":" + lab.targetHttpsPort(), download.toString(),
                    lab.caFile().toString());

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
    }

    private static String run(String... args) throws Exception {
        PrintStream stdout = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            Scrape.main(args);
        } finally {
            System.setOut(stdout);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
