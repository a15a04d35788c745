package io.proxybench.records.history;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The layout of a watch's history directory, which {@code proxybench watch} writes and {@code analyze},
 * {@code compare} and {@code doctor} read:
 *
 * <pre>
 * HISTORY/
 *   PROVIDER/                 a provider's name as configured ({@link #NAME})
 *     YYYY-MM-DD/             one UTC day
 *       records.jsonl         the checks that ended in the day, as records; sched and done are seconds since the
 *                             day's 00:00 UTC (a check begun before midnight has a negative sched)
 *       latency-HHMMSS.hlog   HdrHistogram interval logs of the day, 10 s intervals: a new one each time watch
 *                             starts or the day turns (HHMMSS, UTC, when it began)
 *       minutes.jsonl         one line per closed minute: what the live page draws
 *       probes.jsonl          the day's probe cards, one per line
 * </pre>
 *
 * The JSONL files are appended to and flushed every second, so a crash loses at most the last second and leaves
 * a file readable up to its last complete line (a restarted watch cuts that line before it appends); an interval
 * log loses at most its last interval.
 *
 * @param root the history directory
 */
public record HistoryDir(Path root) {

    /** A provider's name: what its directory, its metrics' {@code provider} label and its page's card are called. */
    public static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9_-]{0,39}");

    /** What {@link #NAME} allows, in words, for an error message. */
    public static final String NAME_RULE = "1 to 40 of a-z, 0-9, '_' and '-', starting with a letter or digit";

    public static final String RECORDS = "records.jsonl";
    public static final String MINUTES = "minutes.jsonl";
    public static final String PROBES = "probes.jsonl";

    /** The directory of {@code provider}'s {@code day}. */
    public Path day(String provider, LocalDate day) {
        return root.resolve(provider).resolve(day.toString());
    }

    /** The day (UTC) that holds {@code instant}. */
    public static LocalDate dayOf(Instant instant) {
        return LocalDate.ofInstant(instant, ZoneOffset.UTC);
    }

    /** The start of {@code day}, 00:00 UTC, which the day's records count their seconds from. */
    public static Instant startOf(LocalDate day) {
        return day.atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    /** The providers with a directory here, sorted by name; empty when the directory holds none. */
    public List<String> providers() throws IOException {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(root)) {
            return entries.filter(Files::isDirectory).map(p -> p.getFileName().toString())
                    .filter(n -> NAME.matcher(n).matches()).sorted().toList();
        }
    }

    /** {@code provider}'s days with a directory, oldest first. */
    public List<LocalDate> days(String provider) throws IOException {
        Path dir = root.resolve(provider);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<LocalDate> days = new ArrayList<>();
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path p : (Iterable<Path>) entries::iterator) {
                try {
                    if (Files.isDirectory(p)) {
                        days.add(LocalDate.parse(p.getFileName().toString()));
                    }
                } catch (DateTimeParseException notADay) {
                    // Not a day's directory: not the history's.
                }
            }
        }
        days.sort(null);
        return days;
    }
}
