package io.proxybench.records;

import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The threads of {@link RecordStream#forEachLineInParallel}: batches of lines go round between a queue of full ones
 * and one of free ones (three per thread in all, so memory stays a few megabytes), and each thread parses with its
 * own {@link LineParser}.
 */
final class ParallelParse {
    private static final LineBatch END = new LineBatch();

    private final Path file;
    private final List<RecordStream.LineConsumer> consumers = new ArrayList<>();
    private final BlockingQueue<LineBatch> full;
    private final BlockingQueue<LineBatch> free;
    private final List<Thread> threads = new ArrayList<>();
    /** The first failure a consumer threw, other than a refused record. */
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    /** The malformed or refused record of the lowest line number. */
    private final AtomicReference<MalformedRecordException> malformed = new AtomicReference<>();
    /** The last line when it has no terminator, and its number; null when there is none. */
    private byte[] lastLine;
    private int lastNumber;
    private long lastPosition;
    private CutLine lastCut;

    ParallelParse(Path file, int count, Supplier<? extends RecordStream.LineConsumer> make) {
        this.file = file;
        this.full = new ArrayBlockingQueue<>(2 * count + 1);
        this.free = new ArrayBlockingQueue<>(3 * count + 1);
        for (int i = 0; i < 3 * count; i++) {
            free.add(new LineBatch());
        }
        for (int i = 0; i < count; i++) {
            RecordStream.LineConsumer consumer = make.get();
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

    LineBatch free() throws InterruptedIOException {
        try {
            return free.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("reading " + file + " was interrupted");
        }
    }

    void submit(LineBatch batch) throws InterruptedIOException {
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
                record = new LineParser(file).parse(lastLine, 0, lastLine.length, lastNumber);
            } catch (MalformedRecordException e) {
                lastCut = new CutLine(file, lastNumber, lastLine.length);
                return;
            }
            try {
                consumers.get(0).accept(record, lastLine, 0, lastLine.length, lastPosition);
            } catch (IllegalArgumentException e) {
                malformed(RecordStream.refused(file, lastNumber, e));
            }
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

    /** Keeps the malformed line with the lowest number. */
    private void malformed(MalformedRecordException e) {
        malformed.accumulateAndGet(e, (a, b) -> a == null || b.line() < a.line() ? b : a);
    }

    private void work(RecordStream.LineConsumer consumer) {
        LineParser parser = new LineParser(file);
        try {
            for (LineBatch batch; (batch = full.take()) != END; ) {
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

    private void parse(LineBatch batch, LineParser parser, RecordStream.LineConsumer consumer) {
        for (int i = 0; i < batch.size; i++) {
            try {
                consumer.accept(parser.parse(batch.bytes, batch.starts[i], batch.lengths[i], batch.numbers[i]),
                        batch.bytes, batch.starts[i], batch.lengths[i], batch.positions[i]);
            } catch (MalformedRecordException e) {
                malformed(e);
                return;
            } catch (IllegalArgumentException e) {
                malformed(RecordStream.refused(file, batch.numbers[i], e));
                return;
            } catch (RuntimeException e) {
                failure.compareAndSet(null, e);
                return;
            }
        }
    }
}
