package io.proxybench.records;

import io.proxybench.records.LineSort.Key;
import io.proxybench.records.LineSort.Line;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The sorted runs of a {@link LineSort} and their k-way merge. A run on disk is a sequence of entries: the key's three
 * doubles, the line's file (int, an index), place (long, bytes) and length (int, bytes), then 1 and the line's bytes
 * when it carries them (a gzip'd file's line), else 0.
 */
final class SortedRuns {
    private static final int BUFFER = 64 * 1024;

    private SortedRuns() {}

    /** Receives merged lines in order. */
    @FunctionalInterface
    interface Sink {
        void accept(Line line) throws IOException;
    }

    /** A sorted run being read: its current line. */
    abstract static class Run implements Comparable<Run>, AutoCloseable {
        Line line;

        /** Moves to the next line; false at the end. */
        abstract boolean advance() throws IOException;

        @Override
        public int compareTo(Run other) {
            return line.key().compareTo(other.line.key());
        }

        @Override
        public void close() throws IOException {}
    }

    /** Where a run's lines are written, in order, by {@link #write}. */
    static DataOutputStream output(Path run) throws IOException {
        return new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(run), BUFFER));
    }

    static void write(DataOutputStream out, Line line) throws IOException {
        out.writeDouble(line.key().first());
        out.writeDouble(line.key().second());
        out.writeDouble(line.key().third());
        out.writeInt(line.file());
        out.writeLong(line.position());
        out.writeInt(line.length());
        out.writeBoolean(line.bytes() != null);
        if (line.bytes() != null) {
            out.write(line.bytes());
        }
    }

    /** A run written to {@code file}. */
    static Run read(Path file) throws IOException {
        DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), BUFFER));
        return new Run() {
            @Override
            boolean advance() throws IOException {
                double first;
                try {
                    first = in.readDouble();
                } catch (EOFException end) {
                    return false;
                }
                try {
                    Key key = new Key(first, in.readDouble(), in.readDouble());
                    int source = in.readInt();
                    long position = in.readLong();
                    int length = in.readInt();
                    line = new Line(key, source, position, length, in.readBoolean() ? in.readNBytes(length) : null);
                } catch (EOFException e) {
                    throw new SpillException("the sorted run " + file + " ends early: was the disk full?", e);
                }
                return true;
            }

            @Override
            public void close() throws IOException {
                in.close();
            }
        };
    }

    /** A run held in memory, {@code lines} in order. */
    static Run of(List<Line> lines) {
        return new Run() {
            private int next;

            @Override
            boolean advance() {
                if (next == lines.size()) {
                    return false;
                }
                line = lines.get(next++);
                return true;
            }
        };
    }

    /** Hands {@code sink} every line of {@code runs} in the keys' order; closes the runs. */
    static void merge(List<Run> runs, Sink sink) throws IOException {
        try {
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
        } finally {
            for (Run run : runs) {
                run.close();
            }
        }
    }
}
