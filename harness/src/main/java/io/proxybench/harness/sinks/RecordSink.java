package io.proxybench.harness.sinks;

import io.proxybench.harness.engine.LiveRun;
import io.proxybench.harness.engine.Runner;
import io.proxybench.records.RequestRecord;
import java.io.IOException;

/**
 * Where a run's records go: a file, an interval log, a progress line, metrics. The {@link Runner} fans every record
 * out to its sinks from one place, in the order given, calls {@link #start} when the schedule starts and
 * {@link #close} once the last record is in. {@link #accept} is called from the client's threads, possibly at once
 * from several: a sink is thread-safe. A sink that throws fails the run at its end, after every record was made.
 */
public interface RecordSink extends AutoCloseable {

    /** The schedule starts now; {@code live} reads the run's counters and statistics from here on. */
    default void start(LiveRun live) throws IOException {}

    /** One record, any thread. */
    void accept(RequestRecord record);

    /**
     * A warm-up record, before {@link #start}: does the work {@link #accept} would, so that the JIT has compiled it
     * when the schedule starts, and keeps nothing of it. Any thread; does nothing unless the sink has work worth it.
     */
    default void rehearse(RequestRecord record) {}

    /** Pushes what is buffered to its file (a stop that must not lose records); any thread. */
    default void flush() throws IOException {}

    /** The run is over: no record comes after this. */
    @Override
    default void close() throws IOException {}
}
