package io.proxybench.harness.files;

import io.proxybench.analysis.read.FileReading;
import io.proxybench.analysis.read.RecordFile;
import io.proxybench.harness.schedule.ExecutionSegment;
import io.proxybench.harness.schedule.ShardSet;
import io.proxybench.records.CutLine;
import io.proxybench.records.HdrLog;
import io.proxybench.records.HdrLogMerge;
import io.proxybench.records.LineSort;
import io.proxybench.records.RequestRecord;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.zip.GZIPOutputStream;

/**
 * The shards of one run ({@code run --segment} or {@code --shard}) as one records file and one interval log. Records
 * keep their fields, segment included, and are ordered by scheduled time; {@code sched} and {@code done} stay
 * relative to each shard's start, which is the run's start when the shards began together.
 *
 * <p>The shards are read once by a {@link LineSort}, which checks every line as it takes its place in the order, while
 * each shard's records are counted and its segments named; once they are checked, the sort copies the lines into the
 * merged file, each read again from its shard. Memory does not grow with their records. The sort spills what does not
 * fit in memory beside the merged file, and deletes it. Every segment of the shards' sequence must be there exactly
 * once, and a shard whose last line was cut (its run killed mid-write) is refused: its segment may lack its later
 * records, and the merged file would not show it. Everything is checked before anything is written.
 */
public final class ShardMerge {

    /**
     * One shard's file, as the first pass found it.
     *
     * @param segments the segments its records name
     * @param cut its cut last line, or null
     */
    private record Part(Path file, Set<String> segments, CutLine cut) {}

    private ShardMerge() {}

    /**
     * What a merge wrote.
     *
     * @param records the records written
     * @param segments the segments they came from
     * @param logs the interval logs merged; 0 without one
     * @param startSpreadMillis how far apart the shards started, milliseconds; 0 without logs
     */
    public record Merged(long records, int segments, int logs, long startSpreadMillis) {}

    /**
     * Merges the records {@code files} into {@code out}, and, unless {@code mergedLog} is null, the interval log
     * beside each into {@code mergedLog}.
     *
     * @throws IllegalArgumentException naming the file at fault and the fix: not the shards of one run, a cut line,
     *     a missing or mismatched interval log
     */
    public static Merged merge(List<Path> files, Path out, Path mergedLog) throws IOException {
        files.forEach(RecordFile::requireRecords);
        // One pass: every line checked and its place taken; each file's segments named.
        Map<Path, Set<String>> named = new ConcurrentHashMap<>();
        files.forEach(f -> named.put(f, ConcurrentHashMap.newKeySet()));
        Map<String, Double> segmentFrom = new ConcurrentHashMap<>();
        Path sortDir = out.toAbsolutePath().getParent();
        // Schedule order; requests due at once (a burst) in segment order, then by completion.
        Function<RequestRecord, LineSort.Key> order = r -> new LineSort.Key(r.sched(),
                r.segment() == null ? -1 : segmentFrom.computeIfAbsent(r.segment(), ShardMerge::from), r.done());
        try (LineSort sorted = FileReading.read(files, () -> LineSort.open(files, r -> true, order, sortDir,
                LineSort.defaultBudgetBytes(), (file, r) -> {
                    if (r.segment() != null) {
                        named.get(file).add(r.segment());
                    }
                }))) {
            Map<Path, CutLine> cuts = new HashMap<>();
            sorted.cutLines().forEach(c -> cuts.put(c.file(), c));
            List<Part> parts = files.stream().map(f -> new Part(f, new TreeSet<>(named.get(f)), cuts.get(f))).toList();
            check(parts);
            Set<String> segments = new TreeSet<>(Comparator.comparing((String seg) -> segmentFrom.get(seg)));
            parts.forEach(p -> segments.addAll(p.segments()));
            // Every log is read and checked before anything is written.
            List<HdrLogMerge.ShardLog> logs = mergedLog == null ? List.of() : readLogs(parts);
            long spreadMillis = mergedLog == null ? 0 : writeLog(mergedLog, logs, segments);
            Files.deleteIfExists(out);
            long written;
            try (OutputStream merged = output(out)) {
                written = sorted.writeTo(merged);
            }
            return new Merged(written, segments.size(), logs.size(), spreadMillis);
        }
    }

    /** Refuses files that are not the shards of one run, each segment once, none cut. */
    private static void check(List<Part> parts) {
        for (Part part : parts) {
            if (part.segments().isEmpty()) {
                throw new IllegalArgumentException(part.file() + " names no segment: merge joins the shards of one"
                        + " run, written by run --segment or --shard");
            }
        }
        ShardSet.check(parts.stream().map(p -> new ShardSet.Shard(p.file().toString(), p.segments())).toList());
        for (Part part : parts) {
            if (part.cut() != null) {
                throw new IllegalArgumentException(part.file() + ": its last line (line " + part.cut().line()
                        + ") was cut, as when the run writing it is killed, so segment "
                        + String.join(", ", part.segments()) + " may lack its later records and merge refuses it;"
                        + " run that shard again, or analyze the shards unmerged (proxybench analyze FILE...), which"
                        + " reads each up to its cut");
            }
        }
    }

    /** The merged records file, gzip'd when its name ends in {@code .gz}. */
    private static OutputStream output(Path file) throws IOException {
        OutputStream raw = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20);
        return file.getFileName().toString().endsWith(".gz") ? new GZIPOutputStream(raw, 1 << 16) : raw;
    }

    /** Writes the merged interval log; returns how far apart the shards started, milliseconds. */
    private static long writeLog(Path mergedLog, List<HdrLogMerge.ShardLog> logs, Set<String> segments)
            throws IOException {
        List<String> comments = new ArrayList<>();
        comments.add("proxybench merge: latency of successful requests per phase, in microseconds");
        segments.forEach(s -> comments.add(HdrLogMerge.SEGMENT + s));
        if (logs.get(0).startAt() != null) {
            comments.add(HdrLogMerge.START_AT + logs.get(0).startAt());
        }
        return HdrLogMerge.write(logs, mergedLog, comments).startSpreadMillis();
    }

    /** Each shard's interval log, read and checked to be its records' (the same segments, one start time). */
    private static List<HdrLogMerge.ShardLog> readLogs(List<Part> parts) {
        List<HdrLogMerge.ShardLog> logs = new ArrayList<>();
        for (Part part : parts) {
            Path log = HdrLog.besides(part.file());
            if (!Files.isRegularFile(log)) {
                throw new IllegalArgumentException("no interval log " + log + " beside its records; give the shards'"
                        + " .hlog files their records' names plus .hlog, or merge with --no-hdr-log");
            }
            HdrLogMerge.ShardLog read = FileReading.read(log, () -> HdrLogMerge.read(log));
            if (!read.segments().equals(part.segments())) {
                throw new IllegalArgumentException(log + " is the interval log of segment " + read.segments()
                        + " but " + part.file() + " holds " + part.segments() + ": not the same run's files");
            }
            logs.add(read);
        }
        for (HdrLogMerge.ShardLog log : logs) {
            HdrLogMerge.ShardLog first = logs.get(0);
            if (!Objects.equals(log.startAt(), first.startAt())) {
                throw new IllegalArgumentException(log.file() + " waited for " + startAt(log) + " but " + first.file()
                        + " for " + startAt(first) + ": shards of one run share one run --start-at; give the files"
                        + " of one run only");
            }
        }
        return logs;
    }

    private static String startAt(HdrLogMerge.ShardLog log) {
        return log.startAt() == null ? "no --start-at" : "--start-at " + log.startAt();
    }

    /**
     * Where a record's segment ({@code 1/4:1/2 of 0,1/4,1/2,1}) starts, for ordering; NaN (last) for one that is not
     * a segment, which the check after the pass refuses.
     */
    private static double from(String segment) {
        try {
            return ExecutionSegment.parse(segment.substring(0, segment.indexOf(' '))).from().doubleValue();
        } catch (RuntimeException e) {
            return Double.NaN;
        }
    }
}
