package io.proxybench.harness.plan;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The lines of a list file ({@code --proxy-file}, {@code --url-file}): one item per line, stripped; blank lines and
 * lines starting with '#' skipped. A line {@code parse} refuses is named by file and line.
 */
final class ListLines {

    private ListLines() {}

    /**
     * @param lines {@code file}'s lines, read by the caller (whose messages name its option)
     * @throws IllegalArgumentException "FILE:LINE: " and {@code parse}'s message, for the first line it refuses
     */
    static <T> List<T> parse(Path file, List<String> lines, Function<String, T> parse) {
        List<T> items = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            try {
                items.add(parse.apply(line));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        return items;
    }
}
