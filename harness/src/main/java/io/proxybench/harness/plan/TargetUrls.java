package io.proxybench.harness.plan;

import io.proxybench.analysis.read.FileReading;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The URLs a run requests: those given one by one ({@code --url}), then a file's, one per line (blank lines and
 * {@code #} comments skipped; {@code --url-file}). Messages name the settings as the command line spells them.
 */
public final class TargetUrls {

    private TargetUrls() {}

    /**
     * {@code given} then {@code file}'s URLs, at least one in all.
     *
     * @param given the URLs given one by one; null for none
     * @param file a file of URLs, each line read as {@link TargetUrl} reads one; null for none
     * @throws IllegalArgumentException for none at all, an unreadable file or one without a URL, or a line that is
     *     not a URL (named by file and line)
     */
    public static List<URI> read(List<URI> given, Path file) {
        List<URI> all = new ArrayList<>(given == null ? List.of() : given);
        if (file != null) {
            List<String> lines;
            try {
                lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new IllegalArgumentException("--url-file " + file + " cannot be read: " + FileReading.why(e),
                        e);
            }
            all.addAll(ListLines.parse(file, lines, TargetUrl::parse));
            if (all.size() == (given == null ? 0 : given.size())) {
                throw new IllegalArgumentException("--url-file " + file + " has no URL; write one per line");
            }
        }
        if (all.isEmpty()) {
            throw new IllegalArgumentException("no URL to request: give --url URL (repeat for more) or --url-file"
                    + " FILE");
        }
        return List.copyOf(all);
    }
}
