package io.proxybench.harness.plan;

import io.proxybench.analysis.read.FileReading;
import io.proxybench.client.proxy.ProxySpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A file of proxy URLs, one per line; blank lines and lines starting with '#' are skipped. Its messages name it as
 * {@code --proxy-file}, the setting's name in run's and ramp's options.
 */
public final class ProxyFile {

    private ProxyFile() {}

    /**
     * @throws IllegalArgumentException naming the file (and line) of a bad URL (password masked), an empty file
     *     or an unreadable one
     */
    public static List<ProxySpec> read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read --proxy-file " + file + ": " + FileReading.why(e), e);
        }
        List<ProxySpec> proxies = ListLines.parse(file, lines, ProxySpec::parse);
        if (proxies.isEmpty()) {
            throw new IllegalArgumentException("--proxy-file " + file + " has no proxy URLs");
        }
        return proxies;
    }
}
