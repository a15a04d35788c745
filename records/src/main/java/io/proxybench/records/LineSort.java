package io.proxybench.records;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The lines of records files in the order of a key, in a fixed memory whatever the files hold: written out unchanged
 * ({@link #writeTo}, {@code merge}'s shards into one file) or read again as records ({@link #forEach}, the doctor's
 * records in start order). One pass reads the files (parsed on several threads, so every line is checked as
 * {@link RecordStream} checks it); each thread keeps its lines' keys and places up to a budget of bytes, sorts them
 * and spills them as a run to a temporary file; then the runs are merged and each line copied from its file into the
 * output. A line of a plain file is kept as its place only (45 bytes in a run); a gzip'd file's lines, which cannot be read
 * again at a place, are kept whole. Memory is the threads' budgets, whatever the files' size; the runs are deleted by
 * {@link #close}.
 */
public final class LineSort implements AutoCloseable {

    /** How the names of a sort's runs begin: temporary files, deleted when it closes. */
    public static final String TEMP_PREFIX = "proxybench-sort-";
    /** Threads that parse a file's lines. */
    static final int THREADS = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
    /** Runs merged at once at most: more are first merged into fewer, so that open files stay bounded. */
    static final int MAX_RUNS = 128;
    /** Heap a held line costs besides its bytes (key, line and list slot), bytes. */
    private static final long LINE_OVERHEAD = 96;

    /** A line's place in the order: compared field by field. */
    public record Key(double first, double second, double third) implements Comparable<Key> {
        private static final Comparator<Key> ORDER = Comparator.comparingDouble(Key::first)
                .thenComparingDouble(Key::second).thenComparingDouble(Key::third);

        @Override
        public int compareTo(Key other) {
            return ORDER.compare(this, other);
        }
    }

    /**
     * A line: its key, the file and place it was read from, and its bytes when that file is gzip'd (null when the
     * line is read again from its place).
     */
    record Line(Key key, int file, long position, int length, byte[] bytes) {}

    private final Path dir;
    private final List<Path> spilled = Collections.synchronizedList(new ArrayList<>());
    private final List<List<Line>> inMemory = Collections.synchronizedList(new ArrayList<>());
    private final List<CutLine> cuts = new ArrayList<>();
    /** The files read, in order; a line names its file by index. */
    private final List<Path> files = new ArrayList<>();
    /** What each file's part selects of its records, by the file's index. */
    private final List<UnaryOperator<RequestRecord>> selects = new ArrayList<>();
    /** Whether each file's lines are kept whole (it is gzip'd). */
    private final List<Boolean> inline = new ArrayList<>();
    private final long budgetBytes;
    /** Bytes of the lines kept in memory between files (the files' tails). */
    private long heldBytes;

    private LineSort(Path dir, long budgetBytes) {
        this.dir = dir;
        this.budgetBytes = budgetBytes;
    }

    /**
     * Reads {@code files} into sorted runs.
     *
     * @param keep which records are sorted; the others are read (and checked) only
     * @param key each kept record's place in the order
     * @param dir where the runs go
     * @param budgetBytes bytes of lines a parsing thread holds before it spills them
     * @param each told every record read with its file, kept or not, from the parsing threads (so thread-safe)
     * @throws MalformedRecordException for a line that is not a record (a cut last line is reported instead, see
     *     {@link #cutLines})
     * @throws SpillException when a run cannot be written in {@code dir}
     * @throws IOException when a file cannot be read
     */
    public static LineSort open(List<Path> files, Predicate<? super RequestRecord> keep,
            Function<RequestRecord, Key> key, Path dir, long budgetBytes, BiConsumer<Path, RequestRecord> each)
            throws IOException {
        return openParts(files.stream().map(FilePart::whole).toList(), keep, key, dir, budgetBytes, each);
    }

    /**
     * As {@link #open}, each file's records as its part selects them: {@code keep} and {@code key} see a record as
     * selected, {@link #forEach} hands it over so, and a record the part leaves out is only read and checked.
     * {@code each} is told every record as read, before selection. {@link #writeTo} writes the lines as their files
     * hold them: a selection decides which lines and in what order, not their text.
     */
    public static LineSort openParts(List<FilePart> parts, Predicate<? super RequestRecord> keep,
            Function<RequestRecord, Key> key, Path dir, long budgetBytes, BiConsumer<Path, RequestRecord> each)
            throws IOException {
        LineSort sort = new LineSort(dir, budgetBytes);
        try {
            for (FilePart part : parts) {
                sort.read(part, keep, key, each);
            }
        } catch (UncheckedIOException e) {
            sort.close();
            throw e.getCause();
        } catch (IOException | RuntimeException e) {
            sort.close();
            throw e;
        }
        return sort;
    }

    /** A parsing thread's budget: a quarter of the heap shared by the threads, from 4 to 64 MiB. */
    public static long defaultBudgetBytes() {
        return Math.max(4L << 20, Math.min(64L << 20, Runtime.getRuntime().maxMemory() / 4 / THREADS));
    }

    /** The files' cut last lines, in file order: those lines are left out. */
    public List<CutLine> cutLines() {
        return List.copyOf(cuts);
    }

    /**
     * Writes every line in the key's order, each followed by LF; lines of equal keys in no set order. The writes to
     * {@code out} run on a thread of their own, overlapping the merge.
     *
     * @return the lines written
     */
    public long writeTo(OutputStream out) throws IOException {
        long[] written = {0};
        AsyncOutput async = new AsyncOutput(out);
        try {
            mergeLines((line, bytes, offset, length) -> {
                async.write(bytes, offset, length);
                async.write('\n');
                written[0]++;
            });
        } finally {
            async.finish();
        }
        return written[0];
    }

    /**
     * Hands every kept record to {@code each}, in the key's order (records of equal keys in no set order), read again
     * from its line.
     */
    public void forEach(Consumer<? super RequestRecord> each) throws IOException {
        List<LineParser> parsers = files.stream().map(LineParser::new).toList();
        mergeLines((line, bytes, offset, length) -> {
            RequestRecord record;
            try {
                record = parsers.get(line.file()).parse(bytes, offset, length, 0);
            } catch (MalformedRecordException e) {
                // Every line was checked when it was read: one that no longer parses was changed since.
                throw new IOException(files.get(line.file()) + " changed while it was sorted: a line at byte "
                        + line.position() + " no longer reads as a record", e);
            }
            RequestRecord selected = selects.get(line.file()).apply(record);
            if (selected != null) {
                each.accept(selected);
            }
        });
    }

    /** Receives the merged lines in order: a line and its bytes (valid during the call). */
    @FunctionalInterface
    private interface LineSink {
        void accept(Line line, byte[] bytes, int offset, int length) throws IOException;
    }

    /** Merges every run, each line's bytes taken from the line or read again from its file. */
    private void mergeLines(LineSink sink) throws IOException {
        while (spilled.size() > MAX_RUNS) {
            List<Path> first = new ArrayList<>(spilled.subList(0, MAX_RUNS));
            Path merged = newRun();
            try (DataOutputStream run = SortedRuns.output(merged)) {
                SortedRuns.merge(runs(first, List.of()), line -> SortedRuns.write(run, line));
            }
            first.forEach(this::delete);
            spilled.removeAll(first);
        }
        List<LineSource> sources = new ArrayList<>();
        try {
            for (int i = 0; i < files.size(); i++) {
                sources.add(inline.get(i) ? null : new LineSource(files.get(i)));
            }
            SortedRuns.merge(runs(spilled, inMemory), line -> {
                if (line.bytes() != null) {
                    sink.accept(line, line.bytes(), 0, line.length());
                } else {
                    LineSource source = sources.get(line.file());
                    int offset = source.at(line.position(), line.length());
                    sink.accept(line, source.bytes(), offset, line.length());
                }
            });
        } finally {
            for (LineSource source : sources) {
                if (source != null) {
                    source.close();
                }
            }
        }
    }

    /** Deletes the runs. */
    @Override
    public void close() {
        List<Path> runs;
        synchronized (spilled) {
            runs = new ArrayList<>(spilled);
            spilled.clear();
        }
        runs.forEach(this::delete);
        inMemory.clear();
    }

    private void read(FilePart part, Predicate<? super RequestRecord> keep, Function<RequestRecord, Key> key,
            BiConsumer<Path, RequestRecord> each) throws IOException {
        Path file = part.file();
        UnaryOperator<RequestRecord> select = part.select();
        try (RecordStream in = RecordStream.open(file)) {
            int index = files.size();
            boolean whole = in.compressed();
            files.add(file);
            selects.add(select);
            inline.add(whole);
            List<Chunk> chunks = Collections.synchronizedList(new ArrayList<>());
            in.forEachLineInParallel(THREADS, () -> {
                Chunk chunk = new Chunk();
                chunks.add(chunk);
                return (read, bytes, offset, length, position) -> {
                    each.accept(file, read);
                    RequestRecord record = select.apply(read);
                    if (record == null || !keep.test(record)) {
                        return;
                    }
                    byte[] copy = null;
                    if (whole) {
                        copy = new byte[length];
                        System.arraycopy(bytes, offset, copy, 0, length);
                    }
                    chunk.lines.add(new Line(key.apply(record), index, position, length, copy));
                    chunk.bytes += (whole ? length : 0) + LINE_OVERHEAD;
                    if (chunk.bytes >= budgetBytes) {
                        spill(chunk);
                    }
                };
            });
            in.cutLine().ifPresent(cuts::add);
            // A file's tails stay in memory while every tail so far fits in one thread's budget; the rest spill.
            for (Chunk chunk : chunks) {
                if (chunk.lines.isEmpty()) {
                    continue;
                }
                if (heldBytes + chunk.bytes > budgetBytes) {
                    spill(chunk);
                } else {
                    chunk.lines.sort(Comparator.comparing(Line::key));
                    inMemory.add(List.copyOf(chunk.lines));
                    heldBytes += chunk.bytes;
                }
            }
        }
    }

    /** Lines a parsing thread holds, and their bytes (with an allowance per line for the objects around it). */
    private static final class Chunk {
        final List<Line> lines = new ArrayList<>();
        long bytes;
    }

    private void spill(Chunk chunk) {
        chunk.lines.sort(Comparator.comparing(Line::key));
        try {
            Path run = newRun();
            try (DataOutputStream out = SortedRuns.output(run)) {
                for (Line line : chunk.lines) {
                    SortedRuns.write(out, line);
                }
            }
        } catch (SpillException e) {
            throw new UncheckedIOException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(new SpillException("cannot write a sorted run in " + dir + ": "
                    + e.getMessage() + "; give it a disk with room for about a tenth of the records' size", e));
        }
        chunk.lines.clear();
        chunk.bytes = 0;
    }

    private Path newRun() throws IOException {
        Path run;
        try {
            run = Files.createTempFile(dir, TEMP_PREFIX, ".run");
        } catch (IOException e) {
            throw new SpillException("cannot make a sorted run in " + dir + ": " + e.getMessage()
                    + "; sort in a writable directory with room", e);
        }
        spilled.add(run);
        return run;
    }

    private void delete(Path run) {
        try {
            Files.deleteIfExists(run);
        } catch (IOException e) {
            // A run left behind is a temporary file; the merged output does not depend on it.
        }
    }

    private static List<SortedRuns.Run> runs(List<Path> files, List<List<Line>> memory) throws IOException {
        List<SortedRuns.Run> runs = new ArrayList<>();
        try {
            for (Path file : files) {
                runs.add(SortedRuns.read(file));
            }
        } catch (IOException e) {
            for (SortedRuns.Run run : runs) {
                run.close();
            }
            throw e;
        }
        memory.forEach(lines -> runs.add(SortedRuns.of(lines)));
        return runs;
    }
}
