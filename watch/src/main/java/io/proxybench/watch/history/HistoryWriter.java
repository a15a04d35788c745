package io.proxybench.watch.history;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.records.HdrLog;
import io.proxybench.records.JsonlWriter;
import io.proxybench.records.PhaseHistograms;
import io.proxybench.records.RequestRecord;
import io.proxybench.records.history.HistoryDir;
import io.proxybench.watch.live.LastProbe;
import io.proxybench.watch.live.Minute;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * One provider's history, as {@link HistoryDir} lays it out: its checks' records, its latency interval logs, its
 * closed minutes and its probes, in one directory per UTC day. Files are appended to (a restarted watch continues
 * the day's, first cutting a line a crash left cut), buffered, and pushed to the file by {@link #flush()}, which
 * watch calls every second: a {@code kill -9} loses at most the last second of records (the interval log at most
 * its last {@link #HLOG_INTERVAL_MILLIS}). Thread-safe.
 */
public final class HistoryWriter implements AutoCloseable {

    /** The latency interval logs' interval: a day of one-second intervals would outweigh the records. */
    public static final long HLOG_INTERVAL_MILLIS = 10_000;
    /** Digits the interval logs keep: within 1%, at a tenth of the memory of a run's 3 (one set per provider). */
    static final int HLOG_SIGNIFICANT_DIGITS = 2;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DateTimeFormatter HHMMSS = DateTimeFormatter.ofPattern("HHmmss");

    private final HistoryDir dir;
    private final String provider;
    private LocalDate day;
    private JsonlWriter records;
    private HdrLog hlog;
    private PhaseHistograms phases;
    private BufferedWriter minutes;
    private BufferedWriter probes;
    private boolean paused;
    private boolean closed;
    private long dropped;

    public HistoryWriter(HistoryDir dir, String provider) {
        this.dir = dir;
        this.provider = provider;
    }

    /**
     * Appends a check's record to {@code day}'s file, the day it ended in; its {@code sched} and {@code done} count
     * from that day's 00:00 UTC. While paused (the history is over its cap with only today left) it is counted as
     * dropped instead.
     */
    public synchronized void record(RequestRecord r, LocalDate day) {
        if (closed) {
            return;
        }
        if (paused) {
            dropped++;
            return;
        }
        try {
            if (this.day != null && day.isBefore(this.day)) {
                // A check that ended before midnight, told after one of the new day: to its own day's file.
                try (JsonlWriter late = new JsonlWriter(dir.day(provider, day).resolve(HistoryDir.RECORDS))) {
                    late.write(r);
                }
                return;
            }
            open(day);
            records.write(r);
            phases.record(r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Appends a closed minute to its day's {@code minutes.jsonl}. */
    public synchronized void minute(Minute m) {
        if (closed) {
            return;
        }
        try {
            open(HistoryDir.dayOf(Instant.ofEpochSecond(m.t())));
            minutes.write(JSON.writeValueAsString(m));
            minutes.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Appends a probe's card to its day's {@code probes.jsonl}, and pushes it to the file at once. */
    public synchronized void probe(LastProbe p) {
        if (closed) {
            return;
        }
        try {
            open(HistoryDir.dayOf(Instant.ofEpochMilli(p.at())));
            probes.write(JSON.writeValueAsString(p));
            probes.write('\n');
            probes.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops (true) or resumes writing records: the history is over its cap. Minutes and probes are still kept. */
    public synchronized void paused(boolean paused) {
        this.paused = paused;
    }

    /** Records not written since watch started, while paused. */
    public synchronized long dropped() {
        return dropped;
    }

    /** Pushes what is buffered to the files. */
    public synchronized void flush() throws IOException {
        if (records != null) {
            records.flush();
            minutes.flush();
            probes.flush();
        }
    }

    /** Opens {@code next}'s files, closing the previous day's. */
    private void open(LocalDate next) throws IOException {
        if (next.equals(day)) {
            return;
        }
        if (day != null && next.isBefore(day)) {
            // A minute or probe of the day before, told after the new day began: kept with the open day's.
            return;
        }
        closeFiles();
        Path d = dir.day(provider, next);
        Files.createDirectories(d);
        Path recordsFile = d.resolve(HistoryDir.RECORDS);
        AppendFile.cutToLastLine(recordsFile);
        AppendFile.cutToLastLine(d.resolve(HistoryDir.MINUTES));
        AppendFile.cutToLastLine(d.resolve(HistoryDir.PROBES));
        records = new JsonlWriter(recordsFile);
        minutes = append(d.resolve(HistoryDir.MINUTES));
        probes = append(d.resolve(HistoryDir.PROBES));
        phases = new PhaseHistograms(HLOG_SIGNIFICANT_DIGITS);
        String started = LocalTime.now(ZoneOffset.UTC).format(HHMMSS);
        hlog = HdrLog.open(d.resolve("latency-" + started + ".hlog"), phases,
                List.of("watch provider " + provider + ", day " + next), (phase, micros, start, end) -> { },
                HLOG_INTERVAL_MILLIS);
        day = next;
    }

    private static BufferedWriter append(Path file) throws IOException {
        return Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND, StandardOpenOption.WRITE);
    }

    private void closeFiles() throws IOException {
        if (records == null) {
            return;
        }
        try (JsonlWriter r = records; HdrLog h = hlog; BufferedWriter m = minutes; BufferedWriter p = probes) {
            records = null;
        }
    }

    /** Closes the files; what is told after is not written (a check's callback racing the stop). */
    @Override
    public synchronized void close() throws IOException {
        closed = true;
        closeFiles();
    }
}
