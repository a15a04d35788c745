package io.proxybench.analysis.read;

import io.proxybench.analysis.Expect;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.records.history.HistoryWindow;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One provider's window of a watch's history read once, as one run: each day's records file streamed in turn (as
 * {@link RecordFile} reads a file, on several threads), its records moved onto the window's time base and those done
 * outside the window left out ({@link HistoryWindow}). Memory does not grow with the records; it grows with the
 * window's seconds, as a run's statistics do.
 *
 * @param window the window read
 * @param files the records files read, one per day, oldest first
 * @param statistics the window's records' statistics; at least one record
 * @param uncheckedBodies answered records an expectation could not be checked on, for want of a kept body
 * @param cutLines what the files' cut last lines left out, a note each
 */
public record HistoryRecords(HistoryWindow window, List<Path> files, RunStatistics statistics, long uncheckedBodies,
        List<String> cutLines) {

    public HistoryRecords {
        files = List.copyOf(files);
        cutLines = List.copyOf(cutLines);
    }

    /**
     * Reads {@code window}.
     *
     * @param expect what a 2xx body must hold to be data, checked on kept bodies; null for none
     * @throws IllegalArgumentException for a window without records ({@link HistoryQuery#noRecords}), a file that
     *     cannot be read or a malformed line, naming the file and the line
     */
    public static HistoryRecords read(HistoryWindow window, Expect expect) {
        List<HistoryWindow.Day> days = FileReading.read(window.history().root(), window::days);
        RunStatistics statistics = new RunStatistics();
        List<Path> files = new ArrayList<>();
        List<String> cuts = new ArrayList<>();
        long unchecked = 0;
        for (HistoryWindow.Day day : days) {
            RecordFile file = RecordFile.read(day.part(), expect);
            files.add(day.file());
            statistics.add(file.statistics());
            unchecked += file.uncheckedBodies();
            if (file.cutLine() != null) {
                cuts.add(file.cutLine());
            }
        }
        if (statistics.records() == 0) {
            throw HistoryQuery.noRecords(window);
        }
        return new HistoryRecords(window, files, statistics, unchecked, cuts);
    }
}
