package io.proxybench.records;

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
        return RequestRecord.builder(0, total).tcp(0.002).connect(0.003).request(total - 0.005).total(total)
                .status(200).ip("198.51.100.1").loc("US").reused(false).conn(1L).attempt(1).bytesOut(100L)
                .bytesIn(1000L).handshakeBytes(50L).http("HTTP/1.1").build();
    }

    static RequestRecord failed() {
        return RequestRecord.builder(0, 1).tcp(0.5).total(1.0).error("tcp_TimeoutException").reused(false).conn(2L)
                .attempt(1).bytesOut(0L).bytesIn(0L).handshakeBytes(0L).build();
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

        phases.writeInterval(new HistogramLogWriter(bytes), 1_000, 2_000, (p, h, a, b) -> { });

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
        phases.writeInterval(log, 0, 1_000, (p, h, a, b) -> { });
        phases.writeInterval(log, 1_000, 2_000, (p, h, a, b) -> { });
        phases.record(ok(30));
        phases.writeInterval(log, 2_000, 3_000, (p, h, a, b) -> { });

        List<Long> totalCounts = read(bytes.toByteArray()).stream()
                .filter(h -> h.getTag().equals("total")).map(Histogram::getTotalCount).toList();

        assertThat(totalCounts).containsExactly(2L, 0L, 1L);
    }
}
