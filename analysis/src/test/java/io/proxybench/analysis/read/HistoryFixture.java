package io.proxybench.analysis.read;

import io.proxybench.records.JsonlWriter;
import io.proxybench.records.RequestRecord;
import io.proxybench.records.history.HistoryDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.LocalDate;

/**
 * A small watch history for the readers' tests, providers a and b over 2026-12-06 and 2026-12-07 (UTC):
 * <ul>
 *   <li>a, the 6th: 10 checks done at 12:00:00 to 12:00:09, all 200;
 *   <li>a, the 7th: a check started at 23:59:59.5 and done at 00:00:00.5 (with a negative sched), 10 checks done at
 *       01:00:00 to 01:00:09, all 200, then a cut last line;
 *   <li>b, either day: 10 checks done at the same times as a's, the odd ones answered 503.
 * </ul>
 * Every check is on connection 1 of session {@code s}, the first of each day's new. So the window from the 6th 12:00
 * to the 7th 01:00 holds 11 of a's records and 10 of b's; a's whole history 21.
 */
public final class HistoryFixture {

    public static final LocalDate SIXTH = LocalDate.parse("2026-12-06");
    public static final LocalDate SEVENTH = LocalDate.parse("2026-12-07");
    /** The 6th, 12:00 UTC. */
    public static final Instant NOON = Instant.parse("2026-12-06T12:00:00Z");
    /** The 7th, 01:00 UTC. */
    public static final Instant ONE = Instant.parse("2026-12-07T01:00:00Z");

    private HistoryFixture() {}

    /** Writes the history into {@code root}; returns it. */
    public static Path write(Path root) throws IOException {
        HistoryDir history = new HistoryDir(root);
        try (JsonlWriter a6 = writer(history, "a", SIXTH); JsonlWriter a7 = writer(history, "a", SEVENTH);
                JsonlWriter b6 = writer(history, "b", SIXTH); JsonlWriter b7 = writer(history, "b", SEVENTH)) {
            a7.write(check(-0.5, 0.5, 200, false));
            for (int i = 0; i < 10; i++) {
                a6.write(check(43_200 + i - 0.2, 43_200 + i, 200, i > 0));
                a7.write(check(3600 + i - 0.2, 3600 + i, 200, true));
                b6.write(check(43_200 + i - 0.3, 43_200 + i, i % 2 == 0 ? 200 : 503, i > 0));
                b7.write(check(3600 + i - 0.3, 3600 + i, i % 2 == 0 ? 200 : 503, i > 0));
            }
        }
        Files.writeString(history.day("a", SEVENTH).resolve(HistoryDir.RECORDS), "{\"sched\": 7300, \"do",
                StandardOpenOption.APPEND);
        return root;
    }

    private static JsonlWriter writer(HistoryDir history, String provider, LocalDate day) throws IOException {
        return new JsonlWriter(Files.createDirectories(history.day(provider, day)).resolve(HistoryDir.RECORDS));
    }

    private static RequestRecord check(double sched, double done, int status, boolean reused) {
        return RequestRecord.builder(sched, done).status(status).total(done - sched).request(done - sched)
                .ip("10.0.0." + (status == 200 ? 1 : 2)).conn(1L).reused(reused).session("s").scheme("http")
                .bytesOut(300L).bytesIn(700L).build();
    }
}
