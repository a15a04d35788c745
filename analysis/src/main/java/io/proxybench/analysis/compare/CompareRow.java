package io.proxybench.analysis.compare;

import io.proxybench.analysis.FigureNames;
import io.proxybench.analysis.report.Cells;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The rows of {@code proxybench compare}, in order: seed 002's measures for a provider decision, each with the
 * direction that makes a value better, so the best run of the row can be marked.
 */
public enum CompareRow {
    RECORDS("records", "records (accepted)", Better.NONE, f -> new Cell(Cells.grouped(f.records())
            + (f.windows() > 1 ? " in " + f.windows() + " windows" : "") + " (" + Cells.grouped(f.accepted()) + ")",
            null)),
    SCHEDULED("scheduled_per_s", "scheduled req/s", Better.NONE,
            f -> Cell.of(f.scheduledPerSecond(), Cells.number(f.scheduledPerSecond(), 1), false)),
    STEADY(FigureNames.STEADY_RPS, "steady successful req/s", Better.HIGHER, f -> Cell.of(f.steadyOkPerSecond(),
            f.steadyOkPerSecond() == null ? "no steady window"
                    : Cells.plain(f.steadyOkPerSecond()) + " at " + Cells.number(f.steadyInFlight(), 1)
                            + " in flight", true)),
    P99("p99(total)", "p99 total, all successes", Better.LOWER, f -> millis(f.p99Ms())),
    P99_NEW("p99(total,new)", "p99 total, new tunnel", Better.LOWER, f -> millis(f.p99NewTunnelMs())),
    P99_REUSED("p99(total,reused)", "p99 total, reused tunnel", Better.LOWER, f -> millis(f.p99ReusedTunnelMs())),
    SUCCESS("ok_after_one_retry", "success after <= 1 retry", Better.HIGHER, f -> {
        double share = (double) f.okAfterOneRetry() / f.records();
        return new Cell(Cells.percent(share, 2) + " (" + Cells.grouped(f.retried()) + " retried"
                + (f.okAfterMoreRetries() == 0 ? "" : ", " + Cells.grouped(f.okAfterMoreRetries()) + " ok later")
                + ")", asPercent(share));
    }),
    FAILURES("failures_by_phase", "failures by phase", Better.NONE, f -> new Cell(f.failuresByPhase().isEmpty()
            ? "none" : f.failuresByPhase().entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                    .collect(Collectors.joining(", ")), null)),
    EXIT_IPS(FigureNames.UNIQUE_EXITS, "unique exit IPs", Better.HIGHER,
            f -> new Cell(Cells.grouped(f.uniqueIps()), (double) f.uniqueIps())),
    SUBNETS(FigureNames.UNIQUE_SUBNETS, "unique /24 subnets", Better.HIGHER,
            f -> new Cell(Cells.grouped(f.uniqueSubnets()), (double) f.uniqueSubnets())),
    ASNS("unique_asns", "ASNs (largest's share)", Better.HIGHER, f -> f.uniqueAsns() == null ? Cell.MISSING
            : new Cell(f.uniqueAsns() + " (" + Cells.percent(f.largestAsnShare(), 0) + ")",
                    (double) f.uniqueAsns())),
    COUNTRY("ips_in_country", "exit IPs in the country", Better.HIGHER, f -> f.ipsInCountry() == null
            ? Cell.MISSING : new Cell(Cells.grouped(f.ipsInCountry()) + " in " + f.country(),
                    (double) f.ipsInCountry())),
    STICKY("sticky_kept", "sessions keeping 1 exit", Better.HIGHER, f -> f.stickySessions() == 0 ? Cell.MISSING
            : new Cell(f.stickyKept() + " of " + f.stickySessions(), (double) f.stickyKept() / f.stickySessions())),
    HTTP2("http2_to_proxy", "HTTP/2 to the proxy", Better.HIGHER, f -> f.http2ToProxy() == null ? Cell.MISSING
            : f.http2ToProxy() ? new Cell("yes, " + Cells.number(f.tunnelsPerProxyConnection(), 1) + " tunnels/conn",
                    1.0) : new Cell("no", 0.0)),
    HANDSHAKES(FigureNames.HANDSHAKES_PER_1K, "handshakes per 1,000 requests", Better.LOWER,
            f -> f.handshakesPer1000() == null ? Cell.MISSING : new Cell(Cells.number(f.handshakesPer1000(), 1)
                    + " (reuse " + Cells.percent(f.reuseRate(), 1) + ")",
                    Math.round(f.handshakesPer1000() * 10) / 10.0)),
    HARD_BLOCKS(FigureNames.HARD_BLOCK_RATE, "hard block rate", Better.LOWER, f -> blockRate(f.hardBlocks(), f.answered())),
    SOFT_BLOCKS(FigureNames.SOFT_BLOCK_RATE, "soft block rate", Better.LOWER, f -> blockRate(f.softBlocks(), f.answered())),
    BYTES(FigureNames.BYTES_PER_SUCCESS, "bytes per success", Better.LOWER,
            f -> f.bytesPerOk() == null ? Cell.MISSING
                    : new Cell(atLeast(f) + Cells.grouped(f.bytesPerOk()), (double) Math.round(f.bytesPerOk()))),
    COST("cost_per_1000_accepted", "cost per 1,000 accepted", Better.LOWER, f -> f.costPer1000Accepted() == null
            ? Cell.MISSING : new Cell(atLeast(f) + Cells.plain(f.costPer1000Accepted()),
                    Double.parseDouble(Cells.plain(f.costPer1000Accepted()))));

    /** Which way a row's values are better; {@link #NONE} rows are context and mark no best. */
    public enum Better { HIGHER, LOWER, NONE }

    /**
     * One run's cell of a row.
     *
     * @param text what the table shows
     * @param rank the value the best is chosen by, rounded as the text shows it so that cells that look alike tie;
     *     null when the cell takes no part (absent figure, context row)
     */
    public record Cell(String text, Double rank) {
        static final Cell MISSING = new Cell(Cells.MISSING, null);

        static Cell of(Double value, String text, boolean ranked) {
            return new Cell(text, ranked ? value : null);
        }
    }

    private final String key;
    private final String title;
    private final Better better;
    private final Function<ColumnFigures, Cell> cell;

    CompareRow(String key, String title, Better better, Function<ColumnFigures, Cell> cell) {
        this.key = key;
        this.title = title;
        this.better = better;
        this.cell = cell;
    }

    /** The row's name in JSON. */
    public String key() {
        return key;
    }

    public String title() {
        return title;
    }

    public Better better() {
        return better;
    }

    public Cell cell(ColumnFigures figures) {
        return cell.apply(figures);
    }

    private static Cell blockRate(long blocks, long answered) {
        if (answered == 0) {
            return new Cell("no answer", null);
        }
        double rate = (double) blocks / answered;
        return new Cell(Cells.percent(rate, 2) + " (" + Cells.grouped(blocks) + ")", asPercent(rate));
    }

    /** Whole milliseconds, ranked as shown. */
    private static Cell millis(Double ms) {
        return ms == null ? Cell.MISSING : new Cell(Cells.grouped(ms) + " ms", (double) Math.round(ms));
    }

    /** A share ranked as {@link Cells#percent} shows it with two decimals, so equal-looking cells tie. */
    private static double asPercent(double share) {
        return Math.round(share * 10_000) / 10_000.0;
    }

    /** {@code >= } before a figure of bytes that is a lower bound. */
    private static String atLeast(ColumnFigures f) {
        return f.bytesLowerBound() ? ">= " : "";
    }
}
