package io.proxybench.lab.gateway;

import io.proxybench.lab.Lab;
import io.proxybench.lab.LabClient;
import io.proxybench.lab.LabConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A lab of each test's own configuration, for tests of the gateway's limits: the test starts it, and it is closed
 * after the test with everything the test {@linkplain #keep kept} open on it.
 */
abstract class LabPerTest {

    @TempDir
    static Path home;

    Lab lab;
    LabClient client;
    private final List<AutoCloseable> open = new ArrayList<>();

    void start(LabConfig.Builder config) throws Exception {
        lab = Lab.start(config.home(home).build());
        client = new LabClient(lab);
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
        if (lab != null) {
            lab.close();
        }
    }

    /** {@code closeable}, to be closed after the test, before the lab. */
    <T extends AutoCloseable> T keep(T closeable) {
        open.add(closeable);
        return closeable;
    }
}
