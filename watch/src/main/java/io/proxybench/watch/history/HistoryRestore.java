package io.proxybench.watch.history;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.records.RequestRecord;
import io.proxybench.records.history.HistoryDir;
import io.proxybench.watch.live.LastProbe;
import io.proxybench.watch.live.Minute;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * What a restarted watch reads back from its history: each provider's minutes of the last day and its last probe,
 * so the page shows them again, and the records that ended after the last minute written (the minute the watch
 * stopped in), so that minute is counted too. A line a crash cut is skipped.
 */
public final class HistoryRestore {

    /** The most of a records file's end read for the minute the watch stopped in: a minute of checks at 160/s. */
    static final int TAIL_BYTES = 4 << 20;

    private static final ObjectMapper JSON = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /**
     * A record read back.
     *
     * @param record as written, its times counting from its day's start
     * @param doneMillis when it ended, Unix milliseconds
     */
    public record Replayed(RequestRecord record, long doneMillis) {}

    /**
     * What was read back of one provider.
     *
     * @param minutes the closed minutes of the day before {@code now}, oldest first
     * @param probe the last probe, or null
     * @param tail the records that ended after the last of {@code minutes}, in the file's order
     */
    public record Restored(List<Minute> minutes, LastProbe probe, List<Replayed> tail) {}

    private HistoryRestore() {}

    /** Reads {@code provider}'s history; nothing when it has none. Never throws for a malformed line. */
    public static Restored read(HistoryDir dir, String provider, Instant now) throws IOException {
        LocalDate today = HistoryDir.dayOf(now);
        long since = now.getEpochSecond() - 24 * 3600;
        List<Minute> minutes = new ArrayList<>();
        LastProbe probe = null;
        for (LocalDate day : List.of(today.minusDays(1), today)) {
            Path d = dir.day(provider, day);
            lines(d.resolve(HistoryDir.MINUTES), line -> {
                Minute m = parse(line, Minute.class);
                if (m != null && m.t() >= since && m.t() < now.getEpochSecond()) {
                    minutes.add(m);
                }
            });
            List<LastProbe> probes = new ArrayList<>();
            lines(d.resolve(HistoryDir.PROBES), line -> {
                LastProbe p = parse(line, LastProbe.class);
                if (p != null) {
                    probes.add(p);
                }
            });
            if (!probes.isEmpty()) {
                probe = probes.get(probes.size() - 1);
            }
        }
        minutes.sort((a, b) -> Long.compare(a.t(), b.t()));
        long after = minutes.isEmpty() ? since : minutes.get(minutes.size() - 1).t() + 60;
        List<Replayed> tail = new ArrayList<>();
        for (LocalDate day : List.of(today.minusDays(1), today)) {
            long dayStartMillis = HistoryDir.startOf(day).toEpochMilli();
            tail(dir.day(provider, day).resolve(HistoryDir.RECORDS), line -> {
                RequestRecord r = parse(line, RequestRecord.class);
                if (r != null && !r.redirect()) {
                    long done = dayStartMillis + Math.round(r.done() * 1000);
                    if (done >= after * 1000 && done <= now.toEpochMilli()) {
                        tail.add(new Replayed(r, done));
                    }
                }
            });
        }
        tail.sort((a, b) -> Long.compare(a.doneMillis(), b.doneMillis()));
        return new Restored(minutes, probe, tail);
    }

    private static <T> T parse(String line, Class<T> type) {
        try {
            return JSON.readValue(line, type);
        } catch (IOException malformed) {
            return null;
        }
    }

    private static void lines(Path file, Consumer<String> each) throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                each.accept(line);
            }
        }
    }

    /** The full lines within the last {@link #TAIL_BYTES} of {@code file}. */
    private static void tail(Path file, Consumer<String> each) throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long start = Math.max(0, in.length() - TAIL_BYTES);
            byte[] bytes = new byte[(int) (in.length() - start)];
            in.seek(start);
            in.readFully(bytes);
            String text = new String(bytes, StandardCharsets.UTF_8);
            int from = start == 0 ? 0 : text.indexOf('\n') + 1;
            int end = text.lastIndexOf('\n');
            if (end < from) {
                return;
            }
            text.substring(from, end).lines().forEach(each);
        }
    }
}
