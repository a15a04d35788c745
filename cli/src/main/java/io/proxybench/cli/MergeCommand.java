package io.proxybench.cli;

import io.proxybench.bench.rate.ExecutionSegment;
import io.proxybench.bench.rate.ShardSet;
import io.proxybench.bench.record.HdrLogMerge;
import io.proxybench.bench.record.JsonlReader;
import io.proxybench.bench.record.JsonlWriter;
import io.proxybench.bench.record.RequestRecord;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code proxybench merge}: the shards of one run ({@code run --segment} or {@code --shard}) as one records file and
 * one interval log. Records keep their fields, segment included, and are ordered by scheduled time; {@code sched}
 * and {@code done} stay relative to each shard's start, which is the run's start when the shards began together.
 */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Merge the shards of one run (run --segment or --shard) into one records file and one interval"
                + " log.", "Each segment of the shards' sequence must be there exactly once."})
final class MergeCommand implements Callable<Integer> {

    /** Start spread between shards, in milliseconds, past which the report warns that they did not run as one. */
    static final long SPREAD_WARNING_MILLIS = 1_000;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "The shards' JSONL records; each FILE.hlog beside"
            + " it is merged too.")
    List<Path> files;

    @Option(names = "--out", paramLabel = "FILE", required = true, description = "Merged records (JSONL).")
    Path out;

    @Option(names = "--hdr-log", paramLabel = "FILE",
            description = "Merged interval log (default: the --out file + .hlog).")
    Path hdrLog;

    @Option(names = "--no-hdr-log", description = "Merge the records only, without the shards' interval logs.")
    boolean noHdrLog;

    @Override
    public Integer call() throws IOException {
        if (noHdrLog && hdrLog != null) {
            throw new IllegalArgumentException("--hdr-log and --no-hdr-log exclude each other");
        }
        Path mergedLog = noHdrLog ? null : hdrLog != null ? hdrLog : out.resolveSibling(out.getFileName() + ".hlog");
        List<Path> logs = noHdrLog ? List.of() : shardLogs();
        for (Path input : concat(files, logs)) {
            if (same(input, out) || mergedLog != null && same(input, mergedLog)) {
                throw new IllegalArgumentException(input + " is both an input and an output; give --out another file");
            }
        }
        List<RequestRecord> records = new ArrayList<>();
        List<ShardSet.Shard> shards = new ArrayList<>();
        // in schedule order: 0:1/4 before 1/4:1/2
        Set<String> segments = new TreeSet<>(Comparator.comparing(
                (String s) -> ExecutionSegment.parse(s.substring(0, s.indexOf(' '))).from()));
        for (Path file : files) {
            List<RequestRecord> read = FileReading.read(file, () -> JsonlReader.read(file));
            Set<String> own = read.stream().map(RequestRecord::segment).filter(Objects::nonNull)
                    .collect(Collectors.toCollection(TreeSet::new));
            if (read.isEmpty()) {
                throw new IllegalArgumentException(file + " holds no records: did its run fail? Run that shard again");
            }
            if (own.isEmpty()) {
                throw new IllegalArgumentException(file + " names no segment: merge joins the shards of one run,"
                        + " written by run --segment or --shard");
            }
            records.addAll(read);
            shards.add(new ShardSet.Shard(file.toString(), own));
            segments.addAll(own);
        }
        ShardSet.check(shards);
        records.sort(Comparator.comparingDouble(RequestRecord::sched));
        Files.deleteIfExists(out);
        try (JsonlWriter writer = new JsonlWriter(out)) {
            for (RequestRecord r : records) {
                writer.write(r);
            }
        }
        PrintWriter o = spec.commandLine().getOut();
        o.printf(Locale.ROOT, "merged %d records of %d segments into %s%n", records.size(), segments.size(), out);
        if (mergedLog != null) {
            List<String> comments = new ArrayList<>();
            comments.add("proxybench merge: latency of successful requests per phase, in microseconds");
            segments.forEach(s -> comments.add("segment " + s));
            HdrLogMerge.Merged merged;
            try {
                merged = HdrLogMerge.merge(logs, mergedLog, comments);
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot merge the interval logs: " + e.getMessage());
            }
            o.printf(Locale.ROOT, "merged %d interval logs into %s, aligned by each shard's start%n", logs.size(),
                    mergedLog);
            o.printf(Locale.ROOT, "shards started %.3f s apart%s%n", merged.startSpreadMillis() / 1e3,
                    merged.startSpreadMillis() > SPREAD_WARNING_MILLIS
                            ? ": they did not run as one, so their combined rate was lower than the schedule's at"
                            + " the start and end; give every shard one run --start-at" : "");
        }
        o.flush();
        return 0;
    }

    /** FILE.hlog for every FILE; all must be there. */
    private List<Path> shardLogs() {
        List<Path> logs = files.stream().map(f -> f.resolveSibling(f.getFileName() + ".hlog")).toList();
        for (Path log : logs) {
            if (!Files.isRegularFile(log)) {
                throw new IllegalArgumentException("no interval log " + log + " beside its records; give the shards'"
                        + " .hlog files their records' names plus .hlog, or merge with --no-hdr-log");
            }
        }
        return logs;
    }

    private static boolean same(Path a, Path b) {
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }

    private static List<Path> concat(List<Path> a, List<Path> b) {
        List<Path> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
