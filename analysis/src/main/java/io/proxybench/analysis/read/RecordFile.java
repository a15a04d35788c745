package io.proxybench.analysis.read;

import io.proxybench.analysis.Expect;
import io.proxybench.analysis.stats.RecordClassifier;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.records.CutLine;
import io.proxybench.records.FilePart;
import io.proxybench.records.RecordStream;
import io.proxybench.records.RequestRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * One records file read once, streaming: each record classified ({@link RecordClassifier}) and counted into the
 * file's statistics, on several threads; the segments its records name are kept (a shard's file names one). Memory
 * does not grow with the file's records.
 *
 * @param file the file
 * @param statistics its records' statistics
 * @param segments the segments its records name; empty for a run of the whole schedule
 * @param uncheckedBodies answered records an expectation could not be checked on, for want of a kept body
 * @param cutLine when the file's last line was cut (a process killed mid-write): what was left out, in words; null
 *     when the file ended cleanly
 */
public record RecordFile(Path file, RunStatistics statistics, Set<String> segments, long uncheckedBodies, String cutLine) {

    /**
     * Threads that parse a file's lines: parsing is nearly all of reading, and the statistics do not depend on the
     * records' order, so each thread fills its own and they are added together.
     */
    private static final int THREADS = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));

    /**
     * Checks that {@code file} holds a record, reading up to its first: a file with none (0 bytes, blank lines only,
     * or its one line cut) is a bad-argument error naming the file and the likely cause, as is a file that cannot be
     * read or a malformed line before the first record (naming the line). What {@code analyze}, {@code doctor},
     * {@code compare} and {@code merge} ask of each file they are given.
     */
    public static void requireRecords(Path file) {
        String none = FileReading.read(file, () -> {
            try (RecordStream records = RecordStream.open(file)) {
                if (records.next() != null) {
                    return null;
                }
                if (records.cutLine().isPresent()) {
                    return "its one line was cut, as when the run writing it is killed before its first request"
                            + " ends; run it again";
                }
                return (Files.size(file) == 0 ? "it is empty (0 bytes)" : "it holds nothing but blank lines")
                        + ", as when the run was stopped before its first request, or it is the wrong file";
            }
        });
        if (none != null) {
            throw new IllegalArgumentException(file + " has no records: " + none);
        }
    }

    /**
     * Reads {@code file}; a file that cannot be read, or a malformed line in it, is a bad-argument error naming the
     * file and the line.
     *
     * @param expect what a 2xx body must hold to be data, checked on kept bodies; null for none
     */
    public static RecordFile read(Path file, Expect expect) {
        return read(FilePart.whole(file), expect);
    }

    /**
     * As {@link #read(Path, Expect)}, counting only the records {@code part} selects, as it selects them: every line
     * is still read and checked.
     */
    public static RecordFile read(FilePart part, Expect expect) {
        Path file = part.file();
        List<Part> parts = Collections.synchronizedList(new ArrayList<>());
        String cut = FileReading.read(file, () -> {
            try (RecordStream records = RecordStream.open(file)) {
                records.forEachInParallel(THREADS, () -> {
                    Part counted = new Part(new RecordClassifier(expect), new RunStatistics(), new TreeSet<>());
                    parts.add(counted);
                    return r -> {
                        RequestRecord selected = part.select().apply(r);
                        if (selected != null) {
                            counted.add(selected);
                        }
                    };
                });
                return records.cutLine().map(CutLine::describe).orElse(null);
            }
        });
        RunStatistics statistics = new RunStatistics();
        Set<String> segments = new TreeSet<>();
        long unchecked = 0;
        for (Part counted : parts) {
            statistics.add(counted.statistics());
            segments.addAll(counted.segments());
            unchecked += counted.classifier().withoutBody();
        }
        return new RecordFile(file, statistics, Collections.unmodifiableSet(segments), unchecked, cut);
    }

    /** What one parsing thread made of its share of the file's records; added together once the file is read. */
    private record Part(RecordClassifier classifier, RunStatistics statistics, Set<String> segments) {
        /** @throws IllegalArgumentException for a record without outcome, status or error; the stream names its line */
        void add(RequestRecord r) {
            statistics.add(classifier.classify(r));
            if (r.segment() != null) {
                segments.add(r.segment());
            }
        }
    }

    /**
     * Streams {@code file}'s records to {@code each}, in file order.
     *
     * @return what a cut last line left out, in words; null when the file ended cleanly
     */
    public static String forEach(Path file, Consumer<RequestRecord> each) {
        return FileReading.read(file, () -> {
            try (RecordStream records = RecordStream.open(file)) {
                records.forEach(each);
                return records.cutLine().map(CutLine::describe).orElse(null);
            }
        });
    }
}
