package io.proxybench.harness.files;

import io.proxybench.analysis.Expect;
import io.proxybench.analysis.read.RecordFile;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.harness.schedule.ShardSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/** Records files meant as the shards of one run, as {@code analyze} and {@code compare} read them. */
public record ShardFiles(List<RecordFile> parts) {

    /** Reads every file, streaming; a file that cannot be read is a bad-argument error naming it. */
    public static ShardFiles read(List<Path> files, Expect expect) {
        return new ShardFiles(files.stream().map(f -> RecordFile.read(f, expect)).toList());
    }

    /** Checks that the files are the shards of one run, see {@link ShardSet#check}. */
    public void check() {
        ShardSet.check(parts.stream().map(p -> new ShardSet.Shard(p.file().toString(), p.segments())).toList());
    }

    /** The run's statistics: every file's added together. */
    public RunStatistics statistics() {
        RunStatistics all = new RunStatistics();
        parts.forEach(p -> all.add(p.statistics()));
        return all;
    }

    /** Answered records an expectation could not be checked on, over every file. */
    public long uncheckedBodies() {
        return parts.stream().mapToLong(RecordFile::uncheckedBodies).sum();
    }

    /** What the files' cut last lines left out, a note each. */
    public List<String> cutLines() {
        return parts.stream().map(RecordFile::cutLine).filter(Objects::nonNull).toList();
    }
}
