package io.proxybench.cli;

import io.proxybench.analysis.doctor.Doctor;
import io.proxybench.analysis.doctor.DoctorReport;
import io.proxybench.analysis.doctor.DoctorSettings;
import io.proxybench.analysis.doctor.DoctorTable;
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
 * files are streamed, their memory bounded whatever their records ({@link Doctor}); a cut last line is a note. The
 * reading and the checks are {@link DoctorSettings}'.
 */
@Command(name = "doctor", mixinStandardHelpOptions = true,
        description = {"Name the likely cause of a high handshakes-per-1,000 figure from a run's records.",
            "Each finding: cause, evidence (figures from the records), fix; the costliest first.",
            "Give one records file per client (proxybench run --out); --summary adds the client's counters.",
            "Or a provider's window of a watch's history, as one client: doctor HISTORY --provider NAME [--since 24h"
                    + " | --from T [--to T]]; times are UTC.",
            "Files are streamed (sorted in the temp directory when large); a cut last line is left out, with a note;"
                    + " beyond " + Doctor.MAX_SESSIONS + " sessions, later sessions are left out, with a note."})
final class DoctorCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE",
            description = "JSONL records, one file per client; or a watch's history directory with --provider.")
    List<Path> files;

    @CommandLine.Mixin
    HistoryOptions history = new HistoryOptions();

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
        DoctorReport report = new DoctorSettings(files, summary, keepAlive, minPer1000, history.query()).diagnose();
        return Main.print(spec, json, report, DoctorTable::text);
    }
}
