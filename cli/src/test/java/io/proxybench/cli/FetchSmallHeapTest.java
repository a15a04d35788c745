package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fetch} streams: a 1 GiB body through the lab's gateway, in a JVM whose heap is 48 MiB, arrives whole
 * (a fetch that held the body would die of OutOfMemoryError).
 */
class FetchSmallHeapTest {

    private static final long GIB = 1L << 30;

    @TempDir
    Path home;

    @Test
    void aGibibyteBodyPassesThroughA48MibHeap() throws Exception {
        try (Lab lab = Lab.start(LabConfig.builder().home(home).build())) {
            Path printed = home.resolve("fetch.txt");
            List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx48m", "-cp", System.getProperty("java.class.path"), Main.class.getName(), "fetch", "--proxy",
                    "http://127.0.0.1:" + lab.gatewayPort(), "-o", "/dev/null", "-w",
                    "%{size_download} %{size_written}", "http://127.0.0.1:" + lab.targetHttpPort() + "/bytes/" + GIB);
            Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(printed.toFile())
                    .start();
            if (!child.waitFor(5, TimeUnit.MINUTES)) {
                child.destroyForcibly().waitFor();
            }
            String out = Files.readString(printed).strip();
            assertThat(child.exitValue()).as(out).isZero();
            assertThat(out).isEqualTo(GIB + " " + GIB);
        }
    }
}
