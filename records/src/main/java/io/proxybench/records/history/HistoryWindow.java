package io.proxybench.records.history;

import io.proxybench.records.FilePart;
import io.proxybench.records.RequestRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A window {@code [from, to)} of one provider's history, read as one run: the records files of the days the window
 * overlaps, each record moved from its day's time base onto the window's ({@code sched} and {@code done} count
 * seconds from {@code from}), and those done outside the window left out. The files are streamed by whoever reads
 * the parts ({@link Day#part()}); nothing here holds a record.
 *
 * <p>A record's time is when it was done: it is in the window when {@code from <= HistoryDir.startOf(day) + done <
 * to}, {@code day} being the day whose file holds it. Watch appends a record once its check is done, to the file of
 * the day its {@code done} falls in, so a check that started before midnight is in the next day's file with a
 * negative {@code sched}; only the days the window overlaps are read.
 *
 * @param history the history directory
 * @param provider the provider's name ({@link HistoryDir#NAME})
 * @param from the window's start, included
 * @param to the window's end, excluded; after {@code from}
 */
public record HistoryWindow(HistoryDir history, String provider, Instant from, Instant to) {

    /** @throws IllegalArgumentException when {@code to} is not after {@code from} */
    public HistoryWindow {
        Objects.requireNonNull(history);
        Objects.requireNonNull(provider);
        if (!to.isAfter(from)) {
            throw new IllegalArgumentException("the window from " + from + " to " + to + " is empty: its end must be"
                    + " after its start");
        }
    }

    /** The window's length, seconds. */
    public double seconds() {
        return seconds(Duration.between(from, to));
    }

    /**
     * The provider's days the window overlaps that have a records file, oldest first, each with how its records are
     * moved onto the window's time base.
     *
     * @throws IOException when the provider's directory cannot be listed
     */
    public List<Day> days() throws IOException {
        LocalDate first = HistoryDir.dayOf(from);
        LocalDate last = HistoryDir.dayOf(to.minusNanos(1));
        double length = seconds();
        List<Day> days = new ArrayList<>();
        for (LocalDate day : history.days(provider)) {
            Path file = history.day(provider, day).resolve(HistoryDir.RECORDS);
            if (!day.isBefore(first) && !day.isAfter(last) && Files.isRegularFile(file)) {
                days.add(new Day(day, file, seconds(Duration.between(from, HistoryDir.startOf(day))), length));
            }
        }
        return days;
    }

    /**
     * One day's records file within a window.
     *
     * @param day the day (UTC)
     * @param file its records file
     * @param offsetSeconds what moves a record of the day onto the window's time base: the day's 00:00 UTC minus the
     *     window's start, seconds (negative for a day that began before the window)
     * @param windowSeconds the window's length, seconds
     */
    public record Day(LocalDate day, Path file, double offsetSeconds, double windowSeconds) {

        /**
         * {@code r} on the window's time base, or null when it was done outside the window. Its {@code sched} is
         * negative when it started before the window.
         */
        public RequestRecord select(RequestRecord r) {
            double done = r.done() + offsetSeconds;
            return done >= 0 && done < windowSeconds ? r.shifted(offsetSeconds) : null;
        }

        /** The day's file as the part of it the window takes. */
        public FilePart part() {
            return new FilePart(file, this::select);
        }
    }

    /** {@code d} in seconds, exact to the nanosecond for any length a history can have. */
    private static double seconds(Duration d) {
        return d.getSeconds() + d.getNano() / 1e9;
    }
}
