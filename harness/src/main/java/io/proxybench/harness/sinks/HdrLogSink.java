package io.proxybench.harness.sinks;

import io.proxybench.analysis.report.PhaseSeries;
import io.proxybench.harness.engine.LiveRun;
import io.proxybench.records.HdrLog;
import io.proxybench.records.Phase;
import io.proxybench.records.PhaseHistograms;
import io.proxybench.records.RequestRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The run's HdrHistogram interval log (per phase, microseconds, one interval a second from the schedule's start, so
 * that shards' logs line up by their offsets), and each interval's p50, p90 and p99 per phase kept for the report's
 * charts: some 250 bytes per second of run.
 */
public final class HdrLogSink implements RecordSink {
    private final Path file;
    private final List<String> comments;
    private final PhaseHistograms phases = new PhaseHistograms();
    /** Where warm-up records go until the schedule starts; dropped then. */
    private volatile PhaseHistograms rehearsal = new PhaseHistograms();
    /** Per phase, one row {end second, p50, p90, p99} in milliseconds per interval; guarded by itself. */
    private final Map<Phase, List<double[]>> series = new EnumMap<>(Phase.class);
    private HdrLog log;
    private long firstMillis = -1;

    /** @param comments lines for the log's header after its own, e.g. a shard's segment */
    public HdrLogSink(Path file, List<String> comments) {
        this.file = file;
        this.comments = List.copyOf(comments);
    }

    @Override
    public void start(LiveRun live) throws IOException {
        rehearsal = null;
        log = HdrLog.open(file, phases, comments, this::interval);
    }

    @Override
    public void rehearse(RequestRecord record) {
        PhaseHistograms scratch = rehearsal;
        if (scratch != null) {
            scratch.record(record);
        }
    }

    @Override
    public void accept(RequestRecord record) {
        phases.record(record);
    }

    @Override
    public void close() throws IOException {
        if (log != null) {
            log.close();
        }
    }

    /** Each phase's percentiles per interval; a phase no success had is absent, an interval without one is NaN. */
    public List<PhaseSeries> series() {
        List<PhaseSeries> result = new ArrayList<>();
        synchronized (series) {
            series.forEach((phase, rows) -> {
                if (rows.stream().noneMatch(row -> !Double.isNaN(row[1]))) {
                    return;
                }
                double[][] columns = new double[4][rows.size()];
                for (int i = 0; i < rows.size(); i++) {
                    for (int c = 0; c < 4; c++) {
                        columns[c][i] = rows.get(i)[c];
                    }
                }
                result.add(new PhaseSeries(phase.jsonName(), columns[0], columns[1], columns[2], columns[3]));
            });
        }
        return result;
    }

    private void interval(Phase phase, Histogram micros, long startMillis, long endMillis) {
        synchronized (series) {
            if (firstMillis < 0) {
                firstMillis = startMillis;
            }
            boolean none = micros.getTotalCount() == 0;
            series.computeIfAbsent(phase, p -> new ArrayList<>()).add(new double[] {(endMillis - firstMillis) / 1e3,
                none ? Double.NaN : micros.getValueAtPercentile(50) / 1e3,
                none ? Double.NaN : micros.getValueAtPercentile(90) / 1e3,
                none ? Double.NaN : micros.getValueAtPercentile(99) / 1e3});
        }
    }
}
