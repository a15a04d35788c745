package io.proxybench.analysis.doctor;

import io.proxybench.analysis.Percentiles;
import io.proxybench.records.RequestRecord;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Names the likely cause of a high handshakes-per-1,000 figure from a run's records (and, when given, the client's
 * counters): every new connection is traced back to why it was opened ({@link NewConnections}), the avoidable ones
 * are grouped by {@link Cause}, and each cause that cost at least the threshold becomes a finding with its evidence
 * and fix, the costliest first. Requests that waited for a pool slot make the pool-limit finding.
 */
public final class Doctor {

    /** A cause is named when it cost at least this many new connections (or waits) per 1,000 requests. */
    public static final double DEFAULT_MIN_PER_1000 = 50;

    /** A request waited for a pool slot when its {@code queue} phase is at least this long, seconds. */
    static final double QUEUED_SECONDS = 0.001;

    /**
     * With the configured keep-alive known, a connection idle this share of it is taken to have expired: the gap the
     * records show starts when the reply was recorded, a little after the pool started the idle clock.
     */
    static final double KEEP_ALIVE_SHARE = 0.9;

    private Doctor() {}

    /**
     * @param counters the client's counters from the run's summary, or null
     * @param keepAlive the keep-alive the client was configured with, or null when unknown
     */
    public static DoctorReport diagnose(List<Source> sources, RunCounters counters, Duration keepAlive,
            double minPer1000) {
        NewConnections.Replay replay = NewConnections.replay(sources);
        int records = sources.stream().mapToInt(s -> s.records().size()).sum();
        int answered = replay.answered();
        int created = replay.created().size();
        double maxReusedGap = replay.reusedIdleGaps().stream().mapToDouble(Double::doubleValue).max().orElse(-1);

        Map<Cause, List<NewConnections.Classified>> byCause = new EnumMap<>(Cause.class);
        Map<String, Integer> by = new LinkedHashMap<>();
        for (NewConnections.Classified c : replay.created()) {
            Cause cause = cause(c, counters, keepAlive, maxReusedGap);
            String label = cause == null ? c.kind().name().toLowerCase(Locale.ROOT) : cause.label();
            by.merge(label, 1, Integer::sum);
            if (cause != null) {
                byCause.computeIfAbsent(cause, k -> new ArrayList<>()).add(c);
            }
        }
        Evidence e = new Evidence(sources, replay, counters, keepAlive, answered, maxReusedGap);
        List<Finding> findings = new ArrayList<>();
        byCause.forEach((cause, list) -> findings.add(e.finding(cause, list)));
        if ((replay.reopenedIds() > 0 || replay.sharedPreOpened() > 0) && !byCause.containsKey(Cause.CLIENT_POOLS)) {
            findings.add(e.finding(Cause.CLIENT_POOLS, List.of()));
        }
        Finding queued = e.poolLimit();
        if (queued != null) {
            findings.add(queued);
        }
        findings.removeIf(f -> f.per1000() < minPer1000);
        findings.sort(Comparator.comparingDouble(Finding::per1000).reversed());

        double perThousand = answered == 0 ? 0 : 1000.0 * created / answered;
        String verdict = findings.isEmpty()
                ? String.format(Locale.ROOT, "no problem found: %.1f handshakes per 1,000 requests (%d connections for"
                        + " %d requests: %d first connections of sessions, %d for requests in flight at once)",
                        perThousand, created, answered, by.getOrDefault("session_start", 0),
                        by.getOrDefault("concurrency", 0))
                : String.format(Locale.ROOT, "likely cause: %s (%.1f handshakes per 1,000 requests)",
                        findings.get(0).title(), perThousand);
        return new DoctorReport(sources.stream().map(Source::name).toList(), records, answered, created, perThousand,
                counters == null ? null : counters.handshakesPer1000(),
                counters == null ? null : new TreeMap<>(counters.connectionsClosed()), by, findings, minPer1000,
                verdict, notes(sources, records, answered, counters));
    }

    /** The cause a new connection is charged to; null when the traffic needed it. */
    static Cause cause(NewConnections.Classified c, RunCounters counters, Duration keepAlive, double maxReusedGap) {
        return switch (c.kind()) {
            case SESSION_START, CONCURRENCY -> null;
            case SESSION_CHURN -> Cause.SESSION_CHURN;
            case MIXED_SCHEMES -> Cause.MIXED_SCHEMES;
            case CLIENT_POOLS -> Cause.CLIENT_POOLS;
            case IDLE_LOST -> expired(c.gapSeconds(), counters, keepAlive, maxReusedGap) ? Cause.KEEP_ALIVE
                    : Cause.LOST;
            case CLOSED -> switch (c.closeReason()) {
                case "client_close", "server_close" -> Cause.CONNECTION_CLOSE;
                case "keep_alive_zero" -> Cause.KEEP_ALIVE;
                case "max_requests", "max_age" -> Cause.RETIRED;
                default -> Cause.LOST;
            };
        };
    }

    /**
     * Whether an idle connection gone after {@code gap} seconds ran out its keep-alive rather than being evicted or
     * closed by the peer: by the configured keep-alive when known; else by the counters when they count only one
     * kind of idle close; else when the gap is longer than any after which a connection was reused.
     */
    private static boolean expired(double gap, RunCounters counters, Duration keepAlive, double maxReusedGap) {
        if (keepAlive != null) {
            return gap >= KEEP_ALIVE_SHARE * keepAlive.toNanos() / 1e9;
        }
        if (counters != null) {
            long idle = counters.closed("idle_timeout");
            long other = counters.closed("evicted") + counters.closed("peer_closed");
            if (idle > 0 && other == 0) {
                return true;
            }
            if (idle == 0 && other > 0) {
                return false;
            }
        }
        return gap > maxReusedGap;
    }

    private static List<String> notes(List<Source> sources, int records, int answered, RunCounters counters) {
        List<String> notes = new ArrayList<>();
        if (answered == 0 && records > 0) {
            notes.add("no record says which connection it used (conn, reused): these records come from a harness"
                    + " that does not (the seed's opens one connection per request by design); write them with"
                    + " proxybench run --out");
        } else if (records > answered) {
            notes.add((records - answered) + " records had no connection (they failed before one was open) and are"
                    + " left out of every figure");
        }
        boolean described = sources.stream().flatMap(s -> s.records().stream())
                .anyMatch(r -> r.scheme() != null || r.closed() != null);
        if (answered > 0 && !described) {
            notes.add("no record has the closed or scheme field (direct runs, or records older than them):"
                    + " Connection: close and keep-alive 0 then look like idle connections lost, and mixed schemes"
                    + " cannot be seen");
        }
        if (sources.size() == 1) {
            notes.add("one pool per client instance shows only across clients: give every client's records file (a"
                    + " single client's records and counters cannot show the others' connections)");
        }
        if (counters == null) {
            notes.add("idle closes (idle_timeout, evicted) happen with no request in flight, so records show them"
                    + " only as gaps; the run's summary (--summary, from proxybench run --json) counts them");
        }
        return notes;
    }

    /** Builds each finding's evidence and fix from the replay. */
    private record Evidence(List<Source> sources, NewConnections.Replay replay, RunCounters counters,
            Duration keepAlive, int answered, double maxReusedGap) {

        Finding finding(Cause cause, List<NewConnections.Classified> list) {
            return switch (cause) {
                case SESSION_CHURN -> churn(list);
                case KEEP_ALIVE -> keepAlive(list);
                case CONNECTION_CLOSE -> connectionClose(list);
                case CLIENT_POOLS -> clientPools(list);
                case MIXED_SCHEMES -> mixedSchemes(list);
                case LOST -> lost(list);
                case RETIRED -> retired(list);
                case POOL_LIMIT -> throw new IllegalArgumentException("the pool limit is found from waits");
            };
        }

        private Finding churn(List<NewConnections.Classified> list) {
            int sessions = replay.sessionsPerSource().values().stream().mapToInt(Integer::intValue).sum();
            double perSession = median(replay.requestsPerSession().stream().map(Integer::doubleValue).toList());
            String evidence = String.format(Locale.ROOT, "%d sessions for %d requests, a median %s requests each;"
                    + " %d sessions started after another had served its last request, each on a new connection"
                    + " (and a new exit)", sessions, answered, number(perSession), list.size());
            String fix = perSession <= 1
                    ? "rotate per task, worker or time window, not per request: keep one session id for all of a"
                            + " task's requests (proxybench run --rotation sticky; SessionRouter.stickyPerKey)"
                    : "use fewer, longer-lived sessions; if the id comes from a clock or counter"
                            + " (user-session-{time}), derive it from the task instead";
            return Finding.of(Cause.SESSION_CHURN, list.size(), answered, evidence, fix);
        }

        private Finding keepAlive(List<NewConnections.Classified> list) {
            List<Double> idle = list.stream().filter(c -> c.kind() == NewConnections.Kind.IDLE_LOST)
                    .map(NewConnections.Classified::gapSeconds).toList();
            long zero = list.size() - idle.size();
            List<String> parts = new ArrayList<>();
            if (zero > 0) {
                parts.add(zero + " connections closed after their request because the keep-alive is 0 (closed:"
                        + " keep_alive_zero)");
            }
            if (!idle.isEmpty()) {
                parts.add(String.format(Locale.ROOT, "%d new connections were opened after the session's connection"
                        + " had sat idle %s (median; shortest %s)%s", idle.size(), seconds(median(idle)),
                        seconds(idle.stream().mapToDouble(Double::doubleValue).min().orElse(0)), reuseBound()));
            }
            List<Double> gaps = replay.idleGaps().stream().filter(g -> g > 0).toList();
            if (!gaps.isEmpty()) {
                parts.add("the per-exit request gap (a session idle between requests) is " + seconds(median(gaps))
                        + " median, " + seconds(p90(gaps)) + " p90");
            }
            if (counters != null && counters.closed("idle_timeout") > 0) {
                parts.add("the client's counters closed " + counters.closed("idle_timeout")
                        + " idle connections (idle_timeout)");
            }
            String target = gaps.isEmpty() ? "the gap between one exit's requests"
                    : "at least " + seconds(Math.max(1.5 * p90(gaps), 1));
            String fix = "keep idle connections as long as the per-exit gap: a keep-alive of " + target
                    + " (proxybench run --keep-alive, aiohttp keepalive_timeout, PoolLimits keepAlive), or send each"
                    + " exit's requests closer together (fewer sessions)";
            return Finding.of(Cause.KEEP_ALIVE, list.size(), answered, String.join("; ", parts), fix);
        }

        /** What the reused requests and the configured keep-alive say about how long connections stay. */
        private String reuseBound() {
            String reused = maxReusedGap < 0 ? "; no connection was reused after any gap"
                    : "; connections were reused after idle gaps up to " + seconds(maxReusedGap);
            return keepAlive == null ? reused
                    : reused + ", and the configured keep-alive is " + seconds(keepAlive.toNanos() / 1e9);
        }

        private Finding connectionClose(List<NewConnections.Classified> list) {
            long client = list.stream().filter(c -> c.closeReason().equals("client_close")).count();
            long server = list.size() - client;
            String evidence = String.format(Locale.ROOT, "%d of %d new connections replaced one closed right after"
                    + " its request: %d because the request said Connection: close (closed: client_close), %d because"
                    + " the response did (server_close)", list.size(), replay.created().size(), client, server);
            String fix = client >= server
                    ? "drop Connection: close from the request headers (a header template copied from a curl"
                            + " example, aiohttp force_close=True)"
                    : "the proxy or the target closes after every response: check its keep-alive (an HTTP/1.0"
                            + " forward proxy such as tinyproxy does this), or tunnel with CONNECT so that the client"
                            + " owns the connection";
            return Finding.of(Cause.CONNECTION_CLOSE, list.size(), answered, evidence, fix);
        }

        private Finding clientPools(List<NewConnections.Classified> list) {
            List<String> parts = new ArrayList<>();
            int duplicated = list.size() + replay.sharedPreOpened();
            if (duplicated > 0) {
                String warm = replay.sharedPreOpened() == 0 ? ""
                        : " (" + replay.sharedPreOpened() + " of them opened before the records begin, by a warm-up)";
                parts.add(String.format(Locale.ROOT, "%d connections%s served sessions another of the %d record files"
                        + " had connections for: each client's pool opens its own connections to the same exit",
                        duplicated, warm, sources.size()));
            }
            if (replay.reopenedIds() > 0) {
                parts.add(replay.reopenedIds() + " connection ids were opened more than once within one file:"
                        + " several clients (each numbering its connections from 1) wrote it");
            }
            return Finding.of(Cause.CLIENT_POOLS, Math.max(duplicated, replay.reopenedIds()), answered,
                    String.join("; ", parts), "build one client (ClientSession, requests.Session, ProxyClient) and"
                            + " share it across tasks and workers, instead of one per task or process");
        }

        private Finding mixedSchemes(List<NewConnections.Classified> list) {
            Set<String> sessions = list.stream().map(c -> NewConnections.sessionOf(c.record()))
                    .collect(Collectors.toCollection(TreeSet::new));
            Set<String> schemes = new TreeSet<>();
            sources.stream().flatMap(s -> s.records().stream())
                    .filter(r -> sessions.contains(NewConnections.sessionOf(r)) && NewConnections.answered(r))
                    .forEach(r -> schemes.add(NewConnections.schemeOf(r)));
            String evidence = String.format(Locale.ROOT, "%d sessions were used through %s: each scheme is a pool of"
                    + " its own, so each opened its own connections to the same exit (%d more)", sessions.size(),
                    String.join(" and ", schemes), list.size());
            return Finding.of(Cause.MIXED_SCHEMES, list.size(), answered, evidence,
                    "use one proxy URL, one scheme, per exit (all socks5h:// or all http://)");
        }

        private Finding lost(List<NewConnections.Classified> list) {
            List<Double> idle = list.stream().filter(c -> c.kind() == NewConnections.Kind.IDLE_LOST)
                    .map(NewConnections.Classified::gapSeconds).toList();
            Map<String, Long> reasons = list.stream().filter(c -> c.closeReason() != null)
                    .collect(Collectors.groupingBy(NewConnections.Classified::closeReason, TreeMap::new,
                            Collectors.counting()));
            List<String> parts = new ArrayList<>();
            if (!idle.isEmpty()) {
                parts.add(String.format(Locale.ROOT, "%d new connections were opened while the session had left one"
                        + " idle only %s (median)%s", idle.size(), seconds(median(idle)), reuseBound()));
            }
            if (!reasons.isEmpty()) {
                parts.add("connections closed after their request: " + reasons);
            }
            long evicted = counters == null ? 0 : counters.closed("evicted");
            long peer = counters == null ? 0 : counters.closed("peer_closed");
            if (counters != null) {
                parts.add("the client's counters: " + evicted + " evicted, " + peer + " closed by the peer");
            }
            String fix = evicted > peer
                    ? "raise the pool's total cap above the connections the sessions keep open (PoolLimits maxTotal,"
                            + " aiohttp limit): it closes idle connections of one exit to open another's"
                    : "the gateway or target closes idle connections sooner than the next request comes: keep the"
                            + " client's keep-alive below its idle timeout, or send each exit's requests closer"
                            + " together";
            return Finding.of(Cause.LOST, list.size(), answered, String.join("; ", parts), fix);
        }

        private Finding retired(List<NewConnections.Classified> list) {
            Map<String, Long> reasons = list.stream().collect(Collectors.groupingBy(
                    NewConnections.Classified::closeReason, TreeMap::new, Collectors.counting()));
            return Finding.of(Cause.RETIRED, list.size(), answered, "connections closed by the client's own caps: "
                    + reasons, "raise or remove the requests-per-connection and age caps (PoolLimits"
                            + " maxRequestsPerConnection, maxAge)");
        }

        /** Requests that waited for a pool slot, and how many connections their session held at once; or null. */
        Finding poolLimit() {
            List<RequestRecord> answeredRecords = sources.stream().flatMap(s -> s.records().stream())
                    .filter(NewConnections::answered).toList();
            // An h2 request also waits while its session's one connection opens, for that connection's streams:
            // not a cap on connections.
            List<Double> waits = answeredRecords.stream().filter(r -> !"h2".equals(r.http()))
                    .map(RequestRecord::queue).filter(Objects::nonNull).filter(q -> q >= QUEUED_SECONDS).toList();
            if (waits.isEmpty()) {
                return null;
            }
            List<Double> request = answeredRecords.stream().map(RequestRecord::request).filter(Objects::nonNull)
                    .toList();
            String evidence = String.format(Locale.ROOT, "%d of %d requests waited for a pool slot: %s median, %s"
                    + " p90%s; no session had more than %d requests on its connections at once", waits.size(),
                    answered, seconds(median(waits)), seconds(p90(waits)),
                    request.isEmpty() ? "" : ", against a median request of " + seconds(median(request)),
                    peakPerSession());
            return Finding.of(Cause.POOL_LIMIT, waits.size(), answered, evidence, "raise the per-exit pool limit"
                    + " (aiohttp limit_per_host, PoolLimits maxPerExit and maxPerKey) to the requests you send one"
                    + " exit at once, or spread them over more sessions");
        }

        /** The most requests any (client, scheme, session) had holding connections at one time. */
        private int peakPerSession() {
            Map<String, List<double[]>> byKey = new HashMap<>();
            for (int i = 0; i < sources.size(); i++) {
                for (RequestRecord r : sources.get(i).records()) {
                    if (NewConnections.answered(r)) {
                        byKey.computeIfAbsent(i + " " + NewConnections.schemeOf(r) + " " + NewConnections.sessionOf(r),
                                k -> new ArrayList<>()).add(new double[] {NewConnections.start(r), r.done()});
                    }
                }
            }
            int peak = 0;
            for (List<double[]> spans : byKey.values()) {
                List<double[]> events = new ArrayList<>();
                spans.forEach(s -> {
                    events.add(new double[] {s[0], 1});
                    events.add(new double[] {s[1], -1});
                });
                // Ends before starts at the same time: a connection released is free for the next request.
                events.sort(Comparator.<double[]>comparingDouble(ev -> ev[0]).thenComparingDouble(ev -> ev[1]));
                int open = 0;
                for (double[] ev : events) {
                    open += (int) ev[1];
                    peak = Math.max(peak, open);
                }
            }
            return peak;
        }
    }

    static double median(List<Double> values) {
        return values.isEmpty() ? 0 : Percentiles.of(values.stream().mapToDouble(Double::doubleValue).toArray()).p50();
    }

    static double p90(List<Double> values) {
        return values.isEmpty() ? 0 : Percentiles.of(values.stream().mapToDouble(Double::doubleValue).toArray()).p90();
    }

    /** {@code 850 ms}, {@code 2.4 ms} or {@code 3.20 s}. */
    static String seconds(double s) {
        if (s >= 1) {
            return String.format(Locale.ROOT, "%.2f s", s);
        }
        return s >= 0.01 ? String.format(Locale.ROOT, "%.0f ms", s * 1000) : String.format(Locale.ROOT, "%.1f ms",
                s * 1000);
    }

    private static String number(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.format(Locale.ROOT, "%.1f", value);
    }
}
