package io.proxybench.harness.files;

import io.proxybench.analysis.read.FileReading;
import io.proxybench.records.HdrLog;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The records file of a run not told where to write: {@code results.jsonl} in the working folder, or the first of
 * {@code results-2.jsonl}, {@code results-3.jsonl}, ... whose records file and interval log are both free. A run
 * never replaces a file it was not told to: the name is taken by creating the file, empty, so that another run in
 * the same folder takes the next one.
 *
 * @param file the file, created empty
 * @param note what a summary says of it: that the first name was taken; null when it was free
 */
public record DefaultRecordsFile(Path file, String note) {

    /** The first choice. */
    public static final Path FIRST = Path.of("results.jsonl");

    /**
     * Takes the first free name.
     *
     * @throws IllegalArgumentException when the working folder cannot be written, saying to give a file
     */
    public static DefaultRecordsFile take() {
        for (int n = 1; ; n++) {
            Path candidate = n == 1 ? FIRST : Path.of("results-" + n + ".jsonl");
            if (Files.exists(HdrLog.besides(candidate))) {
                continue;
            }
            try {
                Files.createFile(candidate);
            } catch (FileAlreadyExistsException taken) {
                continue;
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot write " + candidate + " in " + Path.of("").toAbsolutePath()
                        + ": " + FileReading.why(e) + "; give --out FILE where the run may write", e);
            }
            return new DefaultRecordsFile(candidate, n == 1 ? null : FIRST + " was there already; --out names the"
                    + " file");
        }
    }
}
