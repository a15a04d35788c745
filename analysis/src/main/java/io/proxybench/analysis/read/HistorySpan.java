package io.proxybench.analysis.read;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.proxybench.records.history.HistoryWindow;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * Which window of a watch's history a report covers, for its heading and its JSON ({@code history}): the same window
 * for every provider read.
 *
 * @param dir the history directory, as given
 * @param providers the providers read, in the order given
 * @param from the window's start, ISO-8601 UTC
 * @param to the window's end (excluded), ISO-8601 UTC
 */
public record HistorySpan(
        @JsonProperty("dir") String dir,
        @JsonProperty("providers") List<String> providers,
        @JsonProperty("from") String from,
        @JsonProperty("to") String to) {

    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm")
            .withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter SECOND = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss")
            .withZone(ZoneOffset.UTC);

    public HistorySpan {
        providers = List.copyOf(providers);
    }

    /**
     * The span of {@code windows}, one per provider, of one history and one window.
     *
     * @throws IllegalArgumentException for no window, or windows of several histories or times
     */
    public static HistorySpan of(List<HistoryWindow> windows) {
        if (windows.isEmpty()) {
            throw new IllegalArgumentException("a span of no window");
        }
        HistoryWindow first = windows.get(0);
        if (windows.stream().anyMatch(w -> !w.history().equals(first.history()) || !w.from().equals(first.from())
                || !w.to().equals(first.to()))) {
            throw new IllegalArgumentException("the windows of one span are of one history and one time");
        }
        return new HistorySpan(first.history().root().toString(),
                windows.stream().map(HistoryWindow::provider).toList(), first.from().toString(), first.to().toString());
    }

    /** The heading of a report: {@code provider a, 2026-12-06 05:00 to 2026-12-07 05:00 UTC}. */
    public String heading() {
        String names = providers.size() == 1 ? "provider " + providers.get(0)
                : "providers " + String.join(", ", providers.subList(0, providers.size() - 1)) + " and "
                        + providers.get(providers.size() - 1);
        return names + ", " + time(Instant.parse(from)) + " to " + time(Instant.parse(to)) + " UTC";
    }

    /** {@code instant} in UTC to the minute, or to the second when it is not on a minute. */
    public static String time(Instant instant) {
        return (Math.floorMod(instant.getEpochSecond(), 60) == 0 ? MINUTE : SECOND).format(instant);
    }
}
