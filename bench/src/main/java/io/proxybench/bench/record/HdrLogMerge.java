package io.proxybench.bench.record;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Combines the interval logs of a run's shards ({@link HdrLog} files) into one. Each shard's intervals are placed by
 * their offset from that shard's own start, in slots of {@link HdrLog#INTERVAL_MILLIS}, so that shards started at
 * slightly different wall times line up as the one run they are; histograms of one tag in one slot are added. The
 * merged log starts at the earliest shard's start. Values stay in microseconds.
 */
public final class HdrLogMerge {

    /**
     * What the merge found.
     *
     * @param startSpreadMillis the latest shard start minus the earliest, milliseconds
     * @param intervals interval histograms written (one per tag and slot)
     */
    public record Merged(long startSpreadMillis, int intervals) {}

    private HdrLogMerge() {}

    /**
     * Merges {@code logs} into {@code out} (truncated), with {@code comments} as its first comment lines.
     *
     * @throws IOException when a log cannot be read or holds a line that is not an interval histogram
     */
    public static Merged merge(List<Path> logs, Path out, List<String> comments) throws IOException {
        long earliestMillis = Long.MAX_VALUE;
        long latestMillis = Long.MIN_VALUE;
        // slot -> tag -> sum, tags in the order first seen (the shards' phase order); slot -> longest interval
        TreeMap<Long, Map<String, Histogram>> sums = new TreeMap<>();
        Map<Long, Long> lengthMillis = new HashMap<>();
        for (Path log : logs) {
            Shard shard = read(log);
            earliestMillis = Math.min(earliestMillis, shard.startMillis);
            latestMillis = Math.max(latestMillis, shard.startMillis);
            for (Histogram h : shard.intervals) {
                long slot = Math.round((double) (h.getStartTimeStamp() - shard.startMillis) / HdrLog.INTERVAL_MILLIS);
                sums.computeIfAbsent(slot, s -> new LinkedHashMap<>())
                        .computeIfAbsent(h.getTag(), t -> tagged(new Histogram(h.getNumberOfSignificantValueDigits()), t))
                        .add(h);
                lengthMillis.merge(slot, h.getEndTimeStamp() - h.getStartTimeStamp(), Math::max);
            }
        }
        int written = 0;
        try (PrintStream stream = new PrintStream(new BufferedOutputStream(Files.newOutputStream(out)), false,
                StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(stream);
            writer.outputLogFormatVersion();
            for (String comment : comments) {
                writer.outputComment(comment);
            }
            writer.outputStartTime(earliestMillis);
            writer.setBaseTime(earliestMillis);
            writer.outputBaseTime(earliestMillis);
            writer.outputLegend();
            for (Map.Entry<Long, Map<String, Histogram>> slot : sums.entrySet()) {
                long startMillis = earliestMillis + slot.getKey() * HdrLog.INTERVAL_MILLIS;
                for (Histogram sum : slot.getValue().values()) {
                    sum.setStartTimeStamp(startMillis);
                    sum.setEndTimeStamp(startMillis + lengthMillis.get(slot.getKey()));
                    writer.outputIntervalHistogram(sum);
                    written++;
                }
            }
            if (stream.checkError()) {
                throw new IOException("cannot write " + out);
            }
        }
        return new Merged(latestMillis - earliestMillis, written);
    }

    /** One shard's log: its start and its intervals with absolute timestamps. */
    private record Shard(long startMillis, List<Histogram> intervals) {}

    private static Shard read(Path log) throws IOException {
        long lines = Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#") && !l.startsWith("\"StartTimestamp\""))
                .count();
        List<Histogram> intervals = new ArrayList<>();
        HistogramLogReader reader = new HistogramLogReader(log.toFile());
        try {
            try {
                for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null;
                        h = reader.nextIntervalHistogram()) {
                    intervals.add((Histogram) h);
                }
            } catch (RuntimeException e) {
                // a payload that is not base64, or a histogram of another kind: counted as unread below
            }
            if (intervals.size() != lines) {
                throw new IOException(log + " holds " + lines + " interval lines but only " + intervals.size()
                        + " read as histograms: a damaged or cut interval log; merge its records without it");
            }
            if (intervals.isEmpty()) {
                throw new IOException(log + " holds no interval histogram: not the interval log of a finished run");
            }
            return new Shard(Math.round(reader.getStartTimeSec() * 1000), intervals);
        } finally {
            reader.close();
        }
    }

    private static Histogram tagged(Histogram h, String tag) {
        h.setTag(tag);
        return h;
    }
}
