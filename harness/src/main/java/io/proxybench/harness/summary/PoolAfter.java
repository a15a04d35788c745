package io.proxybench.harness.summary;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.proxybench.client.event.Counts;
import io.proxybench.client.event.PoolGauges;
import java.util.Locale;

/**
 * The client's connections once a run is over: all three are 0 unless something leaked or hung.
 *
 * @param open connections the client opened (warm-up included) less those it saw close, read after the client
 *     closed: one left open is a leaked socket
 * @param inUse requests holding a connection when the run ended, after its drain: a request given up as a
 *     timeout keeps its connection until its own timeout
 * @param pending acquisitions waiting for a connection when the run ended
 */
public record PoolAfter(@JsonProperty("open") long open, @JsonProperty("in_use") int inUse,
        @JsonProperty("pending") int pending) {

    /**
     * @param atEnd the pool's gauges after the run's drain, before the client closed
     * @param afterClose the client's counters after it closed
     */
    public static PoolAfter of(PoolGauges atEnd, Counts afterClose) {
        long closed = afterClose.closedByReason().values().stream().mapToLong(Long::longValue).sum();
        return new PoolAfter(afterClose.created() - closed, atEnd.acquired(), atEnd.pending());
    }

    /** Whether nothing was left: no connection open, in use or awaited. */
    public boolean clean() {
        return open == 0 && inUse == 0 && pending == 0;
    }

    /** The summary's line for a run that left something behind. */
    String line() {
        return String.format(Locale.ROOT, "client pool after the run: %,d connections left open after close, %,d in"
                + " use and %,d acquisitions pending when the run ended", open, inUse, pending);
    }
}
