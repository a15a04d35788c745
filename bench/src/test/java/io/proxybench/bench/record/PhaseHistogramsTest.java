package io.proxybench.bench.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;

class PhaseHistogramsTest {

    /** A success on a new tunnel: tcp 2 ms, connect 3 ms, request {@code totalMillis - 5} ms. */
    static RequestRecord ok(double totalMillis) {
        double total = totalMillis / 1000;
        return new RequestRecord(0, total, 0, null, 0.002, null, null, 0.003, null, total - 0.005, total, 200,
                "198.51.100.1", "US", null, null, false, 1L, null, 1, 100L, 1000L, 50L, "HTTP/1.1");
    }

    static RequestRecord failed() {
        return new RequestRecord(0, 1, 0, null, 0.5, null, null, null, null, null, 1.0, null, null, null,
                "tcp_TimeoutException", null, false, 2L, null, 1, 0L, 0L, 0L, null);
    }

    /** Every interval histogram in {@code log}, in file order. */
    static List<Histogram> read(byte[] log) {
        return read(new HistogramLogReader(new ByteArrayInputStream(log)));
    }

    /** Every interval histogram left in {@code reader}, in file order. */
    static List<Histogram> read(HistogramLogReader reader) {
        List<Histogram> intervals = new ArrayList<>();
        while (reader.hasNext()) {
            intervals.add((Histogram) reader.nextIntervalHistogram());
        }
        return intervals;
    }

    @Test
    void anIntervalHasOneTaggedHistogramPerPhaseWithTheSuccessesInMicroseconds() {
        PhaseHistograms phases = new PhaseHistograms();
        for (int millis = 10; millis <= 1000; millis += 10) {
            phases.record(ok(millis));
        }
        phases.record(failed());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        phases.writeInterval(new HistogramLogWriter(bytes), 1_000, 2_000);

        List<Histogram> intervals = read(bytes.toByteArray());
        assertThat(intervals).extracting(Histogram::getTag).containsExactlyElementsOf(
                Arrays.stream(Phase.values()).map(Phase::jsonName).toList());
        Histogram total = intervals.get(Phase.TOTAL.ordinal());
        assertThat(total.getTotalCount()).isEqualTo(100);
        assertThat(total.getValueAtPercentile(50)).isCloseTo(500_000, within(500L));
        assertThat(total.getValueAtPercentile(99)).isCloseTo(990_000, within(990L));
        assertThat(total.getStartTimeStamp()).isEqualTo(1_000);
        assertThat(total.getEndTimeStamp()).isEqualTo(2_000);
        assertThat(intervals.get(Phase.TCP.ordinal()).getTotalCount()).isEqualTo(100);
        assertThat(intervals.get(Phase.TCP.ordinal()).getMaxValue()).isCloseTo(2_000, within(2L));
        assertThat(intervals.get(Phase.SOCKS.ordinal()).getTotalCount()).isZero();
    }

    @Test
    void eachValueLandsInExactlyOneInterval() {
        PhaseHistograms phases = new PhaseHistograms();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        HistogramLogWriter log = new HistogramLogWriter(bytes);
        phases.record(ok(10));
        phases.record(ok(20));
        phases.writeInterval(log, 0, 1_000);
        phases.writeInterval(log, 1_000, 2_000);
        phases.record(ok(30));
        phases.writeInterval(log, 2_000, 3_000);

        List<Long> totalCounts = read(bytes.toByteArray()).stream()
                .filter(h -> h.getTag().equals("total")).map(Histogram::getTotalCount).toList();

        assertThat(totalCounts).containsExactly(2L, 0L, 1L);
    }
}
