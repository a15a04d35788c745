package io.proxybench.examples;

import io.proxybench.lab.Lab;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's client example is this module's {@link CountHandshakes}, and it tells the truth about the lab. */
class CountHandshakesTest {

    static final Path SOURCE = Path.of("src/main/java/io/proxybench/examples/CountHandshakes.java");

    @Test
    void theReadmeShowsTheExampleAsItIs() throws IOException {
        ReadmeExample.assertShownAsItIs(SOURCE);
    }

    @Test
    void itCountsTheConnectionsTheGatewaySaw() throws Exception {
        try (Lab lab = LabRuns.startLab()) {
            String out = LabRuns.runInThisJvm(CountHandshakes::main, LabRuns.countHandshakesArgs(lab));
            LabRuns.assertCountHandshakesTold(out, lab);
        }
    }
}
