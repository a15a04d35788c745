package io.proxybench.cli;

import io.proxybench.analysis.doctor.Doctor;
import io.proxybench.analysis.doctor.DoctorReport;
import io.proxybench.analysis.doctor.DoctorTable;
import io.proxybench.analysis.doctor.Source;
import io.proxybench.analysis.doctor.SummaryCounters;
import io.proxybench.analysis.read.FileReading;
import io.proxybench.analysis.read.RecordFile;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code proxybench doctor}: reads a run's records (one file per client) and names the likely cause of a high
 * handshakes-per-1,000 figure, with the evidence and the fix. It sends nothing, so it has no {@code --proxy}. The
 * files are streamed, their memory bounded whatever their records ({@link Doctor}); a cut last line is a note.
 */
@Command(name = "doctor", mixinStandardHelpOptions = true,
        description = {"Name the likely cause of a high handshakes-per-1,000 figure from a run's records.",
            "Each finding: cause, evidence (figures from the records), fix; the costliest first.",
            "Give one records file per client (proxybench run --out); --summary adds the client's counters.",
            "Files are streamed (sorted in the temp directory when large); a cut last line is left out, with a note;"
                    + " beyond " + Doctor.MAX_SESSIONS + " sessions, later sessions are left out, with a note."})
final class DoctorCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "JSONL records, one file per client.")
    List<Path> files;

    @Option(names = "--summary", paramLabel = "FILE",
            description = "The run's summary (proxybench run --json): the client's counters, e.g. idle closes.")
    Path summary;

    @Option(names = "--keep-alive", paramLabel = "DURATION",
            description = "The keep-alive the client ran with, when known, to compare with the idle gaps.")
    Duration keepAlive;

    @Option(names = "--min-per-1000", paramLabel = "N", defaultValue = "50",
            description = "Name a cause when it cost at least N connections (or waits) per 1,000 requests"
                    + " (default: ${DEFAULT-VALUE}).")
    double minPer1000;

    @Option(names = "--json", description = "Print the report as JSON.")
    boolean json;

    @Override
    public Integer call() {
        if (!(minPer1000 >= 0 && minPer1000 <= 1000)) {
            throw new IllegalArgumentException("--min-per-1000 " + minPer1000 + " must be 0 to 1000");
        }
        files.forEach(RecordFile::requireRecords);
        List<Source> sources = files.stream().map(f -> new Source(f.getFileName().toString(), f)).toList();
        SummaryCounters counters = summary == null ? null
                : FileReading.read(summary, () -> SummaryCounters.read(summary));
        DoctorReport report = FileReading.read(files, () -> Doctor.diagnose(sources, counters, keepAlive,
                minPer1000));
        return Main.print(spec, json, report, DoctorTable::text);
    }

    /** The demo's use: one client's records file (the demo's own run), no counters, the default threshold. */
    static DoctorReport demo(Path records) {
        return FileReading.read(records, () -> Doctor.diagnose(List.of(new Source("demo run", records)), null, null,
                Doctor.DEFAULT_MIN_PER_1000));
    }
}
