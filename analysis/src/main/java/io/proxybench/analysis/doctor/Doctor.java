package io.proxybench.analysis.doctor;

import io.proxybench.analysis.report.Text;
import io.proxybench.records.LineSort;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongPredicate;
import java.util.function.Predicate;

/**
 * Names the likely cause of a high handshakes-per-1,000 figure from a run's records (and, when given, the client's
 * counters): every new connection is traced back to why it was opened ({@link NewConnections}), the avoidable ones
 * are grouped by {@link Cause}, and each cause that cost at least the threshold becomes a finding with its evidence
 * and fix, the costliest first. Requests that waited for a pool slot make the pool-limit finding.
 *
 * <p>The records are streamed, never held: memory grows with the run's sessions (at most {@link #MAX_SESSIONS}
 * followed; the report says when more were left out), not with its records. Medians and other percentiles come from
 * histograms, within 0.05% of the values they stand for.
 */
public final class Doctor {

    /** A cause is named when it cost at least this many new connections (or waits) per 1,000 requests. */
    public static final double DEFAULT_MIN_PER_1000 = 50;

    /** The most sessions the doctor follows; the records of later ones are left out, and the report says so. */
    public static final int MAX_SESSIONS = 200_000;

    /** A request waited for a pool slot when its {@code queue} phase is at least this long, seconds. */
    static final double QUEUED_SECONDS = 0.001;

    /**
     * With the configured keep-alive known, a connection idle this share of it is taken to have expired: the gap the
     * records show starts when the reply was recorded, a little after the pool started the idle clock.
     */
    static final double KEEP_ALIVE_SHARE = 0.9;

    private Doctor() {}

    /**
     * Diagnoses the records of {@code sources}, following at most {@link #MAX_SESSIONS} sessions and sorting in the
     * {@link LineSort#defaultBudgetBytes()}, spilled to the system's temp directory.
     *
     * @param counters the client's counters from the run's summary, or null
     * @param keepAlive the keep-alive the client was configured with, or null when unknown
     * @throws IOException if a source cannot be read or holds a malformed line (a cut last line is a note); a
     *     {@link io.proxybench.records.SpillException} if the sort cannot use the temp directory
     */
    public static DoctorReport diagnose(List<Source> sources, SummaryCounters counters, Duration keepAlive,
            double minPer1000) throws IOException {
        return diagnose(sources, counters, keepAlive, minPer1000, MAX_SESSIONS,
                LineSort.defaultBudgetBytes());
    }

    /** {@link #diagnose(List, SummaryCounters, Duration, double)} with the bounds given. */
    static DoctorReport diagnose(List<Source> sources, SummaryCounters counters, Duration keepAlive, double minPer1000,
            int maxSessions, long sortBudgetBytes) throws IOException {
        Replay replay = NewConnections.replay(sources, maxSessions, sortBudgetBytes,
                Path.of(System.getProperty("java.io.tmpdir")));
        int answered = replay.answered;
        int created = replay.created;
        LongPredicate expired = micros -> expired(micros / 1e6, counters, keepAlive, replay.maxReusedGap);
        Sample expiredGaps = replay.idleLost.where(expired);
        Sample lostGaps = replay.idleLost.where(expired.negate());

        Map<Cause, Integer> byCause = new EnumMap<>(Cause.class);
        byCause.put(Cause.SESSION_CHURN, replay.created(NewConnections.Kind.SESSION_CHURN));
        byCause.put(Cause.MIXED_SCHEMES, replay.created(NewConnections.Kind.MIXED_SCHEMES));
        byCause.put(Cause.CLIENT_POOLS, replay.created(NewConnections.Kind.CLIENT_POOLS));
        byCause.put(Cause.KEEP_ALIVE, (int) expiredGaps.count());
        byCause.put(Cause.LOST, (int) lostGaps.count());
        replay.closedBy.forEach((reason, n) -> byCause.merge(closedCause(reason), n, Integer::sum));
        byCause.values().removeIf(n -> n == 0);

        Map<String, Integer> by = new LinkedHashMap<>();
        for (NewConnections.Kind needed : List.of(NewConnections.Kind.SESSION_START, NewConnections.Kind.CONCURRENCY,
                NewConnections.Kind.FAILED)) {
            if (replay.created(needed) > 0) {
                by.put(needed.name().toLowerCase(Locale.ROOT), replay.created(needed));
            }
        }
        byCause.forEach((cause, n) -> by.put(cause.label(), n));

        Evidence e = new Evidence(sources.size(), replay, counters, keepAlive, expiredGaps, lostGaps);
        List<Finding> findings = new ArrayList<>();
        byCause.forEach((cause, n) -> findings.add(e.finding(cause, n)));
        if ((replay.reopenedIds > 0 || replay.sharedPreOpened > 0) && !byCause.containsKey(Cause.CLIENT_POOLS)) {
            findings.add(e.finding(Cause.CLIENT_POOLS, 0));
        }
        Finding queued = e.poolLimit();
        if (queued != null) {
            findings.add(queued);
        }
        findings.removeIf(f -> f.per1000() < minPer1000);
        findings.sort(Comparator.comparingDouble(Finding::per1000).reversed());

        // As run and analyze give it: undefined when no record says whether its connection was new.
        Double perThousand = answered == 0 ? null : 1000.0 * created / answered;
        String verdict = answered == 0 ? "no record says whether its connection was new or reused: nothing to"
                + " diagnose (records of a run whose requests never reached a connection, or of an older format)"
                : findings.isEmpty()
                ? String.format(Locale.ROOT, "no problem found: %.1f handshakes per 1,000 requests (%s for %s: %,d"
                        + " first connections of sessions, %,d for requests in flight at once)", perThousand,
                        Text.count(created, "connection"), Text.count(answered, "request"),
                        by.getOrDefault("session_start", 0), by.getOrDefault("concurrency", 0))
                : String.format(Locale.ROOT, "likely cause: %s (%.1f handshakes per 1,000 requests)",
                        findings.get(0).title(), perThousand);
        return new DoctorReport(sources.stream().map(Source::name).toList(), replay.records, answered, created,
                perThousand, counters == null ? null : counters.handshakesPer1000(),
                counters == null ? null : new TreeMap<>(counters.connectionsClosed()), by, findings, minPer1000,
                verdict, notes(sources.size(), replay, counters, maxSessions), null);
    }

    /** The cause a connection closed after its request for {@code reason} (its {@code closed} label) is charged to. */
    static Cause closedCause(String reason) {
        return switch (reason) {
            case "client_close", "server_close" -> Cause.CONNECTION_CLOSE;
            case "keep_alive_zero" -> Cause.KEEP_ALIVE;
            case "max_requests", "max_age" -> Cause.RETIRED;
            default -> Cause.LOST;
        };
    }

    /**
     * Whether an idle connection gone after {@code gap} seconds ran out its keep-alive rather than being evicted or
     * closed by the peer: by the configured keep-alive when known; else by the counters when they count only one
     * kind of idle close; else when the gap is longer than any after which a connection was reused.
     */
    private static boolean expired(double gap, SummaryCounters counters, Duration keepAlive, double maxReusedGap) {
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

    private static List<String> notes(int sources, Replay replay, SummaryCounters counters, int maxSessions) {
        List<String> notes = new ArrayList<>();
        int withoutConnection = replay.records - replay.answered - replay.leftOut;
        if (replay.answered + replay.leftOut == 0 && replay.records > 0) {
            notes.add("no record says which connection it used (conn, reused): these records come from a harness"
                    + " that does not (the seed's opens one connection per request by design); write them with"
                    + " proxybench run --out");
        } else if (withoutConnection > 0) {
            notes.add(withoutConnection + " records had no connection (they failed before one was open) and are"
                    + " left out of every figure");
        }
        if (replay.answered > 0 && !replay.described) {
            notes.add("no record has the closed or scheme field (direct runs, or records older than them):"
                    + " Connection: close and keep-alive 0 then look like idle connections lost, and mixed schemes"
                    + " cannot be seen");
        }
        if (sources == 1) {
            notes.add("one pool per client instance shows only across clients: give every client's records file (a"
                    + " single client's records and counters cannot show the others' connections)");
        }
        if (counters == null) {
            notes.add("idle closes (idle_timeout, evicted) happen with no request in flight, so records show them"
                    + " only as gaps; the run's summary (--summary, from proxybench run --json) counts them");
        }
        notes.addAll(replay.cutLines);
        if (replay.leftOut > 0) {
            notes.add("the doctor followed the first " + maxSessions + " sessions (it keeps a little of each, so"
                    + " its memory is bounded); " + replay.leftOut + " records of later sessions are left out of"
                    + " every figure");
        }
        if (replay.untrackedIds > 0) {
            notes.add(replay.untrackedIds + " new connections had ids of " + ConnIds.LIMIT + " or more (or"
                    + " negative), which the doctor does not track (it keeps 4 bytes per id below): they were not"
                    + " checked for ids opened twice, nor followed when reused after the records begin");
        }
        return notes;
    }

    /** Builds each finding's evidence and fix from the replay. */
    private record Evidence(int sources, Replay replay, SummaryCounters counters, Duration keepAlive,
            Sample expiredGaps, Sample lostGaps) {

        Finding finding(Cause cause, int count) {
            return switch (cause) {
                case SESSION_CHURN -> churn(count);
                case KEEP_ALIVE -> keepAlive(count);
                case CONNECTION_CLOSE -> connectionClose(count);
                case CLIENT_POOLS -> clientPools(count);
                case MIXED_SCHEMES -> mixedSchemes(count);
                case LOST -> lost(count);
                case RETIRED -> retired(count);
                case POOL_LIMIT -> throw new IllegalArgumentException("the pool limit is found from waits");
            };
        }

        private Finding churn(int count) {
            double perSession = replay.requestsPerSession.percentile(50);
            String evidence = String.format(Locale.ROOT, "%,d sessions for %,d requests, a median %s requests each;"
                    + " %,d sessions started after another had served its last request, each on a new connection"
                    + " (and a new exit)", replay.sessions, replay.answered, number(perSession), count);
            String fix = perSession <= 1
                    ? "rotate per task, worker or time window, not per request: keep one session id for all of a"
                            + " task's requests (proxybench run --rotation sticky; SessionRouter.stickyPerKey)"
                    : "use fewer, longer-lived sessions; if the id comes from a clock or counter"
                            + " (user-session-{time}), derive it from the task instead";
            return Finding.of(Cause.SESSION_CHURN, count, replay.answered, evidence, fix);
        }

        private Finding keepAlive(int count) {
            int zero = replay.closed("keep_alive_zero");
            List<String> parts = new ArrayList<>();
            if (zero > 0) {
                parts.add(zero + " connections closed after their request because the keep-alive is 0 (closed:"
                        + " keep_alive_zero)");
            }
            if (!expiredGaps.isEmpty()) {
                parts.add(String.format(Locale.ROOT, "%,d new connections were opened after the session's connection"
                        + " had sat idle %s (median; shortest %s)%s", expiredGaps.count(),
                        seconds(expiredGaps.secondsAt(50)), seconds(expiredGaps.minSeconds()), reuseBound()));
            }
            Sample gaps = replay.idleGaps;
            if (!gaps.isEmpty()) {
                parts.add("the per-exit request gap (a session idle between requests) is " + seconds(gaps.secondsAt(50))
                        + " median, " + seconds(gaps.secondsAt(90)) + " p90");
            }
            if (counters != null && counters.closed("idle_timeout") > 0) {
                parts.add("the client's counters closed " + counters.closed("idle_timeout")
                        + " idle connections (idle_timeout)");
            }
            String target = gaps.isEmpty() ? "the gap between one exit's requests"
                    : "at least " + seconds(Math.max(1.5 * gaps.secondsAt(90), 1));
            String fix = "keep idle connections as long as the per-exit gap: a keep-alive of " + target
                    + " (proxybench run --keep-alive, aiohttp keepalive_timeout, PoolLimits keepAlive), or send each"
                    + " exit's requests closer together (fewer sessions)";
            return Finding.of(Cause.KEEP_ALIVE, count, replay.answered, String.join("; ", parts), fix);
        }

        /** What the reused requests and the configured keep-alive say about how long connections stay. */
        private String reuseBound() {
            String reused = replay.maxReusedGap < 0 ? "; no connection was reused after any gap"
                    : "; connections were reused after idle gaps up to " + seconds(replay.maxReusedGap);
            return keepAlive == null ? reused
                    : reused + ", and the configured keep-alive is " + seconds(keepAlive.toNanos() / 1e9);
        }

        private Finding connectionClose(int count) {
            int client = replay.closed("client_close");
            int server = replay.closed("server_close");
            String evidence = String.format(Locale.ROOT, "%,d of %,d new connections replaced one closed right after"
                    + " its request: %,d because the request said Connection: close (closed: client_close), %,d because"
                    + " the response did (server_close)", count, replay.created, client, server);
            String fix = client >= server
                    ? "drop Connection: close from the request headers (a header template copied from a curl"
                            + " example, aiohttp force_close=True)"
                    : "the proxy or the target closes after every response: check its keep-alive (an HTTP/1.0"
                            + " forward proxy such as tinyproxy does this), or tunnel with CONNECT so that the client"
                            + " owns the connection";
            return Finding.of(Cause.CONNECTION_CLOSE, count, replay.answered, evidence, fix);
        }

        private Finding clientPools(int count) {
            List<String> parts = new ArrayList<>();
            int duplicated = count + replay.sharedPreOpened;
            if (duplicated > 0) {
                String warm = replay.sharedPreOpened == 0 ? ""
                        : " (" + replay.sharedPreOpened + " of them opened before the records begin, by a warm-up)";
                parts.add(String.format(Locale.ROOT, "%,d connections%s served sessions another of the %,d record files"
                        + " had connections for: each client's pool opens its own connections to the same exit",
                        duplicated, warm, sources));
            }
            if (replay.reopenedIds > 0) {
                parts.add(replay.reopenedIds + " connection ids were opened more than once within one file:"
                        + " several clients (each numbering its connections from 1) wrote it");
            }
            return Finding.of(Cause.CLIENT_POOLS, Math.max(duplicated, replay.reopenedIds), replay.answered,
                    String.join("; ", parts), "build one client (ClientSession, requests.Session, ProxyClient) and"
                            + " share it across tasks and workers, instead of one per task or process");
        }

        private Finding mixedSchemes(int count) {
            String evidence = String.format(Locale.ROOT, "%,d sessions were used through %s: each scheme is a pool of"
                    + " its own, so each opened its own connections to the same exit (%,d more)",
                    replay.mixedSessions.size(), String.join(" and ", replay.mixedSchemes), count);
            return Finding.of(Cause.MIXED_SCHEMES, count, replay.answered, evidence,
                    "use one proxy URL, one scheme, per exit (all socks5h:// or all http://)");
        }

        private Finding lost(int count) {
            Map<String, Integer> reasons = closeReasons(c -> c == Cause.LOST);
            List<String> parts = new ArrayList<>();
            if (!lostGaps.isEmpty()) {
                parts.add(String.format(Locale.ROOT, "%,d new connections were opened while the session had left one"
                        + " idle only %s (median)%s", lostGaps.count(), seconds(lostGaps.secondsAt(50)),
                        reuseBound()));
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
            return Finding.of(Cause.LOST, count, replay.answered, String.join("; ", parts), fix);
        }

        private Finding retired(int count) {
            return Finding.of(Cause.RETIRED, count, replay.answered, "connections closed by the client's own caps: "
                    + closeReasons(c -> c == Cause.RETIRED), "raise or remove the requests-per-connection and age caps"
                            + " (PoolLimits maxRequestsPerConnection, maxAge)");
        }

        /** New connections that replaced a closed one, by its {@code closed} label, for the labels of some causes. */
        private Map<String, Integer> closeReasons(Predicate<Cause> of) {
            Map<String, Integer> reasons = new TreeMap<>();
            replay.closedBy.forEach((reason, n) -> {
                if (of.test(closedCause(reason))) {
                    reasons.put(reason, n);
                }
            });
            return reasons;
        }

        /** Requests that waited for a pool slot, and how many connections their session held at once; or null. */
        Finding poolLimit() {
            Sample waits = replay.waits;
            if (waits.isEmpty()) {
                return null;
            }
            Sample request = replay.requestPhases;
            String evidence = String.format(Locale.ROOT, "%,d of %,d requests waited for a pool slot: %s median, %s"
                    + " p90%s; no session had more than %,d requests on its connections at once", waits.count(),
                    replay.answered, seconds(waits.secondsAt(50)), seconds(waits.secondsAt(90)),
                    request.isEmpty() ? "" : ", against a median request of " + seconds(request.secondsAt(50)),
                    replay.peakPerKey);
            return Finding.of(Cause.POOL_LIMIT, (int) waits.count(), replay.answered, evidence, "raise the per-exit"
                    + " pool limit (aiohttp limit_per_host, PoolLimits maxPerExit and maxPerKey) to the requests you"
                    + " send one exit at once, or spread them over more sessions");
        }
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
