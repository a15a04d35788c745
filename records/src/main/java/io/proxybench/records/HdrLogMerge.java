package io.proxybench.records;

import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Combines the interval logs of a run's shards ({@link HdrLog} files) into one. Each shard's intervals are placed by
 * their offset from that shard's own start, in slots of {@link HdrLog#INTERVAL_MILLIS} (by the interval's middle, so
 * a late tick does not push it into its successor's slot), so that shards started at slightly different wall times
 * line up as the one run they are; histograms of one tag in one slot are added. The merged log starts at the
 * earliest shard's start. Values stay in microseconds. Every log is read in full before anything is written.
 */
public final class HdrLogMerge {

    /** The comment that names a shard's segment, {@code segment 1/4:1/2 of 0,1/4,1/2,1} (as a log line, after #). */
    public static final String SEGMENT = "segment ";
    /** The comment that names the {@code run --start-at} a shard waited for, {@code start-at 2026-11-30T14:00:00Z}. */
    public static final String START_AT = "start-at ";
    private static final String START_COMMENT = "#[StartTime: ";

    /**
     * One shard's interval log, read.
     *
     * @param startMillis its start time, epoch milliseconds
     * @param segments the segments its {@code #segment} comments name (several for a merged log), in file order
     * @param startAt the {@code --start-at} its {@code #start-at} comment names, or null
     * @param intervals its interval histograms, timestamps absolute
     */
    public record ShardLog(Path file, long startMillis, Set<String> segments, String startAt,
            List<Histogram> intervals) {}

    /**
     * What the merge wrote.
     *
     * @param startSpreadMillis the latest shard start minus the earliest, milliseconds
     * @param intervals interval histograms written (one per tag and slot)
     */
    public record Merged(long startSpreadMillis, int intervals) {}

    private HdrLogMerge() {}

    /**
     * Reads one shard's log.
     *
     * @throws IOException when it cannot be read, has no start time or interval, or holds a line that is not an
     *     interval histogram
     */
    public static ShardLog read(Path log) throws IOException {
        byte[] bytes = Files.readAllBytes(log);
        List<String> lines = new String(bytes, StandardCharsets.UTF_8).lines().toList();
        Set<String> segments = new LinkedHashSet<>();
        lines.stream().filter(l -> l.startsWith("#" + SEGMENT))
                .forEach(l -> segments.add(l.substring(SEGMENT.length() + 1)));
        String startAt = lines.stream().filter(l -> l.startsWith("#" + START_AT))
                .map(l -> l.substring(START_AT.length() + 1)).findFirst().orElse(null);
        if (lines.stream().noneMatch(l -> l.startsWith(START_COMMENT))) {
            throw new IOException(log + " has no " + START_COMMENT.strip() + " line: not an interval log that run"
                    + " wrote; merge with --no-hdr-log");
        }
        long intervalLines = lines.stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#") && !l.startsWith("\"StartTimestamp\""))
                .count();
        List<Histogram> intervals = new ArrayList<>();
        HistogramLogReader reader = new HistogramLogReader(new ByteArrayInputStream(bytes));
        String unread = "";
        try {
            try {
                for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null;
                        h = reader.nextIntervalHistogram()) {
                    intervals.add((Histogram) h);
                }
            } catch (RuntimeException e) {
                unread = " (" + e + ")";
            }
            if (intervals.size() != intervalLines) {
                throw new IOException(log + " holds " + intervalLines + " interval lines but only " + intervals.size()
                        + " read as histograms" + unread + ": a damaged or cut interval log; merge with --no-hdr-log");
            }
            if (intervals.isEmpty()) {
                throw new IOException(log + " holds no interval histogram: not the interval log of a finished run;"
                        + " merge with --no-hdr-log");
            }
            return new ShardLog(log, Math.round(reader.getStartTimeSec() * 1000), segments, startAt, intervals);
        } finally {
            reader.close();
        }
    }

    /** The latest start of {@code logs} minus the earliest, in milliseconds. */
    private static long startSpreadMillis(List<ShardLog> logs) {
        long earliest = logs.stream().mapToLong(ShardLog::startMillis).min().orElse(0);
        return logs.stream().mapToLong(ShardLog::startMillis).max().orElse(0) - earliest;
    }

    /**
     * Writes {@code logs} merged into {@code out} (truncated), with {@code comments} as its first comment lines.
     *
     * @throws IOException when {@code out} cannot be written
     */
    public static Merged write(List<ShardLog> logs, Path out, List<String> comments) throws IOException {
        long earliestMillis = logs.stream().mapToLong(ShardLog::startMillis).min().orElseThrow();
        // slot -> tag -> sum, tags in the order first seen (the shards' phase order); slot -> longest interval
        TreeMap<Long, Map<String, Histogram>> sums = new TreeMap<>();
        Map<Long, Long> lengthMillis = new HashMap<>();
        for (ShardLog shard : logs) {
            for (Histogram h : shard.intervals()) {
                long middleMillis = (h.getStartTimeStamp() + h.getEndTimeStamp()) / 2 - shard.startMillis();
                long slot = Math.floorDiv(middleMillis, HdrLog.INTERVAL_MILLIS);
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
        return new Merged(startSpreadMillis(logs), written);
    }

    private static Histogram tagged(Histogram h, String tag) {
        h.setTag(tag);
        return h;
    }
}
