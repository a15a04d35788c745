package io.proxybench.harness.files;

import io.proxybench.records.HdrLog;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * What {@code merge} joins and where to, as the user gave it; the interval log options are checked when the options
 * are made. Its messages name the settings as the command line spells them ({@code --out}, {@code --hdr-log},
 * {@code --no-hdr-log}).
 *
 * @param files the shards' records files; each one's interval log is beside it ({@link HdrLog#besides})
 * @param out the merged records file
 * @param hdrLog the merged interval log; null for the one beside {@code out}
 * @param noHdrLog whether to merge the records only, without the interval logs; excludes {@code hdrLog}
 */
public record MergeSettings(List<Path> files, Path out, Path hdrLog, boolean noHdrLog) {

    /** @throws IllegalArgumentException for both {@code hdrLog} and {@code noHdrLog} */
    public MergeSettings {
        files = List.copyOf(files);
        if (noHdrLog && hdrLog != null) {
            throw new IllegalArgumentException("--hdr-log and --no-hdr-log exclude each other");
        }
    }

    /** Where the merged interval log goes; null with {@code noHdrLog}. */
    public Path mergedLog() {
        return noHdrLog ? null : hdrLog != null ? hdrLog : HdrLog.besides(out);
    }

    /**
     * Merges the shards with {@link ShardMerge#merge}, after checking that no input (records or interval log) is an
     * output.
     *
     * @throws IllegalArgumentException naming the file at fault and the fix
     */
    public ShardMerge.Merged merge() throws IOException {
        Path mergedLog = mergedLog();
        List<Path> logPaths = noHdrLog ? List.of() : files.stream().map(HdrLog::besides).toList();
        for (Path input : Stream.concat(files.stream(), logPaths.stream()).toList()) {
            if (same(input, out) || mergedLog != null && same(input, mergedLog)) {
                throw new IllegalArgumentException(input + " is both an input and an output; give --out another file");
            }
        }
        return ShardMerge.merge(files, out, mergedLog);
    }

    private static boolean same(Path a, Path b) {
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }
}
