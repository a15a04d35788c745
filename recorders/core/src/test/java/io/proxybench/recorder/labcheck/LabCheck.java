package io.proxybench.recorder.labcheck;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.analysis.doctor.Doctor;
import io.proxybench.analysis.doctor.DoctorReport;
import io.proxybench.analysis.doctor.Source;
import io.proxybench.analysis.stats.RecordClassifier;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.lab.Lab;
import io.proxybench.lab.gateway.GatewayCounters;
import io.proxybench.records.RecordStream;
import io.proxybench.records.RequestRecord;
import io.proxybench.recorder.core.Recorder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Runs a client through the lab's gateway to its HTTPS trace, recording into a file, and holds the file to what the
 * lab itself counted: one record per request the target served; as many records that opened their connection as
 * the gateway opened tunnels, the rest reused; each record's exit and connection as the target's trace told the
 * user's code; the file read back by the analysis module ({@code analyze}'s statistics and {@code doctor}) with the
 * lab's handshakes per 1,000; and no trace of the proxy password.
 */
public final class LabCheck {

    /** Requests per run, one after another. */
    public static final int REQUESTS = 10;

    private static final ObjectMapper JSON = new ObjectMapper();

    private LabCheck() {}

    /** What one run left: its records as read back, and the lab's counts. */
    public record Run(List<RequestRecord> records, long tunnels, long served) {}

    /** Runs {@code client} in {@code mode} and checks the file against the lab; returns the run for more checks. */
    public static Run check(RecorderLab lab, Path dir, Mode mode, ClientUnderTest client, Fields fields)
            throws Exception {
        Lab l = lab.lab();
        String session = mode == Mode.STICKY ? "rec" + UUID.randomUUID().toString().substring(0, 8) : null;
        Path file = dir.resolve(mode.name().toLowerCase() + ".jsonl");
        l.resetGatewayCounters();
        l.resetTargetStats();
        List<SeenTrace> seen = new ArrayList<>();
        Recorder fileRecorder = Recorder.open(file);
        try (Recorder recorder = fileRecorder;
                ClientUnderTest.Handle handle = client.open(recorder,
                        new ClientUnderTest.Setup(l.host(), l.gatewayPort(), RecorderLab.user(session),
                                RecorderLab.PASSWORD, lab.trust(), session, mode == Mode.KEEP_ALIVE_ZERO))) {
            for (int i = 0; i < REQUESTS; i++) {
                seen.add(SeenTrace.of(handle.get(lab.trace())));
            }
        }
        assertThat(fileRecorder.dropped()).as("records lost: written after close, i.e. after the user's call returned")
                .isZero();
        long tunnels = l.gatewayCounters().tunnels(GatewayCounters.Kind.CONNECT);
        long served = l.targetStats().requestsTotal();
        List<RequestRecord> records = read(file);

        assertThat(served).as("requests the target served").isEqualTo(REQUESTS);
        assertThat(records).as("records").hasSize(REQUESTS);
        long opened = records.stream().filter(r -> Boolean.FALSE.equals(r.reused())).count();
        long reused = records.stream().filter(r -> Boolean.TRUE.equals(r.reused())).count();
        assertThat(opened).as("records on a new connection = tunnels the gateway opened").isEqualTo(tunnels);
        assertThat(reused).as("records on a reused connection = requests served less tunnels")
                .isEqualTo(served - tunnels);
        switch (mode) {
            case KEEP_ALIVE_ZERO -> assertThat(tunnels).as("a tunnel per request").isEqualTo(REQUESTS);
            case ROTATING, STICKY -> assertThat(reused).as("requests on a kept-alive connection").isPositive();
        }

        Map<Long, String> targetConnOf = new HashMap<>();
        Map<String, Long> recordConnOf = new HashMap<>();
        for (int i = 0; i < REQUESTS; i++) {
            RequestRecord r = records.get(i);
            SeenTrace t = seen.get(i);
            String which = "record " + i + " " + r + " against trace " + t;
            assertThat(r.ip()).as(which).isEqualTo(t.ip());
            assertThat(r.loc()).as(which).isNotNull();
            assertThat(r.reused()).as(which + ": reused iff not the target connection's first request")
                    .isEqualTo(t.req() > 1);
            assertThat(targetConnOf.computeIfAbsent(r.conn(), c -> t.conn())).as(which).isEqualTo(t.conn());
            assertThat(recordConnOf.computeIfAbsent(t.conn(), c -> r.conn())).as(which).isEqualTo(r.conn());
            assertThat(r.status()).as(which).isEqualTo(200);
            assertThat(r.error()).as(which).isNull();
            assertThat(r.session()).as(which).isEqualTo(session);
            assertThat(r.startLag()).as(which).isZero();
            assertThat(r.done()).as(which).isGreaterThanOrEqualTo(r.sched());
            assertThat(r.total()).as(which).isPositive();
        }
        if (mode == Mode.STICKY) {
            assertThat(records.stream().map(RequestRecord::ip).distinct()).as("one exit for the session").hasSize(1);
        }
        checkFields(file, fields);

        RunStatistics stats = new RunStatistics();
        RecordClassifier classifier = new RecordClassifier(null);
        try (RecordStream s = RecordStream.open(file)) {
            s.forEach(r -> stats.add(classifier.classify(r)));
        }
        double per1000 = 1000.0 * tunnels / served;
        assertThat(stats.records()).isEqualTo(REQUESTS);
        assertThat(stats.ok()).isEqualTo(REQUESTS);
        assertThat(stats.wire().connectionsOpened()).isEqualTo(tunnels);
        assertThat(stats.wire().handshakesPer1000()).as("analyze's handshakes per 1,000").isEqualTo(per1000);
        DoctorReport doctor = Doctor.diagnose(List.of(new Source(file.getFileName().toString(), file)), null, null,
                Doctor.DEFAULT_MIN_PER_1000);
        assertThat(doctor.newConnections()).isEqualTo(tunnels);
        assertThat(doctor.handshakesPer1000()).as("doctor's handshakes per 1,000").isEqualTo(per1000);

        String text = Files.readString(file, StandardCharsets.UTF_8);
        String token = Base64.getEncoder().encodeToString((RecorderLab.user(session) + ":" + RecorderLab.PASSWORD)
                .getBytes(StandardCharsets.UTF_8));
        assertThat(text).as("the file").doesNotContain(RecorderLab.PASSWORD).doesNotContain(token);
        return new Run(records, tunnels, served);
    }

    /**
     * Runs {@code client} with a wrong proxy password: the gateway answers the CONNECT with 407, and the one record
     * says {@code connect_407}, with no status or exit (the target never answered) and without the password.
     */
    public static RequestRecord checkRefused(RecorderLab lab, Path dir, ClientUnderTest client) throws Exception {
        Lab l = lab.lab();
        String wrong = "wrong-" + UUID.randomUUID();
        Path file = dir.resolve("refused.jsonl");
        l.resetTargetStats();
        try (Recorder recorder = Recorder.open(file);
                ClientUnderTest.Handle handle = client.open(recorder, new ClientUnderTest.Setup(l.host(),
                        l.gatewayPort(), RecorderLab.USER, wrong, lab.trust(), null, false))) {
            handle.get(lab.trace());
        } catch (Exception refused) {
            // Some clients throw on a refused CONNECT, others return the proxy's 407: the record says which it was.
        }
        List<RequestRecord> records = read(file);
        assertThat(l.targetStats().requestsTotal()).as("requests the target served").isZero();
        assertThat(records).as("records").hasSize(1);
        RequestRecord r = records.get(0);
        assertThat(r.error()).as(r.toString()).isEqualTo("connect_407");
        assertThat(r.status()).as(r.toString()).isNull();
        assertThat(r.ip()).as(r.toString()).isNull();
        assertThat(r.reused()).as(r.toString()).isNull();
        assertThat(r.total()).as(r.toString()).isNotNull();
        String text = Files.readString(file, StandardCharsets.UTF_8);
        assertThat(text).doesNotContain(wrong).doesNotContain(Base64.getEncoder().encodeToString(
                (RecorderLab.USER + ":" + wrong).getBytes(StandardCharsets.UTF_8)));
        return r;
    }

    private static void checkFields(Path file, Fields fields) throws IOException {
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            JsonNode json = JSON.readTree(line);
            for (String f : fields.always()) {
                assertThat(json.has(f)).as(f + " in " + line).isTrue();
            }
            if (!json.path("reused").asBoolean(true)) {
                for (String f : fields.onNewConnections()) {
                    assertThat(json.has(f)).as(f + " on a new connection in " + line).isTrue();
                }
            }
            for (String f : fields.never()) {
                assertThat(json.has(f)).as(f + " (the client cannot see it) in " + line).isFalse();
            }
        }
    }

    private static List<RequestRecord> read(Path file) throws IOException {
        List<RequestRecord> out = new ArrayList<>();
        try (RecordStream s = RecordStream.open(file)) {
            s.forEach(out::add);
        }
        return out;
    }
}
