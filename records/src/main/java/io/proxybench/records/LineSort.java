package io.proxybench.records;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The lines of records files in the order of a key, in a fixed memory whatever the files hold: written out unchanged
 * ({@link #writeTo}, {@code merge}'s shards into one file) or read again as records ({@link #forEach}, the doctor's
 * records in start order). One pass reads the files (parsed on several threads, so every line is checked as
 * {@link RecordStream} checks it); each thread keeps its lines' keys and places up to a budget of bytes, sorts them
 * and spills them as a run to a temporary file; then the runs are merged and each line copied from its file into the
 * output. A line of a plain file is kept as its place only (44 bytes); a gzip'd file's lines, which cannot be read
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
    private static final int BUFFER = 64 * 1024;
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
    private record Line(Key key, int file, long position, int length, byte[] bytes) {}

    private final Path dir;
    private final List<Path> spilled = Collections.synchronizedList(new ArrayList<>());
    private final List<List<Line>> inMemory = Collections.synchronizedList(new ArrayList<>());
    private final List<CutLine> cuts = new ArrayList<>();
    /** The files read, in order; a line names its file by index. */
    private final List<Path> files = new ArrayList<>();
    /** Whether each file's lines are kept whole (it is gzip'd). */
    private final List<Boolean> inline = new ArrayList<>();
    private final long budgetBytes;
    /** Bytes of the lines kept in memory between files (the files' tails). */
    private long heldBytes;

    private LineSort(Path dir, long budgetBytes) {
        this.dir = dir;
        this.budgetBytes = budgetBytes;
    }

    /** The lines of {@code files} by {@code key}, every record kept, in {@link #defaultBudgetBytes()}. */
    public static LineSort open(List<Path> files, Function<RequestRecord, Key> key, Path dir) throws IOException {
        return open(files, r -> true, key, dir, defaultBudgetBytes(), (file, r) -> { });
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
        LineSort sort = new LineSort(dir, budgetBytes);
        try {
            for (Path file : files) {
                sort.read(file, keep, key, each);
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
            each.accept(record);
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
            try (DataOutputStream run = runOutput(merged)) {
                merge(open(first, List.of()), line -> writeEntry(run, line));
            }
            first.forEach(this::delete);
            spilled.removeAll(first);
        }
        List<Source> sources = new ArrayList<>();
        try {
            for (int i = 0; i < files.size(); i++) {
                sources.add(inline.get(i) ? null : new Source(files.get(i)));
            }
            merge(open(spilled, inMemory), line -> {
                if (line.bytes() != null) {
                    sink.accept(line, line.bytes(), 0, line.length());
                } else {
                    Source source = sources.get(line.file());
                    int offset = source.at(line.position(), line.length());
                    sink.accept(line, source.bytes(), offset, line.length());
                }
            });
        } finally {
            for (Source source : sources) {
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

    private void read(Path file, Predicate<? super RequestRecord> keep, Function<RequestRecord, Key> key,
            BiConsumer<Path, RequestRecord> each) throws IOException {
        try (RecordStream in = RecordStream.open(file)) {
            int index = files.size();
            boolean whole = in.compressed();
            files.add(file);
            inline.add(whole);
            List<Chunk> chunks = Collections.synchronizedList(new ArrayList<>());
            in.forEachLineInParallel(THREADS, () -> {
                Chunk chunk = new Chunk();
                chunks.add(chunk);
                return (record, bytes, offset, length, position) -> {
                    each.accept(file, record);
                    if (!keep.test(record)) {
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
            try (DataOutputStream out = runOutput(run)) {
                for (Line line : chunk.lines) {
                    writeEntry(out, line);
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

    private static DataOutputStream runOutput(Path run) throws IOException {
        return new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(run), BUFFER));
    }

    private static void writeEntry(DataOutputStream out, Line line) throws IOException {
        out.writeDouble(line.key().first());
        out.writeDouble(line.key().second());
        out.writeDouble(line.key().third());
        out.writeInt(line.file());
        out.writeLong(line.position());
        out.writeInt(line.length());
        if (line.bytes() != null) {
            out.write(line.bytes());
        }
    }

    private void delete(Path run) {
        try {
            Files.deleteIfExists(run);
        } catch (IOException e) {
            // A run left behind is a temporary file; the merged output does not depend on it.
        }
    }

    /** Receives merged lines in order. */
    @FunctionalInterface
    private interface Sink {
        void accept(Line line) throws IOException;
    }

    /** A sorted run being read: its current line. */
    private abstract static class Run implements Comparable<Run> {
        Line line;

        /** Moves to the next line; false at the end (the run is then closed). */
        abstract boolean advance() throws IOException;

        @Override
        public int compareTo(Run other) {
            return line.key().compareTo(other.line.key());
        }
    }

    private final class FileRun extends Run {
        private final Path file;
        private final DataInputStream in;

        FileRun(Path file) throws IOException {
            this.file = file;
            this.in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), BUFFER));
        }

        @Override
        boolean advance() throws IOException {
            double first;
            try {
                first = in.readDouble();
            } catch (EOFException end) {
                in.close();
                return false;
            }
            try {
                Key key = new Key(first, in.readDouble(), in.readDouble());
                int source = in.readInt();
                long position = in.readLong();
                int length = in.readInt();
                line = new Line(key, source, position, length, inline.get(source) ? in.readNBytes(length) : null);
            } catch (EOFException e) {
                in.close();
                throw new SpillException("the sorted run " + file + " ends early: was the disk full?", e);
            }
            return true;
        }
    }

    private static final class MemoryRun extends Run {
        private final List<Line> lines;
        private int next;

        MemoryRun(List<Line> lines) {
            this.lines = lines;
        }

        @Override
        boolean advance() {
            if (next == lines.size()) {
                return false;
            }
            line = lines.get(next++);
            return true;
        }
    }

    private List<Run> open(List<Path> runFiles, List<List<Line>> memory) throws IOException {
        List<Run> runs = new ArrayList<>();
        for (Path file : runFiles) {
            runs.add(new FileRun(file));
        }
        for (List<Line> lines : memory) {
            runs.add(new MemoryRun(lines));
        }
        return runs;
    }

    private static void merge(List<Run> runs, Sink sink) throws IOException {
        PriorityQueue<Run> queue = new PriorityQueue<>(Math.max(1, runs.size()));
        for (Run run : runs) {
            if (run.advance()) {
                queue.add(run);
            }
        }
        while (!queue.isEmpty()) {
            Run run = queue.poll();
            sink.accept(run.line);
            if (run.advance()) {
                queue.add(run);
            }
        }
    }

    /**
     * A plain input file read again line by line at the lines' places: through a window of its bytes that moves
     * forward, as the sorted lines mostly do (a shard is written nearly in schedule order); a line behind the window
     * (a request that finished late) is read on its own.
     */
    private static final class Source implements AutoCloseable {
        private static final int WINDOW = 1 << 20;

        private final Path file;
        private final FileChannel channel;
        private final byte[] window = new byte[WINDOW];
        private long windowStart;
        private int windowLength;
        /** A line read on its own, behind the window; grown to the longest such line. */
        private byte[] line = new byte[0];
        /** Where the bytes {@link #at} made readable are: the window or {@link #line}. */
        private byte[] current = window;

        Source(Path file) throws IOException {
            this.file = file;
            this.channel = FileChannel.open(file, StandardOpenOption.READ);
        }

        /**
         * Makes the {@code length} bytes at {@code position} readable in {@link #bytes()}; returns where they start
         * there (valid until the next call).
         */
        int at(long position, int length) throws IOException {
            if (position >= windowStart && position + length <= windowStart + windowLength) {
                current = window;
                return (int) (position - windowStart);
            }
            if (position > windowStart && length <= WINDOW) {
                windowStart = position;
                windowLength = read(ByteBuffer.wrap(window), position);
                if (windowLength >= length) {
                    current = window;
                    return 0;
                }
            }
            if (line.length < length) {
                line = new byte[length];
            }
            if (read(ByteBuffer.wrap(line, 0, length), position) < length) {
                throw new IOException(file + " changed while it was sorted: it ends before a line it held");
            }
            current = line;
            return 0;
        }

        /** The bytes {@link #at} made readable. */
        byte[] bytes() {
            return current;
        }

        /** Fills {@code buffer} from {@code position} on, as far as the file goes; the bytes read. */
        private int read(ByteBuffer buffer, long position) throws IOException {
            int total = 0;
            while (buffer.hasRemaining()) {
                int n = channel.read(buffer, position + total);
                if (n < 0) {
                    break;
                }
                total += n;
            }
            return total;
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }
}
