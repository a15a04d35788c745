package io.proxybench.recorder.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.records.Phase;
import io.proxybench.records.RequestRecord;
import java.io.IOException;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ObservationTest {

    @TempDir
    Path dir;

    @Test
    void whatWasNotSeenIsAbsentNotZero() throws IOException {
        try (FakeRecorder fake = new FakeRecorder(dir.resolve("r.jsonl"))) {
            fake.advanceMillis(1500);
            Observation call = fake.recorder.start();
            fake.advanceMillis(250);
            call.end();

            RequestRecord r = fake.records().get(0);
            assertThat(r.sched()).isEqualTo(1.5);
            assertThat(r.done()).isEqualTo(1.75);
            assertThat(r.total()).isEqualTo(0.25);
            assertThat(r.startLag()).isZero();
            assertThat(new Object[] {r.queue(), r.dns(), r.tcp(), r.proxyTls(), r.socks(), r.connect(), r.tls(),
                r.request(), r.status(), r.ip(), r.loc(), r.error(), r.outcome(), r.reused(), r.conn(), r.session(),
                r.attempt(), r.bytesOut(), r.bytesIn(), r.handshakeBytes(), r.bodyLen(), r.challenge(), r.http(),
                r.body(), r.closed(), r.scheme(), r.gatewayConnectionId(), r.segment()}).containsOnlyNulls();
            String line = Files.readString(fake.file, StandardCharsets.UTF_8).strip();
            assertThat(line).isEqualTo("{\"sched\":1.5,\"done\":1.75,\"start_lag\":0.0,\"total\":0.25}");
        }
    }

    @Test
    void phasesAreTimedFromStartToEndAndAddUpAcrossSpans() throws IOException {
        try (FakeRecorder fake = new FakeRecorder(dir.resolve("r.jsonl"))) {
            Observation call = fake.recorder.start();
            call.start(Phase.TCP);
            fake.advanceMillis(10);
            call.end(Phase.TCP);
            call.start(Phase.TLS);
            fake.advanceMillis(20);
            call.end(Phase.TLS);
            call.start(Phase.REQUEST);
            fake.advanceMillis(5);
            call.end(Phase.REQUEST);
            call.start(Phase.REQUEST);
            fake.advanceMillis(7);
            call.end(Phase.REQUEST);
            call.end(Phase.CONNECT);
            call.add(Phase.DNS, 3_000_000);
            call.end();

            RequestRecord r = fake.records().get(0);
            assertThat(r.tcp()).isEqualTo(0.010);
            assertThat(r.tls()).isEqualTo(0.020);
            assertThat(r.request()).isEqualTo(0.012);
            assertThat(r.dns()).isEqualTo(0.003);
            assertThat(r.connect()).as("ended without a start").isNull();
            assertThat(r.total()).isEqualTo(0.042);
        }
    }

    @Test
    void aFailureIsLabelledWithThePhaseOpenWhenItHappened() throws IOException {
        try (FakeRecorder fake = new FakeRecorder(dir.resolve("r.jsonl"))) {
            Observation tls = fake.recorder.start();
            tls.start(Phase.TCP);
            tls.end(Phase.TCP);
            tls.start(Phase.TLS);
            tls.fail(new SSLHandshakeException("bad certificate"));
            Observation none = fake.recorder.start();
            none.fail(new ConnectException("refused"));
            Observation refused = fake.recorder.start();
            refused.fail(ErrorLabel.of(Phase.CONNECT, 407));

            assertThat(fake.records()).extracting(RequestRecord::error)
                    .containsExactly("tls_SSLHandshakeException", "total_ConnectException", "connect_407");
            assertThat(fake.records()).extracting(RequestRecord::tls).containsOnlyNulls();
        }
    }

    @Test
    void theRecordWaitsForTheBodyAndTheFirstEndStands() throws IOException {
        try (FakeRecorder fake = new FakeRecorder(dir.resolve("r.jsonl"))) {
            Observation call = fake.recorder.start();
            call.hold();
            call.response(200, "h2", false);
            fake.advanceMillis(10);
            call.end();
            call.fail(new IOException("late"));
            assertThat(fake.records()).as("written before the body was released").isEmpty();

            byte[] trace = "fl=x\nip=127.1.2.3\nloc=DE\nconn=7\n".getBytes(StandardCharsets.UTF_8);
            call.body().add(trace, 0, trace.length);
            fake.advanceMillis(5);
            call.release();
            call.end();

            assertThat(fake.records()).hasSize(1);
            RequestRecord r = fake.records().get(0);
            assertThat(r.total()).as("until the body was released").isEqualTo(0.015);
            assertThat(r.error()).isNull();
            assertThat(r.ip()).isEqualTo("127.1.2.3");
            assertThat(r.loc()).isEqualTo("DE");
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.http()).isEqualTo("h2");
            assertThat(r.challenge()).as("absent unless it was one").isNull();
        }
    }

    @Test
    void connectionsAreNumberedPerFileAndReuseIsAnEarlierCallOnTheSameConnection() throws IOException {
        try (FakeRecorder fake = new FakeRecorder(dir.resolve("r.jsonl"))) {
            Object first = new Object();
            Object second = new Object();
            for (Object connection : new Object[] {first, first, second, first}) {
                Observation call = fake.recorder.start();
                call.connection(fake.recorder.connections().see(connection));
                call.end();
            }
            assertThat(fake.records()).extracting(RequestRecord::conn).containsExactly(1L, 1L, 2L, 1L);
            assertThat(fake.records()).extracting(RequestRecord::reused).containsExactly(false, true, false, true);
            assertThat(fake.recorder.connections().next()).isEqualTo(3);
        }
    }
}
