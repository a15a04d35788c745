package io.proxybench.records;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * The records of one JSONL result file, one at a time, ours or the seed harness's, plain or gzip'd (told by the
 * gzip magic bytes {@code 1f 8b}, not by the name). Memory is bounded by the file's longest line, whatever its
 * number of records. Files of several processes (shards) are read one stream after the other, in the caller's
 * order. Not thread-safe.
 *
 * <p>Lines split at LF, CR LF or CR; blank lines (empty, or spaces and tabs only) are skipped; every other line must
 * be UTF-8 text of one JSON object of a record, nothing after it ({@code null} is not a record; unknown fields are
 * ignored) with its {@code sched} and {@code done}, or {@link #next} throws a {@link MalformedRecordException}
 * naming the file and the line. A record a consumer refuses (with an {@link IllegalArgumentException}) is reported
 * the same way: {@code FILE:LINE: } and the consumer's words.
 *
 * <p>One exception, a cut last line: when the file's last line has no terminator and is not a record, or a gzip
 * stream ends early, the writer was stopped mid-line (killed, crashed, the disk full). Its records up to the last
 * complete line are read, and {@link #cutLine()} reports the cut instead of an error. A last line without terminator
 * that is a record (as other tools write files) is a record.
 */
public final class RecordStream implements AutoCloseable {
    private static final int GZIP_BUFFER = 64 * 1024;

    private final Path file;
    private final InputStream in;
    private final Lines lines;
    /** The gzip header itself was cut: the stream holds no line. */
    private final boolean headerCut;
    private final LineParser parser;
    private final boolean compressed;
    private boolean ended;
    private CutLine cut;

    private RecordStream(Path file, InputStream in, boolean headerCut, boolean compressed) {
        this.file = file;
        this.in = in;
        this.lines = new Lines(file, in);
        this.headerCut = headerCut;
        this.compressed = compressed;
        this.parser = new LineParser(file);
    }

    /**
     * Opens {@code file} for reading, gzip'd or plain.
     *
     * @throws IOException if it cannot be opened, or begins as gzip but is not
     */
    public static RecordStream open(Path file) throws IOException {
        InputStream raw = Files.newInputStream(file);
        try {
            PushbackInputStream in = new PushbackInputStream(raw, 2);
            byte[] magic = in.readNBytes(2);
            in.unread(magic);
            if (magic.length < 2 || magic[0] != (byte) 0x1f || magic[1] != (byte) 0x8b) {
                return new RecordStream(file, in, false, false);
            }
            try {
                return new RecordStream(file, new GZIPInputStream(in, GZIP_BUFFER), false, true);
            } catch (EOFException e) {
                return new RecordStream(file, in, true, true);
            } catch (ZipException e) {
                throw new IOException(file + ": begins as gzip (bytes 1f 8b) but its header is not gzip's ("
                        + e.getMessage() + "); is it a gzip'd records file?", e);
            }
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }

    /** The file read. */
    public Path file() {
        return file;
    }

    /** Whether the file is gzip'd: then a line's offset is in the decompressed stream, not the file. */
    public boolean compressed() {
        return compressed;
    }

    /**
     * The next record, or null after the last one (then {@link #cutLine()} tells whether the file was cut).
     *
     * @throws MalformedRecordException if a line that is not blank is not a record, unless it is a cut last line;
     *     names the file and the line
     * @throws IOException if the file cannot be read, or its gzip data is corrupt (not just cut short)
     */
    public RequestRecord next() throws IOException {
        if (ended) {
            return null;
        }
        while (nextLine()) {
            byte[] bytes = lines.buffer();
            int start = lines.start();
            int length = lines.length();
            if (blank(bytes, start, length)) {
                continue;
            }
            if (lines.terminated()) {
                return parser.parse(bytes, start, length, lines.number());
            }
            try {
                return parser.parse(bytes, start, length, lines.number());
            } catch (MalformedRecordException e) {
                cut = new CutLine(file, lines.number(), length);
                ended = true;
                return null;
            }
        }
        ended = true;
        if (headerCut || lines.endedEarly()) {
            cut = new CutLine(file, lines.number() + 1, 0);
        }
        return null;
    }

    private boolean nextLine() throws IOException {
        try {
            return !headerCut && lines.next();
        } catch (ZipException e) {
            throw new IOException(file + ": the gzip data is corrupt in line " + (lines.number() + 1) + " ("
                    + e.getMessage() + "): the records before it were read, the rest of the file cannot be", e);
        }
    }

    /**
     * Hands every remaining record to {@code action}, in the file's order.
     *
     * @throws MalformedRecordException as {@link #next} does, or for a record {@code action} refused
     */
    public void forEach(Consumer<? super RequestRecord> action) throws IOException {
        for (RequestRecord record; (record = next()) != null; ) {
            try {
                action.accept(record);
            } catch (IllegalArgumentException e) {
                throw refused(file, lines.number(), e);
            }
        }
    }

    /** A record the consumer refused, as the error of its line. */
    static MalformedRecordException refused(Path file, int line, IllegalArgumentException e) {
        return new MalformedRecordException(file, line, e.getMessage(), e);
    }

    /**
     * Hands every remaining record to one of {@code threads} consumers, each made by {@code consumers} and called
     * from a thread of its own: lines are split here and parsed on those threads, so the records of a batch of lines
     * reach one consumer in file order, and batches any consumer in any order. For what does not depend on order,
     * such as statistics filled per thread and added together after. The same rules as {@link #next}; the first
     * error (the one of the lowest line when several threads meet one) stops every thread and is thrown here, once
     * they have ended. With one thread, as {@link #forEach}.
     *
     * @throws MalformedRecordException as {@link #next} does, or for a record a consumer refused
     * @throws RuntimeException the first a consumer threw, other than a refusal
     */
    public void forEachInParallel(int threads, Supplier<? extends Consumer<? super RequestRecord>> consumers)
            throws IOException {
        forEachLineInParallel(threads, () -> {
            Consumer<? super RequestRecord> consumer = consumers.get();
            return (record, line, offset, length, position) -> consumer.accept(record);
        });
    }

    /**
     * A record and the line it was read from: its bytes (valid during the call only, terminator left out) and where
     * the line starts in the stream.
     */
    @FunctionalInterface
    public interface LineConsumer {
        /**
         * @param line holds the line's bytes from {@code offset}, {@code length} of them
         * @param position where the line starts in the stream, bytes (decompressed when {@link #compressed()})
         */
        void accept(RequestRecord record, byte[] line, int offset, int length, long position);
    }

    /**
     * As {@link #forEachInParallel}, each record handed over with its line's bytes, e.g. to copy the line unchanged
     * into another file.
     */
    public void forEachLineInParallel(int threads, Supplier<? extends LineConsumer> consumers) throws IOException {
        if (threads <= 1) {
            LineConsumer consumer = consumers.get();
            for (RequestRecord record; (record = next()) != null; ) {
                try {
                    consumer.accept(record, lines.buffer(), lines.start(), lines.length(), lines.offset());
                } catch (IllegalArgumentException e) {
                    throw refused(file, lines.number(), e);
                }
            }
            return;
        }
        if (ended) {
            return;
        }
        ParallelParse parse = new ParallelParse(file, threads, consumers);
        try {
            LineBatch batch = parse.free();
            while (!parse.failed() && nextLine()) {
                if (blank(lines.buffer(), lines.start(), lines.length())) {
                    continue;
                }
                if (!lines.terminated()) {
                    parse.last(lines.buffer(), lines.start(), lines.length(), lines.number(), lines.offset());
                    break;
                }
                if (!batch.add(lines.buffer(), lines.start(), lines.length(), lines.number(), lines.offset())) {
                    parse.submit(batch);
                    batch = parse.free();
                    batch.add(lines.buffer(), lines.start(), lines.length(), lines.number(), lines.offset());
                }
            }
            parse.submit(batch);
        } finally {
            parse.finish();
        }
        parse.rethrow();
        ended = true;
        if (parse.lastCut() != null) {
            cut = parse.lastCut();
        } else if (headerCut || lines.endedEarly()) {
            cut = new CutLine(file, lines.number() + 1, 0);
        }
    }

    /**
     * The cut last line, once {@link #next} has returned null: empty when the file ended after a complete line (or
     * a last line without terminator that is a record), and before the end is reached.
     */
    public Optional<CutLine> cutLine() {
        return Optional.ofNullable(cut);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    /** Whether a line holds nothing but JSON's spaces and tabs (CR and LF end lines). */
    private static boolean blank(byte[] bytes, int start, int length) {
        for (int i = start, end = start + length; i < end; i++) {
            if (bytes[i] != ' ' && bytes[i] != '\t') {
                return false;
            }
        }
        return true;
    }
}
