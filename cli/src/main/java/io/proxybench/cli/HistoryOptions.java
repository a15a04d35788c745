package io.proxybench.cli;

import io.proxybench.analysis.read.HistoryQuery;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --provider}, {@code --since}, {@code --from} and {@code --to}: which provider and window of a watch's history
 * {@code analyze}, {@code compare} and {@code doctor} read, checked by {@link HistoryQuery}.
 */
final class HistoryOptions {

    @Option(names = "--provider", paramLabel = "NAME",
            description = "Read this provider's records from the directory given, a watch's history (watch --history);"
                    + " compare takes several, a column each.")
    List<String> providers = new ArrayList<>();

    @Option(names = "--since", paramLabel = "DURATION",
            description = "With --provider: the window is the last DURATION up to now, e.g. 30m, 24h, 7d. Without"
                    + " --since or --from: the whole history.")
    Duration since;

    @Option(names = "--from", paramLabel = "TIME",
            description = "With --provider: the window starts at TIME: 2026-12-07T10:00:00Z, a date and time without"
                    + " offset taken as UTC (2026-12-07T10:00), or a date (2026-12-07, from 00:00 UTC).")
    String from;

    @Option(names = "--to", paramLabel = "TIME",
            description = "With --provider: the window ends before TIME, in --from's forms (default: now).")
    String to;

    /**
     * The query the options make, now.
     *
     * @throws IllegalArgumentException for options that do not go together, or a time that is not one
     */
    HistoryQuery query() {
        return HistoryQuery.of(providers, since, from, to, Instant.now());
    }
}
