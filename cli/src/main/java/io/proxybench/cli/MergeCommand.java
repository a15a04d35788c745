package io.proxybench.cli;

import io.proxybench.harness.files.MergeSettings;
import io.proxybench.harness.files.ShardMerge;
import io.proxybench.harness.schedule.ShardPart;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code proxybench merge}: the shards of one run ({@code run --segment} or {@code --shard}) as one records file and
 * one interval log. Records keep their fields, segment included, and are ordered by scheduled time; {@code sched}
 * and {@code done} stay relative to each shard's start, which is the run's start when the shards began together.
 *
 * <p>The checks are {@link MergeSettings}', the work {@link ShardMerge}'s; this prints what it wrote, the interval
 * logs' lines first.
 */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Merge the shards of one run (run --segment or --shard) into one records file and one interval"
                + " log.", "Each segment of the shards' sequence must be there exactly once.",
            "The shards are streamed and sorted beside --out (temp files, deleted); memory does not grow with them.",
            "A shard whose last line was cut (its run killed mid-write) is refused: run that shard again, or analyze"
                    + " the shards unmerged (analyze reads up to the cut, with a note)."})
final class MergeCommand implements Callable<Integer> {

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
        MergeSettings options = new MergeSettings(files, out, hdrLog, noHdrLog);
        ShardMerge.Merged merged = options.merge();
        PrintWriter o = spec.commandLine().getOut();
        if (options.mergedLog() != null) {
            o.printf(Locale.ROOT, "merged %,d interval logs into %s, aligned by each shard's start%n", merged.logs(),
                    options.mergedLog());
            o.printf(Locale.ROOT, "shards started %.3f s apart%s%n", merged.startSpreadMillis() / 1e3,
                    merged.startSpreadMillis() > ShardPart.LATE_LIMIT_MILLIS
                            ? ": they did not run as one, so their combined rate was lower than the schedule's at"
                            + " the start and end; give every shard one run --start-at" : "");
        }
        o.printf(Locale.ROOT, "merged %,d records of %,d segments into %s%n", merged.records(), merged.segments(),
                out);
        o.flush();
        return 0;
    }
}
