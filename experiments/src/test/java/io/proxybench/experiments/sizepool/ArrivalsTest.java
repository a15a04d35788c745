package io.proxybench.experiments.sizepool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.records.JsonlWriter;
import io.proxybench.records.RequestRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArrivalsTest {

    @TempDir
    Path dir;

    private Path write(String name, List<RequestRecord> records) throws IOException {
        Path file = dir.resolve(name);
        try (JsonlWriter out = new JsonlWriter(file)) {
            for (RequestRecord r : records) {
                out.write(r);
            }
        }
        return file;
    }

    @Test
    void aConstantStreamIsTheOpenLoopSchedule() {
        Arrivals a = Arrivals.constant(100, Duration.ofSeconds(30));

        assertThat(a.count()).isEqualTo(3000);
        assertThat(a.nanos()[1]).isEqualTo(10_000_000L);
        assertThat(a.ratePerSec()).isEqualTo(100.0);
        assertThat(a.source()).isEqualTo("constant 100/s for 30s");
    }

    @Test
    void recordsGiveTheirScheduledTimesSortedAndTheirRate() throws IOException {
        // 200 records 10 ms apart, from 1.5 s, written out of order as completions are.
        List<RequestRecord> records = IntStream.range(0, 200).map(i -> 199 - i)
                .mapToObj(i -> RequestRecord.builder(1.5 + i * 0.01, 1.6 + i * 0.01).build()).toList();

        Arrivals a = Arrivals.replay(write("r.jsonl", records));

        assertThat(a.nanos()[0]).isZero();
        assertThat(a.nanos()[199]).isEqualTo(1_990_000_000L);
        assertThat(a.ratePerSec()).isCloseTo(100, within(1e-9));
    }

    @Test
    void aReplayNeedsTwoTimes() throws IOException {
        Path one = write("one.jsonl", List.of(RequestRecord.builder(0, 1).build()));
        assertThatThrownBy(() -> Arrivals.replay(one))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one.jsonl has 1 records");
        Path burst = write("burst.jsonl", List.of(RequestRecord.builder(2, 3).build(),
                RequestRecord.builder(2, 3).build()));
        assertThatThrownBy(() -> Arrivals.replay(burst)).hasMessageContaining("all scheduled at one time");
    }

    @Test
    void aCutLastLineIsLeftOutAndTheSourceSaysSo() throws IOException {
        Path file = write("killed.jsonl", List.of(RequestRecord.builder(0, 1).build(),
                RequestRecord.builder(1, 2).build()));
        Files.writeString(file, "{\"sched\": 2, \"do", StandardCharsets.UTF_8, StandardOpenOption.APPEND);

        Arrivals a = Arrivals.replay(file);

        assertThat(a.count()).isEqualTo(2);
        assertThat(a.source()).isEqualTo("records killed.jsonl (up to line 3, cut)");
    }
}
