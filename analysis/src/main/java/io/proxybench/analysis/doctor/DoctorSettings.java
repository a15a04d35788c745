package io.proxybench.analysis.doctor;

import io.proxybench.analysis.read.FileReading;
import io.proxybench.analysis.read.RecordFile;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What {@code doctor} reads and how, as the user gave it; the threshold is checked when the options are made. Its
 * messages name the settings as the command line spells them ({@code --min-per-1000}).
 *
 * @param files records files, one per client, each named in the report by its file name
 * @param summary the run's summary ({@code run --json}), for the client's counters; null for none
 * @param keepAlive the keep-alive the client ran with; null when not known
 * @param minPer1000 the least connections (or waits) per 1,000 requests a cause must cost to be named, 0 to 1000
 */
public record DoctorSettings(List<Path> files, Path summary, Duration keepAlive, double minPer1000) {

    /** @throws IllegalArgumentException for a threshold outside 0 to 1000 */
    public DoctorSettings {
        files = List.copyOf(files);
        if (!(minPer1000 >= 0 && minPer1000 <= 1000)) {
            throw new IllegalArgumentException("--min-per-1000 " + minPer1000 + " must be 0 to 1000");
        }
    }

    /**
     * {@link Doctor#diagnose} of the files, streamed, with the summary's counters.
     *
     * @throws IllegalArgumentException naming a file that holds no records or cannot be read
     */
    public DoctorReport diagnose() {
        files.forEach(RecordFile::requireRecords);
        List<Source> sources = files.stream().map(f -> new Source(f.getFileName().toString(), f)).toList();
        SummaryCounters counters = summary == null ? null
                : FileReading.read(summary, () -> SummaryCounters.read(summary));
        return FileReading.read(files, () -> Doctor.diagnose(sources, counters, keepAlive, minPer1000));
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
