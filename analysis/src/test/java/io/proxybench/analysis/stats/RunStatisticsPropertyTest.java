package io.proxybench.analysis.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.analysis.BlockClassifier;
import io.proxybench.analysis.BlockCount;
import io.proxybench.analysis.GatewayUse;
import io.proxybench.analysis.Percentiles;
import io.proxybench.records.Outcome;
import io.proxybench.records.Phase;
import io.proxybench.records.RequestRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The streaming statistics against a plain reference computed from the whole list of records, on random streams;
 * and the statistics of shards added together against those of the merged stream.
 */
class RunStatisticsPropertyTest {

    private static final int STREAMS = 150;

    @Test
    void everyFigureEqualsThePlainReference() {
        Random random = new Random(22);
        for (int i = 0; i < STREAMS; i++) {
            List<RequestRecord> records = RandomRecords.of(random, random.nextInt(i < 3 ? 2 : 600));
            RunStatistics stats = new RunStatistics();
            records.forEach(stats::add);
            checkAgainstReference(records, stats);
        }
    }

    @Test
    void shardsAddedTogetherEqualTheMergedStream() {
        Random random = new Random(2202);
        for (int i = 0; i < STREAMS; i++) {
            List<RequestRecord> records = RandomRecords.of(random, random.nextInt(800));
            int shards = 1 + random.nextInt(4);
            List<RunStatistics> parts = new ArrayList<>();
            for (int s = 0; s < shards; s++) {
                parts.add(new RunStatistics());
            }
            records.forEach(r -> parts.get(random.nextInt(shards)).add(r));
            RunStatistics added = new RunStatistics();
            parts.forEach(added::add);
            RunStatistics whole = new RunStatistics();
            records.forEach(whole::add);
            assertThat(figures(added)).usingRecursiveComparison()
                    .withComparatorForType((a, b) -> Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a)) ? 0
                            : Double.compare(a, b), Double.class)
                    .isEqualTo(figures(whole));
            checkAgainstReference(records, added);
        }
    }

    @Test
    void aRecordWithoutAnOutcomeIsRefusedNamingTheFix() {
        RunStatistics stats = new RunStatistics();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> stats.add(RequestRecord.builder(1, 2).status(200)
                .build())).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("RecordClassifier");
    }

    private static void checkAgainstReference(List<RequestRecord> all, RunStatistics stats) {
        // A redirect's record counts as wire bytes and a connection used; nothing else.
        List<RequestRecord> records = all.stream().filter(r -> !r.redirect()).toList();
        assertThat(stats.wire().redirects()).isEqualTo(all.size() - records.size());
        List<RequestRecord> ok = records.stream().filter(RequestRecord::ok).toList();
        assertThat(stats.records()).isEqualTo(records.size());
        assertThat(stats.ok()).isEqualTo(ok.size());
        for (Outcome o : Outcome.values()) {
            assertThat(stats.outcomes().count(o)).isEqualTo(records.stream().filter(r -> r.outcome() == o).count());
        }
        long answered = records.stream().filter(r -> r.outcome() != Outcome.PROXY_FAILURE).count();
        assertThat(stats.outcomes().answered()).isEqualTo(answered);
        assertThat(stats.outcomes().hardBlockRate()).isEqualTo(answered == 0 ? 0
                : (double) count(records, r -> r.outcome() == Outcome.HARD_BLOCK) / answered);
        assertThat(stats.outcomes().errors()).isEqualTo(tally(records.stream().map(RequestRecord::error)));
        assertThat(stats.outcomes().failuresByPhase()).isEqualTo(tally(records.stream().filter(r -> !r.ok())
                .map(r -> r.error() != null ? BlockClassifier.phaseOf(r.error()) : "status")));

        // Tries: a record without attempt is a first try.
        int[] attempts = records.stream().mapToInt(r -> r.attempt() == null ? 1 : r.attempt()).toArray();
        long retried = Arrays.stream(attempts).filter(a -> a > 1).count();
        assertThat(stats.outcomes().firstTries().retried()).isEqualTo(retried);
        assertThat(stats.outcomes().firstTries().retries()).isEqualTo(Arrays.stream(attempts).filter(a -> a > 1)
                .mapToLong(a -> a - 1).sum());
        assertThat(stats.outcomes().firstTries().okFirstTry())
                .isEqualTo(count(ok, r -> r.attempt() == null || r.attempt() <= 1));
        assertThat(stats.outcomes().okAfterOneRetry())
                .isEqualTo(count(ok, r -> r.attempt() == null || r.attempt() <= 2));
        assertThat(stats.outcomes().okAfterMoreRetries())
                .isEqualTo(count(ok, r -> r.attempt() != null && r.attempt() > 2));
        assertThat(stats.outcomes().firstTries().firstErrors()).isEqualTo(tally(records.stream()
                .filter(r -> r.attempt() != null && r.attempt() > 1).map(RequestRecord::firstError)));

        // Bytes: every record's, over the successes.
        List<RequestRecord> withBytes = all.stream().filter(r -> r.bytesOut() != null || r.bytesIn() != null)
                .toList();
        long wire = withBytes.stream().mapToLong(RequestRecord::wireBytes).sum();
        assertThat(stats.wire().bytes()).isEqualTo(withBytes.isEmpty() ? null : wire);
        assertThat(stats.wire().bytesPerSuccess()).isEqualTo(withBytes.isEmpty() || ok.isEmpty() ? null
                : (double) wire / ok.size());
        assertThat(stats.wire().bytesLowerBound()).isEqualTo(!withBytes.isEmpty() && all.stream().anyMatch(r ->
                "h2".equals(r.http()) || r.gatewayConnectionId() != null && r.gatewayConnectionId() > 0));

        long created = count(all, r -> Boolean.FALSE.equals(r.reused()));
        long reused = count(all, r -> Boolean.TRUE.equals(r.reused()));
        assertThat(stats.wire().handshakesPer1000()).isEqualTo(created + reused == 0 ? null
                : 1000.0 * created / (created + reused));

        // Latency: HdrHistogram's value at a percentile is the value of the sample at its rank, within 0.1%.
        for (Phase phase : Phase.values()) {
            for (Reuse[] reuses : List.of(new Reuse[0], new Reuse[] {Reuse.NEW}, new Reuse[] {Reuse.REUSED})) {
                double[] values = ok.stream().filter(r -> reuses.length == 0 || Reuse.of(r) == reuses[0])
                        .map(phase::seconds).filter(Objects::nonNull).mapToDouble(s -> s * 1000).sorted().toArray();
                Percentiles p = stats.latency().of(phase, reuses);
                if (values.length == 0) {
                    assertThat(p).isNull();
                    continue;
                }
                assertThat(p.count()).isEqualTo(values.length);
                assertThat(p.p50()).isCloseTo(atRank(values, 50), within(0.0011 * atRank(values, 50) + 0.001));
                assertThat(p.p99()).isCloseTo(atRank(values, 99), within(0.0011 * atRank(values, 99) + 0.001));
            }
        }
        assertThat(stats.timeline().maxStartLagMs())
                .isEqualTo(records.stream().mapToDouble(RequestRecord::startLag).max().orElse(0) * 1000);

        // Time: the seed's steady.py over whole seconds of done.
        assertThat(stats.timeline().steadySeconds()).containsExactly(steady(records));
        double from = 1;
        double to = 1 + steady(records).length;
        double inFlight = records.stream().filter(r -> r.done() >= 0 && r.done() < PerSecond.MAX_SECONDS)
                .mapToDouble(r -> Math.max(0, Math.min(r.done(), to) - Math.max(r.sched(), from))).sum();
        assertThat(stats.timeline().steadyInFlightSeconds()).isCloseTo(inFlight, within(1e-9 * Math.max(1, inFlight)));
        double first = records.stream().mapToDouble(RequestRecord::sched).min().orElse(0);
        double last = records.stream().mapToDouble(RequestRecord::sched).max().orElse(0);
        assertThat(stats.timeline().scheduledPerSecond()).isEqualTo(records.size() < 2 || !(last > first) ? null
                : (records.size() - 1) / (last - first));
        Map<Long, long[]> windows = new TreeMap<>();
        for (RequestRecord r : records) {
            if (r.done() >= 0) {
                long[] w = windows.computeIfAbsent((long) Math.floor(r.done() / 5) * 5, k -> new long[4]);
                w[0]++;
                w[1] += r.outcome() == Outcome.PROXY_FAILURE ? 1 : 0;
                w[2] += r.outcome() == Outcome.HARD_BLOCK ? 1 : 0;
                w[3] += r.outcome() == Outcome.SOFT_BLOCK ? 1 : 0;
            }
        }
        assertThat(stats.timeline().blockWindows(5)).isEqualTo(windows.entrySet().stream().collect(Collectors.toMap(
                Map.Entry::getKey, e -> new BlockCount(e.getValue()[0], e.getValue()[1], e.getValue()[2],
                        e.getValue()[3]), (a, b) -> a, TreeMap::new)));

        // Exits of the successes; block tallies of every record with an exit IP.
        Set<String> ips = ok.stream().map(RequestRecord::ip).filter(Objects::nonNull).collect(Collectors.toSet());
        assertThat(stats.exits().ips()).isEqualTo(ips);
        assertThat(stats.exits().uniqueIps()).isEqualTo(ips.size());
        assertThat(stats.exits().uniqueSubnets()).isEqualTo((int) ips.stream().filter(ip -> ip.startsWith("127."))
                .map(ip -> ip.substring(0, ip.lastIndexOf('.'))).distinct().count());
        assertThat(stats.exits().okPerCountry().stream().collect(Collectors.toMap(t -> t.key(), t -> t.count())))
                .isEqualTo(tally(ok.stream().map(RequestRecord::loc)));
        assertThat(stats.exits().ipsIn("us")).isEqualTo((int) ok.stream().filter(r -> "US".equals(r.loc()))
                .map(RequestRecord::ip).filter(Objects::nonNull).distinct().count());
        Map<String, Long> perIp = tally(ok.stream().map(RequestRecord::ip));
        long withIp = perIp.values().stream().mapToLong(Long::longValue).sum();
        assertThat(stats.exits().topShare()).isEqualTo(withIp == 0 ? 0
                : (double) perIp.values().stream().mapToLong(Long::longValue).max().orElse(0) / withIp);
        SortedMap<String, BlockCount> blockExits = new TreeMap<>();
        for (RequestRecord r : records) {
            if (r.ip() != null) {
                BlockCount one = new BlockCount(1, r.outcome() == Outcome.PROXY_FAILURE ? 1 : 0,
                        r.outcome() == Outcome.HARD_BLOCK ? 1 : 0, r.outcome() == Outcome.SOFT_BLOCK ? 1 : 0);
                blockExits.merge(r.ip(), one, BlockCount::plus);
            }
        }
        assertThat(stats.exits().blocks()).isEqualTo(blockExits);

        // Sessions: judged with at least two successes that named an exit; kept when they all named one.
        Map<String, List<String>> sessionIps = new HashMap<>();
        ok.stream().filter(r -> r.session() != null && r.ip() != null)
                .forEach(r -> sessionIps.computeIfAbsent(r.session(), k -> new ArrayList<>()).add(r.ip()));
        assertThat(stats.exits().judgedSessions())
                .isEqualTo(sessionIps.values().stream().filter(l -> l.size() >= 2).count());
        assertThat(stats.exits().stickySessionsKept()).isEqualTo(sessionIps.values().stream()
                .filter(l -> l.size() >= 2 && new HashSet<>(l).size() == 1).count());

        // Tunnels on HTTP/2 connections to the proxy.
        Set<Long> gateways = new HashSet<>();
        Set<Long> streams = new HashSet<>();
        Set<Long> sockets = new HashSet<>();
        for (RequestRecord r : records) {
            if (r.gatewayConnectionId() != null && r.gatewayConnectionId() > 0) {
                gateways.add(r.gatewayConnectionId());
            }
            if (r.gatewayConnectionId() != null && r.conn() != null) {
                (r.gatewayConnectionId() > 0 ? streams : sockets).add(r.conn());
            }
        }
        assertThat(stats.wire().gatewayUse()).isEqualTo(gateways.isEmpty() ? java.util.Optional.empty()
                : java.util.Optional.of(new GatewayUse(gateways.size(), streams.size(),
                        (double) streams.size() / gateways.size(), sockets.size())));
        assertThat(stats.wire().http2ToProxy()).isEqualTo(!gateways.isEmpty() ? Boolean.TRUE
                : records.stream().anyMatch(r -> r.gatewayConnectionId() != null) ? Boolean.FALSE : null);
    }

    /** The seed's steady.py: successes per whole second of done, from second 1 to before the 90% second. */
    private static long[] steady(List<RequestRecord> records) {
        TreeMap<Long, Long> perSecond = new TreeMap<>();
        long successes = 0;
        for (RequestRecord r : records) {
            if (r.ok() && r.done() >= 0) {
                perSecond.merge((long) r.done(), 1L, Long::sum);
                successes++;
            }
        }
        if (successes == 0) {
            return new long[0];
        }
        long end = perSecond.lastKey();
        long cumulative = 0;
        for (Map.Entry<Long, Long> e : perSecond.entrySet()) {
            cumulative += e.getValue();
            if (cumulative >= 0.9 * successes) {
                end = e.getKey();
                break;
            }
        }
        long[] window = new long[(int) Math.max(0, end - 1)];
        for (long s = 1; s < end; s++) {
            window[(int) (s - 1)] = perSecond.getOrDefault(s, 0L);
        }
        return window;
    }

    /** The value at HdrHistogram's rank for {@code p}: the smallest with at least p% of the values at or below it. */
    private static double atRank(double[] sorted, double p) {
        int rank = (int) Math.max(1, Math.ceil(p / 100 * sorted.length));
        return sorted[rank - 1];
    }

    private static long count(List<RequestRecord> records, Predicate<RequestRecord> which) {
        return records.stream().filter(which).count();
    }

    private static <K> Map<K, Long> tally(java.util.stream.Stream<K> keys) {
        Map<K, Long> counts = new TreeMap<>(Comparator.comparing(Object::toString));
        keys.filter(Objects::nonNull).forEach(k -> counts.merge(k, 1L, Long::sum));
        return counts;
    }

    /** Every figure of {@code s}, for comparing two statistics as a whole. */
    private static Map<String, Object> figures(RunStatistics s) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("records", s.records());
        f.put("ok", s.ok());
        f.put("outcomes", s.outcomes().counts());
        f.put("errors", s.outcomes().errors());
        f.put("statuses", s.outcomes().statuses());
        f.put("failures", s.outcomes().failuresByPhase());
        f.put("firstTries", s.outcomes().firstTries());
        f.put("okAfterOneRetry", s.outcomes().okAfterOneRetry());
        f.put("wire", s.wire().bytes());
        f.put("handshakeBytes", s.wire().handshakeBytes());
        f.put("bytesPerSuccess", s.wire().bytesPerSuccess());
        f.put("lowerBound", s.wire().bytesLowerBound());
        f.put("handshakes", s.wire().handshakesPer1000());
        f.put("phases", s.latency().phases());
        for (Reuse reuse : Reuse.values()) {
            f.put("total " + reuse, s.latency().of(Phase.TOTAL, reuse));
        }
        f.put("lagWarm", s.timeline().startLagP99Ms(true));
        f.put("lagAll", s.timeline().startLagP99Ms(false));
        f.put("maxLag", s.timeline().maxStartLagMs());
        f.put("body", s.outcomes().medianBodyBytes());
        f.put("steady", Arrays.stream(s.timeline().steadySeconds()).boxed().toList());
        f.put("inFlight", s.timeline().steadyInFlightSeconds());
        f.put("scheduled", s.timeline().scheduledPerSecond());
        f.put("windows", s.timeline().blockWindows(7));
        f.put("exits", new TreeMap<>(s.exits().blocks()));
        f.put("ips", new TreeMap<>(s.exits().ipsPer(true)));
        f.put("countries", new TreeMap<>(s.exits().ipsPer(false)));
        f.put("okPerCountry", s.exits().okPerCountry());
        f.put("top", s.exits().topShare());
        f.put("judged", s.exits().judgedSessions());
        f.put("kept", s.exits().stickySessionsKept());
        f.put("gateway", s.wire().gatewayUse());
        f.put("http2", s.wire().http2ToProxy());
        f.put("outside", s.timeline().outsideSeconds());
        return f;
    }
}
