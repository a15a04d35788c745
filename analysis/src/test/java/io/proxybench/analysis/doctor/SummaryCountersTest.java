package io.proxybench.analysis.doctor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SummaryCountersTest {

    @TempDir
    Path dir;

    @Test
    void readsTheFiguresARunSummaryCarries() throws Exception {
        Path summary = Files.writeString(dir.resolve("s.json"), "{\"schedule\":\"constant 20/s for 2s\","
                + "\"handshakes_per_1000\":850.0,\"connections_closed\":{\"idle_timeout\":53,\"evicted\":2}}");

        SummaryCounters c = SummaryCounters.read(summary);

        assertThat(c.handshakesPer1000()).isEqualTo(850.0);
        assertThat(c.connectionsClosed()).isEqualTo(Map.of("idle_timeout", 53L, "evicted", 2L));
        assertThat(c.closed("peer_closed")).isZero();
    }

    @Test
    void todaysNameIsReadAndAFigureTheRunLeftUndefinedIsNull() throws Exception {
        Path named = Files.writeString(dir.resolve("n.json"), "{\"handshakes_per_1k\":40.0}");
        Path undefined = Files.writeString(dir.resolve("u.json"), "{\"handshakes_per_1k\":null}");

        assertThat(SummaryCounters.read(named).handshakesPer1000()).isEqualTo(40.0);
        assertThat(SummaryCounters.read(undefined).handshakesPer1000()).isNull();
    }

    @Test
    void anOlderSummaryHasNoCloseCounts() throws Exception {
        Path summary = Files.writeString(dir.resolve("s.json"), "{\"handshakes_per_1000\":12.5}");

        assertThat(SummaryCounters.read(summary).connectionsClosed()).isEmpty();
    }

    @Test
    void anythingElseIsRefusedNamingTheFile() throws Exception {
        Path records = Files.writeString(dir.resolve("r.jsonl"), "{\"sched\":0.0,\"done\":0.1}\n{\"sched\":0.1}\n");
        Path text = Files.writeString(dir.resolve("t.txt"), "rate 20/s for 2s: 40/40 ok");

        assertThatThrownBy(() -> SummaryCounters.read(records)).hasMessageContaining("r.jsonl is not a run summary");
        assertThatThrownBy(() -> SummaryCounters.read(text)).hasMessageContaining("t.txt is not JSON");
    }
}
