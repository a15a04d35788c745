package io.proxybench.analysis.read;

import io.proxybench.records.history.HistoryDir;
import io.proxybench.records.history.HistoryWindow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which window of a watch's history {@code analyze}, {@code compare} and {@code doctor} read, as the user gave it:
 * the options are checked when the query is made, the directory and the providers by {@link #windows}. Its messages
 * name the settings as the command line spells them ({@code --provider}, {@code --since}, {@code --from},
 * {@code --to}).
 *
 * <p>The window is the last {@code since} up to now; or from {@code from} up to {@code to} (or now); or, without
 * either, the whole history: from 00:00 UTC of the first day any provider read has, up to {@code to} (or now).
 *
 * @param providers the providers to read, in the order given; empty when none was named
 * @param since the window's length, counted back from {@code now}; null for none
 * @param from the window's start; null for none
 * @param to the window's end, excluded; null for {@code now}
 * @param now when the command runs
 */
public record HistoryQuery(List<String> providers, Duration since, Instant from, Instant to, Instant now) {

    /** What {@code --from} and {@code --to} take, for error messages. */
    public static final String TIME_FORMS = "an instant (2026-12-07T10:00:00Z, or with an offset such as +01:00), a"
            + " date and time without offset, taken as UTC (2026-12-07T10:00), or a date (2026-12-07, from its"
            + " 00:00 UTC)";

    /** Days a message lists by name; more are given as the first and the last. */
    private static final int DAYS_LISTED = 7;

    /**
     * @throws IllegalArgumentException for {@code --since} with {@code --from} or {@code --to}, a {@code --since} of
     *     0 or less, a provider named twice, or a window that ends before it starts
     */
    public HistoryQuery {
        providers = List.copyOf(providers);
        Set<String> seen = new HashSet<>();
        for (String p : providers) {
            if (!seen.add(p)) {
                throw new IllegalArgumentException("--provider " + p + " is given twice; name each provider once");
            }
        }
        if (since != null && (from != null || to != null)) {
            throw new IllegalArgumentException("--since counts the window back from now, and " + (from != null
                    ? "--from" : "--to") + " sets it too: give --since alone, or --from (and --to)");
        }
        if (since != null && (since.isNegative() || since.isZero())) {
            throw new IllegalArgumentException("--since must be longer than 0, e.g. --since 24h");
        }
        if (from != null && to != null && !from.isBefore(to)) {
            throw new IllegalArgumentException("--from " + HistorySpan.time(from) + " UTC is not before --to "
                    + HistorySpan.time(to) + " UTC; the window starts at --from and ends before --to");
        }
        if (from != null && to == null && !from.isBefore(now)) {
            throw new IllegalArgumentException("--from " + HistorySpan.time(from) + " UTC is not before now, "
                    + HistorySpan.time(now) + " UTC; give a start in the past, or --to");
        }
    }

    /** No history asked for: the arguments are records files (a history among them is refused). */
    public static HistoryQuery none() {
        return new HistoryQuery(List.of(), null, null, null, Instant.now());
    }

    /**
     * The query of the options as given, {@code --from} and {@code --to} read as {@link #TIME_FORMS}.
     *
     * @param from {@code --from}'s text; null for none
     * @param to {@code --to}'s text; null for none
     * @throws IllegalArgumentException for a time that is not one of those forms, or as the constructor
     */
    public static HistoryQuery of(List<String> providers, Duration since, String from, String to, Instant now) {
        return new HistoryQuery(providers, since, time("--from", from), time("--to", to), now);
    }

    /** Whether any option of a history was given. */
    public boolean given() {
        return !providers.isEmpty() || since != null || from != null || to != null;
    }

    /**
     * The one provider's window the arguments name, for a command that reads one ({@code analyze}, {@code doctor});
     * null when they are records files, as {@link #windows}.
     *
     * @param command the command, for the message naming several providers
     * @throws IllegalArgumentException for several providers, or as {@link #windows}
     */
    public HistoryWindow window(List<Path> arguments, String command) {
        if (providers.size() > 1) {
            throw new IllegalArgumentException("--provider " + String.join(" --provider ", providers) + ": "
                    + command + " reads one provider at a time; give one --provider, or put them side by side with"
                    + " proxybench compare HISTORY --provider " + String.join(" --provider ", providers));
        }
        List<HistoryWindow> windows = windows(arguments);
        return windows.isEmpty() ? null : windows.get(0);
    }

    /**
     * The window of each provider named, in the order named, one window for all; empty when no option of a history
     * was given and no argument is a history directory (the arguments are records files).
     *
     * @param arguments the command's file arguments
     * @throws IllegalArgumentException for a history directory without {@code --provider} (listing its providers);
     *     for {@code --provider} (or a window) with other than one history directory: a file, a directory that is no
     *     history, several arguments; for an unknown provider (listing the known ones); for a directory that cannot
     *     be read
     */
    public List<HistoryWindow> windows(List<Path> arguments) {
        if (!given()) {
            for (Path argument : arguments) {
                List<String> known = providersOf(argument);
                if (!known.isEmpty()) {
                    throw new IllegalArgumentException(argument + " is a watch's history, of providers "
                            + String.join(", ", known) + ": name the one to read with --provider NAME, and the window"
                            + " with --since (e.g. --since 24h) or --from and --to; without them, the whole history");
                }
            }
            return List.of();
        }
        String option = !providers.isEmpty() ? "--provider " + providers.get(0)
                : since != null ? "--since" : from != null ? "--from" : "--to";
        if (arguments.size() != 1) {
            throw new IllegalArgumentException(option + " reads one watch history directory, and " + arguments.size()
                    + " arguments were given: give the directory watch --history wrote, alone");
        }
        Path dir = arguments.get(0);
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(option + " reads a watch's history directory, and " + dir
                    + (Files.exists(dir) ? " is a file" : " does not exist") + ": give the directory watch --history"
                    + " wrote, or leave out --provider, --since, --from and --to to read records files");
        }
        List<String> known = providersOf(dir);
        if (known.isEmpty()) {
            throw new IllegalArgumentException(dir + " is not a watch's history: it holds no PROVIDER/YYYY-MM-DD"
                    + " folder; give the directory watch --history wrote");
        }
        if (providers.isEmpty()) {
            throw new IllegalArgumentException(option + " selects a window of one provider's history: name it with"
                    + " --provider NAME; " + dir + " holds " + String.join(", ", known));
        }
        for (String provider : providers) {
            if (!known.contains(provider)) {
                throw new IllegalArgumentException("--provider " + provider + " is not in the history " + dir
                        + "; its providers are " + String.join(", ", known));
            }
        }
        HistoryDir history = new HistoryDir(dir);
        Instant start = since != null ? now.minus(since) : from != null ? from : firstDay(history);
        Instant end = to != null ? to : now;
        if (!start.isBefore(end)) {
            throw new IllegalArgumentException("--to " + HistorySpan.time(end) + " UTC is not after the history's"
                    + " first day, " + HistorySpan.time(start) + " UTC; give a later --to, or --from before it");
        }
        return providers.stream().map(p -> new HistoryWindow(history, p, start, end)).toList();
    }

    /**
     * A window that holds no record, as an error naming it and the days the provider's history has records of: what
     * a command says when it read none.
     */
    public static IllegalArgumentException noRecords(HistoryWindow window) {
        HistoryDir history = window.history();
        List<LocalDate> days = FileReading.read(history.root(), () -> {
            List<LocalDate> withRecords = new ArrayList<>();
            for (LocalDate day : history.days(window.provider())) {
                if (Files.isRegularFile(history.day(window.provider(), day).resolve(HistoryDir.RECORDS))) {
                    withRecords.add(day);
                }
            }
            return withRecords;
        });
        String held = days.isEmpty() ? "its history has no records file yet"
                : "its history has records of " + days(days) + " (UTC)";
        return new IllegalArgumentException("provider " + window.provider() + " has no records from "
                + HistorySpan.time(window.from()) + " to " + HistorySpan.time(window.to()) + " UTC; " + held
                + ": give --since, or --from and --to, that meet them");
    }

    private static String days(List<LocalDate> days) {
        if (days.size() <= DAYS_LISTED) {
            return String.join(", ", days.stream().map(LocalDate::toString).toList());
        }
        return days.size() + " days, " + days.get(0) + " to " + days.get(days.size() - 1);
    }

    /** The providers with at least one day in {@code dir}, sorted; empty when it is no history (or no directory). */
    private static List<String> providersOf(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        HistoryDir history = new HistoryDir(dir);
        return FileReading.read(dir, () -> {
            List<String> known = new ArrayList<>();
            for (String provider : history.providers()) {
                if (!history.days(provider).isEmpty()) {
                    known.add(provider);
                }
            }
            return known;
        });
    }

    /** 00:00 UTC of the first day any provider queried has. */
    private Instant firstDay(HistoryDir history) {
        LocalDate first = FileReading.read(history.root(), () -> {
            LocalDate earliest = null;
            for (String provider : providers) {
                LocalDate day = history.days(provider).get(0);
                earliest = earliest == null || day.isBefore(earliest) ? day : earliest;
            }
            return earliest;
        });
        return HistoryDir.startOf(first);
    }

    /** {@code text} as an instant, as {@link #TIME_FORMS} says; null for null. */
    static Instant time(String option, String text) {
        if (text == null) {
            return null;
        }
        String t = text.strip().replaceFirst("^(\\d{4}-\\d{2}-\\d{2}) +", "$1T");
        try {
            return OffsetDateTime.parse(t).toInstant();
        } catch (DateTimeException notWithOffset) {
            // Try the forms without an offset.
        }
        try {
            return LocalDateTime.parse(t).toInstant(ZoneOffset.UTC);
        } catch (DateTimeException notLocal) {
            // Try a date.
        }
        try {
            return HistoryDir.startOf(LocalDate.parse(t));
        } catch (DateTimeException notADate) {
            throw new IllegalArgumentException(option + " " + text + " is not a time; use " + TIME_FORMS);
        }
    }
}
