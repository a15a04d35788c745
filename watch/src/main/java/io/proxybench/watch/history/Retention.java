package io.proxybench.watch.history;

import io.proxybench.records.history.HistoryDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Keeps a history within its age ({@code --retain}) and size ({@code --history-cap}): a day's directory goes once
 * the day ended longer ago than the age, and the oldest days go first while the directory is over its size. Today's
 * directories are never removed: when they alone are over the size, {@link #enforce} says so, and watch stops
 * writing records (minutes and probes go on) until the next day.
 */
public final class Retention {

    /**
     * What one pass found.
     *
     * @param bytes the history's size after it, bytes
     * @param removed the day directories it removed
     * @param overCap whether the history is still over its size with only today's left
     */
    public record Pass(long bytes, List<Path> removed, boolean overCap) {}

    /** The files watch writes in a day's directory. */
    private static final Pattern OURS = Pattern.compile("records\\.jsonl|minutes\\.jsonl|probes\\.jsonl"
            + "|latency-[0-9]{6}\\.hlog");

    private final HistoryDir dir;
    private final Duration retain;
    private final long capBytes;

    public Retention(HistoryDir dir, Duration retain, long capBytes) {
        this.dir = dir;
        this.retain = retain;
        this.capBytes = capBytes;
    }

    /** Removes what is too old, then the oldest days while over the size. */
    public Pass enforce(Instant now) throws IOException {
        LocalDate today = HistoryDir.dayOf(now);
        record Day(Path path, LocalDate date, long bytes) {}
        List<Day> days = new ArrayList<>();
        List<Path> removed = new ArrayList<>();
        long total = 0;
        for (String provider : dir.providers()) {
            for (LocalDate date : dir.days(provider)) {
                Path path = dir.day(provider, date);
                Instant ended = HistoryDir.startOf(date.plusDays(1));
                if (!date.equals(today) && ended.plus(retain).isBefore(now)) {
                    delete(path);
                    removed.add(path);
                    continue;
                }
                long bytes = size(path);
                days.add(new Day(path, date, bytes));
                total += bytes;
            }
        }
        days.sort(Comparator.comparing(Day::date));
        for (Day d : days) {
            if (total <= capBytes) {
                break;
            }
            if (!d.date().isBefore(today)) {
                continue;
            }
            delete(d.path());
            removed.add(d.path());
            total -= d.bytes();
        }
        return new Pass(total, removed, total > capBytes);
    }

    /** The history's size now, bytes. */
    public long bytes() throws IOException {
        return Files.isDirectory(dir.root()) ? size(dir.root()) : 0;
    }

    private static long size(Path path) throws IOException {
        try (Stream<Path> files = Files.walk(path)) {
            return files.filter(Files::isRegularFile).mapToLong(p -> {
                try {
                    return Files.size(p);
                } catch (IOException gone) {
                    return 0;
                }
            }).sum();
        }
    }

    /**
     * Deletes a day's directory, only when it holds watch's files and nothing else: a history given as a directory
     * that holds other things never loses them.
     */
    private static void delete(Path path) throws IOException {
        try (Stream<Path> files = Files.list(path)) {
            List<Path> foreign = files.filter(f -> !OURS.matcher(f.getFileName().toString()).matches()).toList();
            if (!foreign.isEmpty()) {
                throw new IOException(path + " holds files watch did not write (" + foreign.get(0).getFileName()
                        + "): not removed; give watch a --history directory of its own");
            }
        }
        try (Stream<Path> files = Files.walk(path)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
