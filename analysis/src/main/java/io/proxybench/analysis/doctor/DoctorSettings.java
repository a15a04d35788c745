package io.proxybench.analysis.doctor;

import io.proxybench.analysis.read.FileReading;
import io.proxybench.analysis.read.HistoryQuery;
import io.proxybench.analysis.read.HistorySpan;
import io.proxybench.analysis.read.RecordFile;
import io.proxybench.records.history.HistoryWindow;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What {@code doctor} reads and how, as the user gave it; the threshold and the history's options are checked when the
 * options are made, the files and the history when they are read. Its messages name the settings as the command line
 * spells them ({@code --min-per-1000}, {@code --provider}, {@code --since}, ...).
 *
 * @param files records files, one per client, each named in the report by its file name; or one watch history
 *     directory, with {@code history} naming its provider
 * @param summary the run's summary ({@code run --json}), for the client's counters; null for none
 * @param keepAlive the keep-alive the client ran with; null when not known
 * @param minPer1000 the least connections (or waits) per 1,000 requests a cause must cost to be named, 0 to 1000
 * @param history which provider and window of a watch's history to read: one provider, as one client;
 *     {@link HistoryQuery#none()} for records files
 */
public record DoctorSettings(List<Path> files, Path summary, Duration keepAlive, double minPer1000,
        HistoryQuery history) {

    /** @throws IllegalArgumentException for a threshold outside 0 to 1000 */
    public DoctorSettings {
        files = List.copyOf(files);
        Objects.requireNonNull(history);
        if (!(minPer1000 >= 0 && minPer1000 <= 1000)) {
            throw new IllegalArgumentException("--min-per-1000 " + minPer1000 + " must be 0 to 1000");
        }
    }

    /** Records files, no history. */
    public DoctorSettings(List<Path> files, Path summary, Duration keepAlive, double minPer1000) {
        this(files, summary, keepAlive, minPer1000, HistoryQuery.none());
    }

    /**
     * {@link Doctor#diagnose} of the files, or of the provider's window of the history, streamed, with the summary's
     * counters.
     *
     * @throws IllegalArgumentException naming a file that holds no records or cannot be read; for a history, as
     *     {@link HistoryQuery#window} and for a window without records ({@link HistoryQuery#noRecords})
     */
    public DoctorReport diagnose() {
        HistoryWindow window = history.window(files, "doctor");
        if (window != null) {
            return diagnose(window);
        }
        files.forEach(RecordFile::requireRecords);
        SummaryCounters counters = counters();
        List<Source> sources = files.stream().map(f -> new Source(f.getFileName().toString(), f)).toList();
        return FileReading.read(files, () -> Doctor.diagnose(sources, counters, keepAlive, minPer1000));
    }

    /** The summary's counters; null without a summary. */
    private SummaryCounters counters() {
        return summary == null ? null : FileReading.read(summary, () -> SummaryCounters.read(summary));
    }

    /** The provider's window as one client's records, under the provider's name. */
    private DoctorReport diagnose(HistoryWindow window) {
        SummaryCounters counters = counters();
        List<HistoryWindow.Day> days = FileReading.read(window.history().root(), window::days);
        Source source = new Source(window.provider(), days.stream().map(HistoryWindow.Day::part).toList());
        DoctorReport report = FileReading.read(days.stream().map(HistoryWindow.Day::file).toList(),
                () -> Doctor.diagnose(List.of(source), counters, keepAlive, minPer1000));
        if (report.records() == 0) {
            throw HistoryQuery.noRecords(window);
        }
        return report.withHistory(HistorySpan.of(List.of(window)));
    }

    /**
     * One client's records file under {@code name} (the demo's own run), without counters or keep-alive, at
     * {@link Doctor#DEFAULT_MIN_PER_1000}.
     */
    public static DoctorReport oneClient(String name, Path records) {
        return FileReading.read(records, () -> Doctor.diagnose(List.of(new Source(name, records)), null, null,
                Doctor.DEFAULT_MIN_PER_1000));
    }
}
