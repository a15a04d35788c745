package io.proxybench.cli;

import io.proxybench.harness.schedule.ShardSet;
import io.proxybench.records.JsonlReader;
import io.proxybench.records.RequestRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** Records files meant as the shards of one run, as {@code analyze} and {@code merge} read them. */
record ShardFiles(List<ShardFiles.Part> parts) {

    /** One file: its records and the segments they name (none for a run of the whole schedule). */
    record Part(Path file, List<RequestRecord> records, Set<String> segments) {}

    /** Reads every file; a file that cannot be read is a bad-argument error naming it. */
    static ShardFiles read(List<Path> files) {
        List<Part> parts = new ArrayList<>();
        for (Path file : files) {
            List<RequestRecord> records = FileReading.read(file, () -> JsonlReader.read(file));
            parts.add(new Part(file, records, records.stream().map(RequestRecord::segment).filter(Objects::nonNull)
                    .collect(Collectors.toCollection(TreeSet::new))));
        }
        return new ShardFiles(parts);
    }

    /** Checks that the files are the shards of one run, see {@link ShardSet#check}. */
    void check() {
        ShardSet.check(parts.stream().map(p -> new ShardSet.Shard(p.file().toString(), p.segments())).toList());
    }

    /** Every file's records, in file order. */
    List<RequestRecord> records() {
        return parts.stream().flatMap(p -> p.records().stream()).toList();
    }
}
