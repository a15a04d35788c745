package io.proxybench.analysis.doctor;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.records.JsonlWriter;
import io.proxybench.records.RequestRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Synthetic runs, one per cause: the doctor names that cause first, with its figures; a healthy run gets none. */
class DoctorTest {

    @TempDir
    Path dir;

    /** One request: scheduled at {@code sched}, held its connection until {@code done}. */
    private static RequestRecord.Builder request(double sched, double done, long conn, boolean reused, String session) {
        return RequestRecord.builder(sched, done).status(200).conn(conn).reused(reused).session(session)
                .scheme("http").request(done - sched);
    }

    /** {@code records} written to {@code name} in the test's directory (replacing it), as one client's source. */
    private Source source(String name, List<RequestRecord> records) throws IOException {
        Path file = dir.resolve(name);
        Files.deleteIfExists(file);
        try (JsonlWriter out = new JsonlWriter(file)) {
            for (RequestRecord r : records) {
                out.write(r);
            }
        }
        return new Source(name, file);
    }

    private DoctorReport diagnose(List<RequestRecord> records) throws IOException {
        return Doctor.diagnose(List.of(source("run.jsonl", records)), null, null, Doctor.DEFAULT_MIN_PER_1000);
    }

    private static String first(DoctorReport r) {
        assertThat(r.findings()).as(r.verdict()).isNotEmpty();
        return r.findings().get(0).cause();
    }

    @Test
    void aSessionPerRequestIsChurn() throws IOException {
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            records.add(request(i * 0.05, i * 0.05 + 0.02, i + 1, false, "r" + i).closed("keep_alive_zero").build());
        }

        DoctorReport r = diagnose(records);

        assertThat(first(r)).isEqualTo("session_churn");
        assertThat(r.handshakesPer1000()).isEqualTo(1000.0);
        assertThat(r.findings()).hasSize(1);
        assertThat(r.findings().get(0).per1000()).isEqualTo(990.0);
        assertThat(r.findings().get(0).evidence()).contains("100 sessions for 100 requests, a median 1 requests each");
        assertThat(r.findings().get(0).fix()).contains("not per request");
        assertThat(r.verdict()).startsWith("likely cause: per-request session churn");
    }

    @Test
    void aSessionFromTheClockIsChurnWithLongerSessions() throws IOException {
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            records.add(request(i * 0.01, i * 0.01 + 0.005, i / 5 + 1, i % 5 != 0, "w" + i / 5).build());
        }

        DoctorReport r = diagnose(records);

        assertThat(first(r)).isEqualTo("session_churn");
        assertThat(r.findings().get(0).count()).isEqualTo(19);
        assertThat(r.findings().get(0).fix()).contains("clock");
    }

    /**
     * Four sessions taking turns every 100 ms: each session's requests come 400 ms apart, in pairs 30 ms apart.
     * The second of a pair reuses the connection; the next pair finds it gone.
     */
    private static List<RequestRecord> pairsAfterIdleGaps() {
        List<RequestRecord> records = new ArrayList<>();
        long conn = 0;
        for (int round = 0; round < 25; round++) {
            for (int s = 0; s < 4; s++) {
                double t = round * 0.4 + s * 0.1;
                conn++;
                records.add(request(t, t + 0.02, conn, false, "s" + s).build());
                records.add(request(t + 0.05, t + 0.07, conn, true, "s" + s).build());
            }
        }
        return records;
    }

    @Test
    void connectionsGoneAfterLongIdleGapsButReusedAfterShortOnesAreTheKeepAlive() throws IOException {
        DoctorReport r = diagnose(pairsAfterIdleGaps());

        assertThat(first(r)).isEqualTo("keep_alive");
        assertThat(r.handshakesPer1000()).isEqualTo(500.0);
        assertThat(r.findings().get(0).count()).isEqualTo(96);
        assertThat(r.findings().get(0).evidence()).contains("sat idle 330 ms (median; shortest 330 ms)")
                .contains("reused after idle gaps up to 30 ms").contains("per-exit request gap");
        assertThat(r.newConnectionsBy()).containsEntry("session_start", 4).containsEntry("keep_alive", 96);
    }

    @Test
    void theConfiguredKeepAliveIsComparedWithTheGaps() throws IOException {
        DoctorReport known = Doctor.diagnose(List.of(source("run.jsonl", pairsAfterIdleGaps())), null,
                Duration.ofMillis(200), Doctor.DEFAULT_MIN_PER_1000);
        assertThat(first(known)).isEqualTo("keep_alive");
        assertThat(known.findings().get(0).evidence()).contains("the configured keep-alive is 200 ms");

        DoctorReport longer = Doctor.diagnose(List.of(source("run.jsonl", pairsAfterIdleGaps())), null,
                Duration.ofSeconds(60), Doctor.DEFAULT_MIN_PER_1000);
        assertThat(first(longer)).as("gone long before a 60 s keep-alive: lost, not expired").isEqualTo("lost");
    }

    @Test
    void theCountersTellEvictionsFromExpiry() throws IOException {
        SummaryCounters evicting = new SummaryCounters(500.0, Map.of("evicted", 96L));

        DoctorReport r = Doctor.diagnose(List.of(source("run.jsonl", pairsAfterIdleGaps())), evicting, null,
                Doctor.DEFAULT_MIN_PER_1000);

        assertThat(first(r)).isEqualTo("lost");
        assertThat(r.findings().get(0).evidence()).contains("96 evicted");
        assertThat(r.findings().get(0).fix()).contains("total cap");
        assertThat(r.counterHandshakesPer1000()).isEqualTo(500.0);
    }

    /** One sticky session, one request at a time, each on a connection closed for {@code reason}. */
    private static List<RequestRecord> closedAfterEach(String reason) {
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            records.add(request(i * 0.05, i * 0.05 + 0.02, i + 1, false, "sticky").closed(reason).build());
        }
        return records;
    }

    @Test
    void keepAliveZeroClosesEveryConnection() throws IOException {
        DoctorReport r = diagnose(closedAfterEach("keep_alive_zero"));

        assertThat(first(r)).isEqualTo("keep_alive");
        assertThat(r.findings().get(0).count()).isEqualTo(99);
        assertThat(r.findings().get(0).evidence()).contains("99 connections closed after their request because the"
                + " keep-alive is 0");
    }

    @Test
    void connectionCloseInTheRequestOrTheResponse() throws IOException {
        DoctorReport client = diagnose(closedAfterEach("client_close"));
        assertThat(first(client)).isEqualTo("connection_close");
        assertThat(client.findings().get(0).evidence()).contains("99 because the request said Connection: close");
        assertThat(client.findings().get(0).fix()).contains("drop Connection: close");

        DoctorReport server = diagnose(closedAfterEach("server_close"));
        assertThat(first(server)).isEqualTo("connection_close");
        assertThat(server.findings().get(0).fix()).contains("closes after every response");
    }

    @Test
    void requestsWaitingForTheOneConnectionTheirSessionMayHaveAreThePoolLimit() throws IOException {
        List<RequestRecord> records = new ArrayList<>();
        double free = 0;
        for (int i = 0; i < 100; i++) {
            double sched = i * 0.01; // 100/s onto one connection that serves one per 20 ms
            double start = Math.max(sched, free);
            free = start + 0.02;
            records.add(request(sched, free, 1, i > 0, "sticky").queue(start - sched).request(0.02).http("http/1.1")
                    .build());
        }

        DoctorReport r = diagnose(records);
        List<RequestRecord> h2 = records.stream().map(x -> request(x.sched(), x.done(), 1, x.reused(), "sticky")
                .queue(x.queue()).http("h2").build()).toList();
        assertThat(diagnose(h2).findings()).as("h2 waits for streams, not for a pool slot").isEmpty();

        assertThat(first(r)).isEqualTo("pool_limit");
        assertThat(r.findings()).hasSize(1);
        assertThat(r.findings().get(0).count()).isEqualTo(99);
        assertThat(r.findings().get(0).evidence()).contains("99 of 100 requests waited for a pool slot")
                .contains("against a median request of 20 ms")
                .contains("no session had more than 1 requests on its connections at once");
        assertThat(r.handshakesPer1000()).isEqualTo(10.0);
    }

    @Test
    void oneSessionThroughSocksAndHttpOpensAPoolPerScheme() throws IOException {
        List<RequestRecord> records = new ArrayList<>();
        for (int s = 0; s < 10; s++) {
            for (int i = 0; i < 10; i++) {
                double t = s * 1.0 + i * 0.05;
                boolean socks = i % 2 == 1;
                records.add(request(t, t + 0.02, 2L * s + (socks ? 2 : 1), i > 1, "s" + s)
                        .scheme(socks ? "socks5h" : "http").build());
            }
        }

        DoctorReport r = diagnose(records);

        assertThat(first(r)).isEqualTo("mixed_schemes");
        assertThat(r.findings().get(0).count()).isEqualTo(10);
        assertThat(r.findings().get(0).evidence()).contains("10 sessions were used through http and socks5h");
    }

    /** Ten sticky sessions, five requests each, one connection per session. */
    private static List<RequestRecord> tenSessions() {
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            records.add(request(i * 0.01, i * 0.01 + 0.005, i % 10 + 1, i >= 10, "s" + i % 10).build());
        }
        return records;
    }

    @Test
    void twoClientsWithTheSameSessionsOpenEachSessionTwice() throws IOException {
        DoctorReport r = Doctor.diagnose(List.of(source("a.jsonl", tenSessions()),
                source("b.jsonl", tenSessions())), null, null, Doctor.DEFAULT_MIN_PER_1000);

        assertThat(first(r)).isEqualTo("client_pools");
        assertThat(r.findings().get(0).count()).isEqualTo(10);
        assertThat(r.findings().get(0).evidence()).contains("10 connections served sessions another of the 2"
                + " record files had connections for");
        assertThat(r.notes()).noneMatch(n -> n.contains("one pool per client instance shows only"));
    }

    @Test
    void connectionsOpenedByAWarmUpCountForEveryClientButTheFirst() throws IOException {
        List<RequestRecord> warm = tenSessions().stream().map(x -> request(x.sched(), x.done(), x.conn(), true,
                x.session()).build()).toList();

        DoctorReport r = Doctor.diagnose(List.of(source("a.jsonl", warm), source("b.jsonl", warm),
                source("c.jsonl", warm)), null, null, Doctor.DEFAULT_MIN_PER_1000);

        assertThat(r.newConnections()).isZero();
        assertThat(first(r)).isEqualTo("client_pools");
        assertThat(r.findings().get(0).count()).isEqualTo(20);
        assertThat(r.findings().get(0).evidence()).contains("20 of them opened before the records begin");
    }

    @Test
    void connectionIdsOpenedTwiceInOneFileAreSeveralClients() throws IOException {
        List<RequestRecord> records = new ArrayList<>(tenSessions());
        // A second client, later, with the same sessions: its connection ids start from 1 again.
        tenSessions().forEach(x -> records.add(request(x.sched() + 1, x.done() + 1, x.conn(), x.reused(),
                x.session()).build()));

        DoctorReport r = diagnose(records);

        assertThat(first(r)).isEqualTo("client_pools");
        assertThat(r.findings()).hasSize(1);
        assertThat(r.findings().get(0).count()).isEqualTo(10);
        assertThat(r.findings().get(0).evidence()).contains("10 connection ids were opened more than once");
    }

    @Test
    void aHealthyRunHasNoFindingAndSaysWhyItsConnectionsWereNeeded() throws IOException {
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            // 10 sessions, two requests of each in flight at once: two connections per session.
            int session = i / 2 % 10;
            long conn = 2L * session + i % 2 + 1;
            double t = i / 2 * 0.01;
            records.add(request(t, t + 0.015, conn, i >= 20, "s" + session).build());
        }

        DoctorReport r = diagnose(records);

        assertThat(r.findings()).isEmpty();
        assertThat(r.handshakesPer1000()).isEqualTo(100.0);
        assertThat(r.verdict()).isEqualTo("no problem found: 100.0 handshakes per 1,000 requests (20 connections for"
                + " 200 requests: 10 first connections of sessions, 10 for requests in flight at once)");
    }

    @Test
    void recordsWithoutConnectionsSayWhatIsMissing() throws IOException {
        DoctorReport r = diagnose(List.of(RequestRecord.builder(0, 1).status(200).build()));

        assertThat(r.answered()).isZero();
        assertThat(r.notes().get(0)).contains("no record says which connection it used");
    }

    @Test
    void theReportIsTheSameWhateverTheFileOrderAndHowTheRecordsAreSorted() throws IOException {
        List<RequestRecord> records = new ArrayList<>(pairsAfterIdleGaps());
        records.addAll(closedAfterEach("client_close").stream().map(x -> request(x.sched() + 20, x.done() + 20,
                x.conn() + 1000, false, "closing").closed("client_close").build()).toList());
        DoctorReport sorted = diagnose(records);
        Collections.shuffle(records, new Random(1));

        DoctorReport spilled = Doctor.diagnose(List.of(source("run.jsonl", records)), null, null,
                Doctor.DEFAULT_MIN_PER_1000, Doctor.MAX_SESSIONS, 1024);

        assertThat(spilled).isEqualTo(sorted);
        assertThat(sorted.findings()).extracting(Finding::cause).containsExactly("connection_close", "keep_alive");
    }

    @Test
    void sessionsBeyondTheLimitAreLeftOutAndTheReportSaysSo() throws IOException {
        DoctorReport r = Doctor.diagnose(List.of(source("run.jsonl", tenSessions())), null, null,
                Doctor.DEFAULT_MIN_PER_1000, 4, 1 << 20);

        assertThat(r.records()).isEqualTo(50);
        assertThat(r.answered()).isEqualTo(20);
        assertThat(r.newConnections()).isEqualTo(4);
        assertThat(r.notes()).contains("the doctor followed the first 4 sessions (it keeps a little of each, so its"
                + " memory is bounded); 30 records of later sessions are left out of every figure");
        assertThat(r.notes()).noneMatch(n -> n.contains("had no connection"));
    }

    @Test
    void aCutLastLineIsANote() throws IOException {
        Source run = source("run.jsonl", tenSessions());
        Path file = run.parts().get(0).file();
        Files.writeString(file, "{\"sched\": 1.0, \"do", StandardOpenOption.APPEND);

        DoctorReport r = Doctor.diagnose(List.of(run), null, null, Doctor.DEFAULT_MIN_PER_1000);

        assertThat(r.records()).isEqualTo(50);
        assertThat(r.notes()).contains(file + ": the last line (line 51, 18 bytes) was cut and left out: the"
                + " file ends inside it, as when the run writing it was killed; the records before it are whole");
    }

    /**
     * A session's two connections idle; a new one is opened, so the replay takes the most recently used as gone; yet
     * that one is reused later, 1.3 s after its last request: connections do last that long.
     */
    @Test
    void aConnectionReusedAfterItWasTakenAsGoneStillCountsItsIdleGap() throws IOException {
        List<RequestRecord> records = List.of(
                request(0.0, 0.1, 1, false, "s").build(),
                request(0.05, 0.2, 2, false, "s").build(),
                request(1.0, 1.1, 3, false, "s").build(),
                request(1.5, 1.6, 2, true, "s").build());

        DoctorReport r = Doctor.diagnose(List.of(source("run.jsonl", records)), null, null, 0);

        assertThat(r.newConnectionsBy()).containsEntry("lost", 1);
        assertThat(r.findings()).filteredOn(f -> f.cause().equals("lost")).singleElement()
                .extracting(Finding::evidence).asString()
                .contains("idle only 800 ms (median); connections were reused after idle gaps up to 1.30 s");
    }
}
