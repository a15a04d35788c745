package io.proxybench.examples;

import io.proxybench.lab.Lab;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's and docs/client.md's scraper example, {@link Scrape}, is shown as it is and does what it says through
 * the lab, as the target saw it.
 */
class ScrapeTest {

    static final Path SOURCE = Path.of("src/main/java/io/proxybench/examples/Scrape.java");

    @Test
    void theReadmeShowsTheExampleAsItIs() throws IOException {
        ReadmeExample.assertShownAsItIs(SOURCE);
    }

    @TempDir
    Path dir;

    @Test
    void eachShopperKeepsItsCookieOnItsExitTheFileArrivesWholeAndTheSlowAndCancelledCallsSaySo() throws Exception {
        try (Lab lab = LabRuns.startLab()) {
            Path download = dir.resolve("file.bin");
            String out = LabRuns.runInThisJvm(Scrape::main, LabRuns.scrapeArgs(lab, download));
            LabRuns.assertScrapeTold(out, lab, download);
        }
    }
}
