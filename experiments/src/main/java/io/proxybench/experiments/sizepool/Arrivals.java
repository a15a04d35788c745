package io.proxybench.experiments.sizepool;

import io.proxybench.harness.schedule.ArrivalSchedule;
import io.proxybench.records.CutLine;
import io.proxybench.records.RecordStream;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.LongStream;

/**
 * When each request of a stream arrives, for {@link PoolSimulation}.
 *
 * @param source where the times come from, for reports
 * @param nanos arrival times in nanoseconds from the stream's start, non-decreasing
 * @param seconds the stream's length, seconds: requests over it is the stream's rate
 */
public record Arrivals(String source, long[] nanos, double seconds) {

    public Arrivals {
        if (nanos.length == 0 || !(seconds > 0)) {
            throw new IllegalArgumentException(source + ": a stream needs at least one request and a length above 0");
        }
    }

    /** Evenly spaced arrivals at {@code ratePerSec} for {@code duration}, as an open-loop run schedules them. */
    public static Arrivals constant(double ratePerSec, Duration duration) {
        ArrivalSchedule schedule = ArrivalSchedule.constant(ratePerSec, duration);
        long[] nanos = new long[(int) schedule.plannedCount()];
        for (int i = 0; i < nanos.length; i++) {
            nanos[i] = schedule.nextFireTimeNanos();
        }
        return new Arrivals(schedule.describe(), nanos, duration.toNanos() / 1e9);
    }

    /**
     * The scheduled starts ({@code sched}) of the records in {@code file} ({@code proxybench run --out}), sorted: the
     * file is streamed, and only the times held (8 bytes a record). A cut last line (a run killed mid-write) is left
     * out, and the source says so. The length is the span between the first and the last plus one mean gap, so that
     * {@code n} evenly spaced requests at rate R give R back.
     *
     * @throws IllegalArgumentException with fewer than 2 records or all at one time
     * @throws IOException when the file cannot be read or holds a line that is not a record
     */
    public static Arrivals replay(Path file) throws IOException {
        LongStream.Builder sched = LongStream.builder();
        String source = "records " + file.getFileName();
        try (RecordStream in = RecordStream.open(file)) {
            in.forEach(r -> sched.add(Math.round(r.sched() * 1e9)));
            Optional<CutLine> cut = in.cutLine();
            if (cut.isPresent()) {
                source += " (up to line " + cut.get().line() + ", cut)";
            }
        }
        long[] nanos = sched.build().sorted().toArray();
        if (nanos.length < 2 || nanos[nanos.length - 1] == nanos[0]) {
            throw new IllegalArgumentException(source + " has " + nanos.length + " records"
                    + (nanos.length < 2 ? "" : ", all scheduled at one time") + "; a stream to replay needs at least 2"
                    + " requests spread over time");
        }
        long first = nanos[0];
        for (int i = 0; i < nanos.length; i++) {
            nanos[i] -= first;
        }
        double span = nanos[nanos.length - 1] / 1e9;
        return new Arrivals(source, nanos, span * nanos.length / (nanos.length - 1));
    }

    public int count() {
        return nanos.length;
    }

    /** Requests per second over the stream's length. */
    public double ratePerSec() {
        return nanos.length / seconds;
    }
}
