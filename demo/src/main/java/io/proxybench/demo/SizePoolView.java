package io.proxybench.demo;

import io.proxybench.analysis.report.html.LineChart;
import io.proxybench.analysis.report.html.Series;
import io.proxybench.experiments.sizepool.SizePoolResult;
import io.proxybench.experiments.sizepool.SizePoolTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Seed 002's pool sizing, and per bucket the rejections against the pool size: simulated lines, live points. */
final class SizePoolView {

    private SizePoolView() {}

    static StepResult of(SizePoolResult result) {
        List<Series> lines = new ArrayList<>();
        for (SizePoolResult.Sizing bucket : result.sizing()) {
            List<SizePoolResult.Row> rows = result.rows().stream().filter(r -> r.burst() == bucket.burst()
                    && r.bucketRatePerSec() == bucket.bucketRatePerSec()).toList();
            lines.add(new Series(String.format(Locale.ROOT, "burst %d, %s/s (simulated)", bucket.burst(),
                    Numbers.plain(bucket.bucketRatePerSec())), rows.stream().mapToDouble(SizePoolResult.Row::sessions)
                    .toArray(), rows.stream().mapToDouble(SizePoolResult.Row::rejectedPct).toArray()));
        }
        SizePoolResult.LiveCheck live = result.live();
        if (live != null) {
            lines.add(Series.points(String.format(Locale.ROOT, "burst %d, %s/s (lab, %s s)", live.burst(),
                    Numbers.plain(live.bucketRatePerSec()), Numbers.plain(live.secondsEach())), live.rows().stream()
                    .mapToDouble(SizePoolResult.LiveRow::sessions).toArray(), live.rows().stream()
                    .mapToDouble(SizePoolResult.LiveRow::liveRejectedPct).toArray()));
        }
        String chart = new LineChart("size-pool", "Requests rejected per pool size", "sessions in the pool",
                "% rejected", lines).svg();
        return StepResult.of("size-pool", SizePoolTable.text(result), result, "Pool size vs per-IP limits (seed 002)",
                "Seed 002: at 100 req/s a per-IP token bucket rejected about 2% when the pool had rate / limit sessions"
                        + " and 0% at twice that, hence its rule of thumb: about 2 x rate / per-IP limit. Rerun:"
                        + " ./proxybench size-pool", List.of(chart));
    }
}
