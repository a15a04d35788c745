package io.proxybench.records;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectReader;
import java.io.EOFException;
import java.io.InterruptedIOException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicReference;
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
 * ignored), or {@link #next} throws a {@link MalformedRecordException} naming the file and the line.
 *
 * <p>One exception, a cut last line: when the file's last line has no terminator and is not a record, or a gzip
 * stream ends early, the writer was stopped mid-line (killed, crashed, the disk full). Its records up to the last
 * complete line are read, and {@link #cutLine()} reports the cut instead of an error. A last line without terminator
 * that is a record (as other tools write files) is a record.
 */
public final class RecordStream implements AutoCloseable {
    /** Resolved once: a record's deserializer is not looked up per line. */
    private static final ObjectReader RECORDS = Jsonl.MAPPER.readerFor(RecordFields.class);
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080_8080_8080_8080L;
    private static final int GZIP_BUFFER = 64 * 1024;

    private final Path file;
    private final InputStream in;
    private final Lines lines;
    /** The gzip header itself was cut: the stream holds no line. */
    private final boolean headerCut;
    private final Parser parser;
    private final boolean compressed;
    private boolean ended;
    private CutLine cut;

    private RecordStream(Path file, InputStream in, boolean headerCut, boolean compressed) {
        this.file = file;
        this.in = in;
        this.lines = new Lines(file, in);
        this.headerCut = headerCut;
        this.compressed = compressed;
        this.parser = new Parser(file);
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
     * @throws MalformedRecordException as {@link #next} does
     */
    public void forEach(Consumer<? super RequestRecord> action) throws IOException {
        for (RequestRecord record; (record = next()) != null; ) {
            action.accept(record);
        }
    }

    /**
     * Hands every remaining record to one of {@code threads} consumers, each made by {@code consumers} and called
     * from a thread of its own: lines are split here and parsed on those threads, so the records of a batch of lines
     * reach one consumer in file order, and batches any consumer in any order. For what does not depend on order,
     * such as statistics filled per thread and added together after. The same rules as {@link #next}; the first
     * error (the one of the lowest line when several threads meet one) stops every thread and is thrown here, once
     * they have ended. With one thread, as {@link #forEach}.
     *
     * @throws MalformedRecordException as {@link #next} does
     * @throws RuntimeException the first a consumer threw
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
                consumer.accept(record, lines.buffer(), lines.start(), lines.length(), lines.offset());
            }
            return;
        }
        if (ended) {
            return;
        }
        ParallelParse parse = new ParallelParse(file, threads, consumers);
        try {
            Batch batch = parse.free();
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

    /** Whether every byte is below 0x80: ASCII, hence UTF-8 text. Eight bytes at a time. */
    private static boolean ascii(byte[] bytes, int start, int length) {
        int i = start;
        int end = start + length;
        for (; i + Long.BYTES <= end; i += Long.BYTES) {
            if (((long) LONGS.get(bytes, i) & HIGH_BITS) != 0) {
                return false;
            }
        }
        for (; i < end; i++) {
            if (bytes[i] < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether Jackson reads the line's bytes as UTF-8: it takes a UTF-8 byte order mark as none, and bytes 0 among
     * the first four as UTF-16 or UTF-32 text. Such lines are parsed as text, as any reader of UTF-8 lines does
     * (which finds them malformed).
     */
    private static boolean readsAsUtf8(byte[] bytes, int start, int length) {
        for (int i = start, end = start + Math.min(length, 4); i < end; i++) {
            if (bytes[i] == 0) {
                return false;
            }
        }
        return length < 3 || bytes[start] != (byte) 0xef || bytes[start + 1] != (byte) 0xbb
                || bytes[start + 2] != (byte) 0xbf;
    }

    /** Lines copied out of the stream for a parsing thread: their bytes, numbers and places. */
    private static final class Batch {
        /** Lines a batch holds at most. */
        static final int LINES = 2_048;

        byte[] bytes = new byte[256 * 1024];
        final int[] starts = new int[LINES];
        final int[] lengths = new int[LINES];
        final int[] numbers = new int[LINES];
        final long[] positions = new long[LINES];
        int size;
        int used;

        /** Adds a line unless the batch is full; a line longer than the buffer grows it when the batch is empty. */
        boolean add(byte[] line, int start, int length, int number, long position) {
            if (size == LINES || size > 0 && used + length > bytes.length) {
                return false;
            }
            if (used + length > bytes.length) {
                bytes = new byte[length];
            }
            System.arraycopy(line, start, bytes, used, length);
            starts[size] = used;
            lengths[size] = length;
            numbers[size] = number;
            positions[size] = position;
            used += length;
            size++;
            return true;
        }

        void clear() {
            size = 0;
            used = 0;
        }
    }

    /**
     * The threads of {@link #forEachInParallel}: batches go round between a queue of full ones and one of free ones
     * (three per thread in all, so memory stays a few megabytes), and each thread parses with its own {@link Parser}.
     */
    private static final class ParallelParse {
        private static final Batch END = new Batch();

        private final Path file;
        private final List<LineConsumer> consumers = new ArrayList<>();
        private final BlockingQueue<Batch> full;
        private final BlockingQueue<Batch> free;
        private final List<Thread> threads = new ArrayList<>();
        /** The first failure: a malformed line (the lowest line number wins), or what a consumer threw. */
        private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
        private final AtomicReference<MalformedRecordException> malformed = new AtomicReference<>();
        /** The last line when it has no terminator, and its number; null when there is none. */
        private byte[] lastLine;
        private int lastNumber;
        private long lastPosition;
        private CutLine lastCut;

        ParallelParse(Path file, int count, Supplier<? extends LineConsumer> make) {
            this.file = file;
            this.full = new ArrayBlockingQueue<>(2 * count + 1);
            this.free = new ArrayBlockingQueue<>(3 * count + 1);
            for (int i = 0; i < 3 * count; i++) {
                free.add(new Batch());
            }
            for (int i = 0; i < count; i++) {
                LineConsumer consumer = make.get();
                consumers.add(consumer);
                Thread t = new Thread(() -> work(consumer), "proxybench-parse-" + i);
                t.setDaemon(true);
                threads.add(t);
                t.start();
            }
        }

        boolean failed() {
            return failure.get() != null || malformed.get() != null;
        }

        Batch free() throws InterruptedIOException {
            try {
                return free.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("reading " + file + " was interrupted");
            }
        }

        void submit(Batch batch) throws InterruptedIOException {
            if (batch.size == 0) {
                free.add(batch);
                return;
            }
            try {
                full.put(batch);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("reading " + file + " was interrupted");
            }
        }

        /** The file's last line, without terminator: a record, or a cut line. Parsed once the threads have ended. */
        void last(byte[] bytes, int start, int length, int number, long position) {
            lastLine = Arrays.copyOfRange(bytes, start, start + length);
            lastNumber = number;
            lastPosition = position;
        }

        /** Ends every thread once the queued batches are parsed, then parses the last line on this one. */
        void finish() throws InterruptedIOException {
            try {
                for (int i = 0; i < threads.size(); i++) {
                    full.put(END);
                }
                for (Thread t : threads) {
                    t.join();
                }
            } catch (InterruptedException e) {
                threads.forEach(Thread::interrupt);
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("reading " + file + " was interrupted");
            }
            if (lastLine != null && !failed()) {
                RequestRecord record;
                try {
                    record = new Parser(file).parse(lastLine, 0, lastLine.length, lastNumber);
                } catch (MalformedRecordException e) {
                    lastCut = new CutLine(file, lastNumber, lastLine.length);
                    return;
                }
                consumers.get(0).accept(record, lastLine, 0, lastLine.length, lastPosition);
            }
        }

        CutLine lastCut() {
            return lastCut;
        }

        void rethrow() throws MalformedRecordException {
            if (failure.get() != null) {
                throw failure.get();
            }
            if (malformed.get() != null) {
                throw malformed.get();
            }
        }

        private void work(LineConsumer consumer) {
            Parser parser = new Parser(file);
            try {
                for (Batch batch; (batch = full.take()) != END; ) {
                    if (!failed()) {
                        parse(batch, parser, consumer);
                    }
                    batch.clear();
                    free.put(batch);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private void parse(Batch batch, Parser parser, LineConsumer consumer) {
            for (int i = 0; i < batch.size; i++) {
                try {
                    consumer.accept(parser.parse(batch.bytes, batch.starts[i], batch.lengths[i], batch.numbers[i]),
                            batch.bytes, batch.starts[i], batch.lengths[i], batch.positions[i]);
                } catch (MalformedRecordException e) {
                    malformed.accumulateAndGet(e, (a, b) -> a == null || b.line() < a.line() ? b : a);
                    return;
                } catch (RuntimeException e) {
                    failure.compareAndSet(null, e);
                    return;
                }
            }
        }
    }

    /** Turns one line into a record; its own buffers, so one per thread. */
    private static final class Parser {
        private final Path file;
        private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder();
        private CharBuffer decoded = CharBuffer.allocate(0);

        Parser(Path file) {
            this.file = file;
        }

        RequestRecord parse(byte[] bytes, int start, int length, int line) throws MalformedRecordException {
            if (!ascii(bytes, start, length)) {
                requireUtf8(bytes, start, length, line);
            }
            RecordFields fields;
            try {
                fields = readsAsUtf8(bytes, start, length)
                        ? RECORDS.readValue(bytes, start, length)
                        : RECORDS.readValue(new String(bytes, start, length, StandardCharsets.UTF_8));
            } catch (JsonProcessingException e) {
                throw new MalformedRecordException(file, line, e.getOriginalMessage(), e);
            } catch (IOException e) {
                throw new MalformedRecordException(file, line, e.getMessage(), e);
            }
            if (fields == null) {
                throw new MalformedRecordException(file, line, "null is not a record", null);
            }
            return fields.toRecord();
        }

        /** Decodes the line as strict UTF-8 (a malformed sequence is an error), into a buffer kept for the next line. */
        private void requireUtf8(byte[] bytes, int start, int length, int line) throws MalformedRecordException {
            if (decoded.capacity() < length) {
                decoded = CharBuffer.allocate(length);
            }
            decoded.clear();
            utf8.reset();
            CoderResult result = utf8.decode(ByteBuffer.wrap(bytes, start, length), decoded, true);
            if (!result.isError()) {
                result = utf8.flush(decoded);
            }
            if (result.isError()) {
                try {
                    result.throwException();
                } catch (CharacterCodingException e) {
                    throw new MalformedRecordException(file, line, "not UTF-8 text", e);
                }
            }
        }
    }
}
