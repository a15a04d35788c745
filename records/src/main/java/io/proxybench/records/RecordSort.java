package io.proxybench.records;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Predicate;
import java.util.zip.Deflater;

/**
 * The records of several files (a run's shards, one client's records) in one order, sorted in a fixed memory: at
 * most {@code chunk} records are held at once, whatever the files hold. Records equal in the order come in no
 * particular order. Not thread-safe.
 *
 * <p>The files are read once, in turn, when the sort is opened. A file's records that are in order from its first
 * one on (all of them, when the file is sorted) are not held: the merge reads them from the file again. The others
 * are gathered into a chunk; a full chunk is sorted and spilled to a temp file (gzip'd JSONL, written by
 * {@link JsonlWriter}) in the caller's directory, a sorted run. The last chunk stays in memory, so an input that fits
 * in one chunk is never spilled. Then {@link #next} merges the runs, k-way, with a priority queue. Whenever
 * {@value #FAN_IN} runs have been spilled at one level, they are merged into one run of the next level, so the merge
 * keeps about {@value #FAN_IN} files open per level, not one per chunk.
 *
 * <p>A cut last line of a file ({@link RecordStream}) is left out and reported by {@link #cutLines()}. Temp files are
 * deleted by {@link #close}, and when opening fails. A temp file that cannot be written or read back is a
 * {@link SpillException}; a file that cannot be read, or a malformed line, fails as {@link RecordStream} does.
 */
public final class RecordSort implements AutoCloseable {

    /** The most records the default chunk holds, whatever the heap. */
    public static final int MAX_CHUNK = 200_000;
    /** Spilled runs of one level merged into one run of the next. */
    static final int FAN_IN = 64;
    /** What the default chunk budgets per record, bytes: a record read takes some 500 to 800. */
    private static final long RECORD_BYTES = 1024;
    /** The default chunk may take this share of the heap, as 1 / n. */
    private static final int HEAP_SHARE = 4;
    private static final int MIN_CHUNK = 1_000;
    /** A record with a body weighs one record more per this many characters of it. */
    private static final int BODY_CHARS = 1024;
    /** How the names of a sort's temp files begin: its spilled runs, deleted when it closes. */
    public static final String TEMP_PREFIX = "proxybench-sort-";
    private static final String TEMP_SUFFIX = ".jsonl.gz";

    private final Predicate<? super RequestRecord> keep;
    private final Comparator<? super RequestRecord> order;
    private final Path dir;
    private final int chunk;
    /** Every temp file made and not yet deleted. */
    private final List<Path> temps = new ArrayList<>();
    /** Spilled runs by level: a level-0 run is one chunk, a level-n run merges {@value #FAN_IN} of level n - 1. */
    private final List<List<Path>> levels = new ArrayList<>();
    private final List<Prefix> prefixes = new ArrayList<>();
    private final List<CutLine> cuts = new ArrayList<>();
    private final List<RequestRecord> held = new ArrayList<>();
    /** The weight of the records held: one each, more with a body. At most {@link #chunk}. */
    private long weight;
    private Merge merge;

    /** A file's kept records in order from its first: the first {@code count} of them. */
    private record Prefix(Path file, long count) {}

    private RecordSort(Predicate<? super RequestRecord> keep, Comparator<? super RequestRecord> order, Path dir,
            int chunk) {
        this.keep = keep;
        this.order = order;
        this.dir = dir;
        this.chunk = chunk;
    }

    /**
     * The default chunk, in records: a quarter of the heap at 1 KiB a record, at least 1,000 and at most
     * {@value #MAX_CHUNK} (about 140 MB of records).
     */
    public static int defaultChunk() {
        long fits = Runtime.getRuntime().maxMemory() / HEAP_SHARE / RECORD_BYTES;
        return (int) Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, fits));
    }

    /** Sorts every record of {@code files} by {@code order} in the {@link #defaultChunk()}, spilling to {@code dir}. */
    public static RecordSort open(List<Path> files, Comparator<? super RequestRecord> order, Path dir)
            throws IOException {
        return open(files, r -> true, order, dir, defaultChunk());
    }

    /**
     * Reads {@code files}, in the order given, and sorts the records {@code keep} accepts by {@code order}.
     *
     * @param dir where runs are spilled when the records do not fit in one chunk
     * @param chunk the most records held in memory, at least 1; a record with a body counts once more per 1,024
     *     characters of it
     * @throws SpillException if a run cannot be spilled to {@code dir}
     * @throws IOException if a file cannot be read, or holds a malformed line (not a cut last line)
     */
    public static RecordSort open(List<Path> files, Predicate<? super RequestRecord> keep,
            Comparator<? super RequestRecord> order, Path dir, int chunk) throws IOException {
        if (chunk < 1) {
            throw new IllegalArgumentException("a chunk of " + chunk + " records: it must hold at least 1");
        }
        RecordSort sort = new RecordSort(keep, order, dir, chunk);
        try {
            for (Path file : files) {
                sort.read(file);
            }
            sort.merge = sort.mergeAll();
            return sort;
        } catch (Throwable e) {
            sort.closeAfter(e);
            throw e;
        }
    }

    /** The next record in order, or null after the last. */
    public RequestRecord next() throws IOException {
        return merge.next();
    }

    /** The files' cut last lines, in the order the files were given; empty when every file ended cleanly. */
    public List<CutLine> cutLines() {
        return List.copyOf(cuts);
    }

    /** Closes the files read and deletes every temp file. */
    @Override
    public void close() throws IOException {
        IOException failed = release();
        if (failed != null) {
            throw failed;
        }
    }

    private void closeAfter(Throwable cause) {
        IOException failed = release();
        if (failed != null) {
            cause.addSuppressed(failed);
        }
    }

    /** Closes what is open and deletes the temp files; the first failure, or null. */
    private IOException release() {
        IOException failed = null;
        if (merge != null) {
            try {
                merge.close();
            } catch (IOException e) {
                failed = e;
            }
        }
        for (Path temp : List.copyOf(temps)) {
            try {
                delete(temp);
            } catch (IOException e) {
                failed = failed == null ? e : failed;
            }
        }
        return failed;
    }

    private void read(Path file) throws IOException {
        try (RecordStream in = RecordStream.open(file)) {
            RequestRecord last = null;
            long inOrder = 0;
            boolean sorted = true;
            for (RequestRecord r; (r = in.next()) != null; ) {
                if (!keep.test(r)) {
                    continue;
                }
                if (sorted && (last == null || order.compare(last, r) <= 0)) {
                    last = r;
                    inOrder++;
                } else {
                    sorted = false;
                    hold(r);
                }
            }
            if (inOrder > 0) {
                prefixes.add(new Prefix(file, inOrder));
            }
            in.cutLine().ifPresent(cuts::add);
        }
    }

    private void hold(RequestRecord r) throws IOException {
        long w = 1 + (r.body() == null ? 0 : r.body().length() / BODY_CHARS);
        if (!held.isEmpty() && weight + w > chunk) {
            held.sort(order);
            Path run = spill(new MemoryRun(held.iterator()));
            held.clear();
            weight = 0;
            add(0, run);
        }
        held.add(r);
        weight += w;
    }

    /** Adds a spilled run at {@code level}; a level full of runs is merged into one run of the next. */
    private void add(int level, Path run) throws IOException {
        if (levels.size() == level) {
            levels.add(new ArrayList<>());
        }
        List<Path> runs = levels.get(level);
        runs.add(run);
        if (runs.size() == FAN_IN) {
            Path merged;
            try (Merge all = new Merge(open(runs))) {
                merged = spill(all);
            }
            for (Path p : runs) {
                delete(p);
            }
            runs.clear();
            add(level + 1, merged);
        }
    }

    /** Every run, to be merged: the files' ordered prefixes, the spilled runs, the chunk held. */
    private Merge mergeAll() throws IOException {
        List<Run> runs = new ArrayList<>();
        try {
            for (Prefix p : prefixes) {
                runs.add(new FileRun(RecordStream.open(p.file()), keep, p.count(), false));
            }
            for (List<Path> level : levels) {
                runs.addAll(open(level));
            }
        } catch (IOException | RuntimeException e) {
            closeAll(runs, e);
            throw e;
        }
        held.sort(order);
        runs.add(new MemoryRun(held.iterator()));
        return new Merge(runs);
    }

    /** Spilled runs, opened. */
    private List<Run> open(List<Path> files) throws IOException {
        List<Run> runs = new ArrayList<>();
        for (Path file : files) {
            try {
                runs.add(new FileRun(RecordStream.open(file), r -> true, Long.MAX_VALUE, true));
            } catch (IOException e) {
                SpillException failed = failure("read back the temp file " + file, e);
                closeAll(runs, failed);
                throw failed;
            }
        }
        return runs;
    }

    /** Writes {@code records} to a new temp file, a run; returns it. */
    private Path spill(Run records) throws IOException {
        Path file;
        try {
            file = Files.createTempFile(dir, TEMP_PREFIX, TEMP_SUFFIX);
        } catch (IOException e) {
            throw failure("create a temp file in " + dir, e);
        }
        temps.add(file);
        try (JsonlWriter out = new JsonlWriter(file, Deflater.BEST_SPEED)) {
            for (RequestRecord r; (r = records.next()) != null; ) {
                out.write(r);
            }
        } catch (SpillException e) {
            throw e;
        } catch (IOException e) {
            throw failure("write the temp file " + file, e);
        }
        return file;
    }

    private void delete(Path temp) throws IOException {
        Files.deleteIfExists(temp);
        temps.remove(temp);
    }

    /** {@code cannot DO (reason): ...}, naming where the sort spills and what to do. */
    private SpillException failure(String what, IOException e) {
        return new SpillException("cannot " + what + " (" + e.getMessage() + "): records that do not fit in memory"
                + " are sorted in runs spilled to " + dir + "; free space there", e);
    }

    private static void closeAll(List<Run> runs, Throwable cause) {
        for (Run run : runs) {
            try {
                run.close();
            } catch (IOException e) {
                cause.addSuppressed(e);
            }
        }
    }

    /** Records in order, one at a time. */
    private interface Run extends AutoCloseable {
        /** The next record, or null after the last. */
        RequestRecord next() throws IOException;

        @Override
        void close() throws IOException;
    }

    private static final class MemoryRun implements Run {
        private final Iterator<RequestRecord> records;

        MemoryRun(Iterator<RequestRecord> records) {
            this.records = records;
        }

        @Override
        public RequestRecord next() {
            return records.hasNext() ? records.next() : null;
        }

        @Override
        public void close() {
        }
    }

    /** The first {@code left} records of a file that {@code keep} accepts; the file is closed once they are read. */
    private final class FileRun implements Run {
        private final RecordStream in;
        private final Predicate<? super RequestRecord> keep;
        private final boolean temp;
        private long left;
        private boolean closed;

        FileRun(RecordStream in, Predicate<? super RequestRecord> keep, long count, boolean temp) {
            this.in = in;
            this.keep = keep;
            this.left = count;
            this.temp = temp;
        }

        @Override
        public RequestRecord next() throws IOException {
            while (left > 0) {
                RequestRecord r;
                try {
                    r = in.next();
                } catch (IOException e) {
                    throw temp ? failure("read back the temp file " + in.file(), e) : e;
                }
                if (r == null) {
                    left = 0;
                } else if (keep.test(r)) {
                    left--;
                    return r;
                }
            }
            close();
            return null;
        }

        @Override
        public void close() throws IOException {
            if (!closed) {
                closed = true;
                in.close();
            }
        }
    }

    /** One record of a run, waiting in the merge. */
    private record Head(RequestRecord record, int run) {}

    /** The k-way merge of runs: the least head first; of equal heads, the earlier run's. */
    private final class Merge implements Run {
        private final List<Run> runs;
        private final PriorityQueue<Head> heads;

        Merge(List<Run> runs) throws IOException {
            this.runs = runs;
            this.heads = new PriorityQueue<>(Math.max(1, runs.size()), (a, b) -> {
                int c = order.compare(a.record(), b.record());
                return c != 0 ? c : Integer.compare(a.run(), b.run());
            });
            try {
                for (int i = 0; i < runs.size(); i++) {
                    advance(i);
                }
            } catch (IOException | RuntimeException e) {
                closeAll(runs, e);
                throw e;
            }
        }

        @Override
        public RequestRecord next() throws IOException {
            Head head = heads.poll();
            if (head == null) {
                return null;
            }
            advance(head.run());
            return head.record();
        }

        private void advance(int run) throws IOException {
            RequestRecord next = runs.get(run).next();
            if (next != null) {
                heads.add(new Head(next, run));
            }
        }

        @Override
        public void close() throws IOException {
            IOException failed = null;
            for (Run run : runs) {
                try {
                    run.close();
                } catch (IOException e) {
                    failed = failed == null ? e : failed;
                }
            }
            if (failed != null) {
                throw failed;
            }
        }
    }
}
