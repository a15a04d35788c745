package io.proxybench.experiments.keepalive;

import io.proxybench.client.PoolLimits;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.event.Counts;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.harness.Durations;
import io.proxybench.harness.engine.OpenLoopRunner;
import io.proxybench.harness.engine.Records;
import io.proxybench.harness.plan.SendPolicy;
import io.proxybench.harness.schedule.ArrivalSchedule;
import io.proxybench.records.RequestRecord;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Seed 001's keep-alive table: {@code exp(-T / gap)} computed for the seed's keep-alives and gaps, and measured at a
 * scaled-down time. Each measured row is one client instance (its own pool with keep-alive T, its own sticky session)
 * receiving Poisson arrivals of mean gap {@code gap}; its cold share is the connections it opened over the requests
 * it sent. The rows run at once, each firing on its own client's I/O thread.
 *
 * <p>The pool drops a connection idle for T or longer when it is next asked for one (and on its maintenance timer),
 * timing idleness from the end of the connection's last request; so a request is cold exactly when the one before
 * it ended T or more before it. One request is in flight per row at most: an arrival during a request waits for it
 * (in the runner's backlog) instead of opening a second connection, as the formula, which assumes requests much
 * shorter than the gap, has it. What is left of the request time shortens the idle times a little; each row
 * measures it and widens its tolerance downwards by its effect ({@link ColdShare#withRequestTime}).
 */
public final class KeepAliveExperiment {

    /** Most measured rows: each runs on a thread of its own. */
    public static final int MAX_ROWS = 16;
    /** Longest schedule of a measured row. */
    public static final Duration MAX_ROW_TIME = Duration.ofHours(1);

    /** Sequential requests on a throwaway client that warm the JVM before the rows start. */
    private static final int WARM_UP_REQUESTS = 50;
    private static final Duration DRAIN = Duration.ofSeconds(10);

    /**
     * What the experiment computes and runs against.
     *
     * @param proxy the gateway with the account's credentials
     * @param template how a row's session id is written into the credentials
     * @param target the origin's URL
     * @param tableKeepAlives the formula table's keep-alives (its columns)
     * @param tableGaps the formula table's gaps (its rows)
     * @param keepAlives the measured keep-alives; each is measured against each of {@code gaps}
     * @param gaps the measured rows' mean gaps
     * @param rowTime how long each measured row's schedule runs; it sends about {@code rowTime / gap} requests
     * @param sigmas the tolerance, in standard errors
     * @param seed seeds the arrivals (row {@code i} uses {@code seed + i})
     */
    public record Setup(ProxySpec proxy, SessionTemplate template, URI target, TlsSettings tls,
            List<Duration> tableKeepAlives, List<Duration> tableGaps, List<Duration> keepAlives, List<Duration> gaps,
            Duration rowTime, double sigmas, long seed, Duration limit) {
        public Setup {
            tableKeepAlives = List.copyOf(tableKeepAlives);
            tableGaps = List.copyOf(tableGaps);
            keepAlives = List.copyOf(keepAlives);
            gaps = List.copyOf(gaps);
            requirePositive("--table-keep-alive", tableKeepAlives);
            requirePositive("--table-gaps", tableGaps);
            requirePositive("--keep-alive", keepAlives);
            requirePositive("--gaps", gaps);
            if (keepAlives.size() * gaps.size() > MAX_ROWS) {
                throw new IllegalArgumentException("--keep-alive times --gaps gives " + keepAlives.size() * gaps.size()
                        + " measured rows; at most " + MAX_ROWS + " run at once");
            }
            if (rowTime.isNegative() || rowTime.isZero() || rowTime.compareTo(MAX_ROW_TIME) > 0) {
                throw new IllegalArgumentException("--duration " + Durations.format(rowTime) + " is out of range:"
                        + " above 0, at most " + Durations.format(MAX_ROW_TIME));
            }
            for (Duration gap : gaps) {
                if (gap.compareTo(rowTime) > 0) {
                    throw new IllegalArgumentException("--gaps " + Durations.format(gap) + " is longer than --duration "
                            + Durations.format(rowTime) + ": the row would send no request; make --duration many"
                            + " times the longest gap");
                }
            }
            if (!(sigmas > 0) || Double.isInfinite(sigmas)) {
                throw new IllegalArgumentException("--sigmas must be a number above 0, got " + sigmas);
            }
        }

        private static void requirePositive(String option, List<Duration> values) {
            if (values.isEmpty()) {
                throw new IllegalArgumentException(option + " needs at least one duration");
            }
            for (Duration d : values) {
                if (d.isNegative() || d.isZero()) {
                    throw new IllegalArgumentException(option + " " + Durations.format(d) + " must be above 0");
                }
            }
        }
    }

    /** One measured row's inputs. */
    private record Cell(int index, Duration keepAlive, Duration gap) {}

    private KeepAliveExperiment() {}

    /** Computes the table, warms the JVM, then measures every keep-alive and gap at once. */
    public static KeepAliveResult run(Setup s) throws Exception {
        List<KeepAliveFormulaCell> formula = new ArrayList<>();
        for (Duration gap : s.tableGaps()) {
            for (Duration t : s.tableKeepAlives()) {
                formula.add(new KeepAliveFormulaCell(seconds(t), seconds(gap), ColdShare.expected(t, gap)));
            }
        }
        warmUp(s);
        List<Cell> cells = new ArrayList<>();
        for (Duration t : s.keepAlives()) {
            for (Duration gap : s.gaps()) {
                cells.add(new Cell(cells.size(), t, gap));
            }
        }
        ExecutorService threads = Executors.newFixedThreadPool(cells.size());
        try {
            List<Future<KeepAliveRow>> rows = new ArrayList<>();
            for (Cell c : cells) {
                rows.add(threads.submit(() -> measure(s, c)));
            }
            long deadline = System.nanoTime() + s.rowTime().plus(DRAIN).plus(s.limit()).toNanos();
            List<KeepAliveRow> measured = new ArrayList<>();
            for (Future<KeepAliveRow> row : rows) {
                measured.add(row.get(deadline - System.nanoTime(), TimeUnit.NANOSECONDS));
            }
            return new KeepAliveResult(formula, s.sigmas(), seconds(s.rowTime()), measured);
        } finally {
            threads.shutdownNow();
        }
    }

    private static void warmUp(Setup s) throws Exception {
        try (ProxyClient client = client(s, Duration.ofSeconds(60))) {
            ProxyRequest request = ProxyRequest.get(s.target().toString()).withSessionKey("keepalive-warm-up");
            for (int i = 0; i < WARM_UP_REQUESTS; i++) {
                client.send(request).handle((r, e) -> null).get(s.limit().toMillis(), TimeUnit.MILLISECONDS);
            }
        }
    }

    /**
     * One row: a warm-up request opens the connection, then the Poisson schedule runs, so that the first scheduled
     * request, like every later one, is cold only if the gap before it reached T.
     */
    private static KeepAliveRow measure(Setup s, Cell c) throws Exception {
        ProxyRequest request = ProxyRequest.get(s.target().toString()).withSessionKey("keepalive-" + c.index());
        try (ProxyClient client = client(s, c.keepAlive())) {
            client.send(request).handle((r, e) -> null).get(s.limit().toMillis(), TimeUnit.MILLISECONDS);
            Counts before = client.counters().total();
            List<RequestRecord> records = new ArrayList<>();
            OpenLoopRunner runner = OpenLoopRunner.on(client,
                    ArrivalSchedule.poisson(1e9 / c.gap().toNanos(), s.rowTime(), s.seed() + c.index()),
                    n -> request, new SendPolicy(1, 0, DRAIN.toNanos()), Records.plain(), r -> {
                        synchronized (records) {
                            records.add(r);
                        }
                    });
            runner.run();
            long created = client.counters().total().since(before).created();
            return row(s, c, created, records);
        }
    }

    private static KeepAliveRow row(Setup s, Cell c, long created, List<RequestRecord> records) {
        records.sort(Comparator.comparingDouble(RequestRecord::sched));
        int n = records.size();
        int failed = (int) records.stream().filter(r -> !r.ok()).count();
        double expected = ColdShare.expected(c.keepAlive(), c.gap());
        double coldShare = n == 0 ? 0 : (double) created / n;
        double error = n == 0 ? 0 : ColdShare.standardError(expected, n);
        double tolerance = s.sigmas() * error;
        double requestSeconds = records.stream().filter(RequestRecord::ok)
                .mapToDouble(r -> r.total() - r.startLag()).average().orElse(0);
        double allowance = expected - ColdShare.withRequestTime(c.keepAlive(), c.gap(),
                Duration.ofNanos(Math.round(requestSeconds * 1e9)));
        return new KeepAliveRow(c.keepAlive().toNanos() / 1e6, c.gap().toNanos() / 1e6, n, failed, created,
                coldShare, idleShare(records, seconds(c.keepAlive())), expected, error, tolerance, allowance,
                n > 0 && coldShare >= expected - tolerance - allowance && coldShare <= expected + tolerance,
                requestSeconds * 1000);
    }

    /**
     * Of the requests after the first (sorted by schedule), the share sent {@code keepAliveSeconds} or more after the
     * one before completed.
     */
    static double idleShare(List<RequestRecord> sorted, double keepAliveSeconds) {
        int idle = 0;
        for (int i = 1; i < sorted.size(); i++) {
            RequestRecord r = sorted.get(i);
            if (r.sched() + r.startLag() - sorted.get(i - 1).done() >= keepAliveSeconds) {
                idle++;
            }
        }
        return sorted.size() < 2 ? 0 : (double) idle / (sorted.size() - 1);
    }

    /** A client with one connection per row: it never has two requests in flight. */
    private static ProxyClient client(Setup s, Duration keepAlive) {
        return ProxyClient.builder().proxy(s.proxy()).sessions(s.template(), SessionRouter.stickyPerKey())
                .tls(s.tls().withAlpn(TlsSettings.HTTP11_ONLY))
                .limits(PoolLimits.builder().maxPerKey(1).maxPerExit(1).maxTotal(1).keepAlive(keepAlive)
                        .acquireTimeout(s.limit()).build())
                .build();
    }

    private static double seconds(Duration d) {
        return d.toNanos() / 1e9;
    }
}
