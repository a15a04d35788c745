package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.records.JsonlReader;
import io.proxybench.records.RequestRecord;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code proxybench merge}: shards of one run become one records file and one interval log, or a named error. */
class MergeCommandTest {

    private static final String ZERO = """
            {"sched":0.0,"done":0.1,"start_lag":0.0,"total":0.1,"status":200,"outcome":"data","segment":"0:1/2 of 0,1/2,1"}
            """;
    private static final String ONE = """
            {"sched":0.05,"done":0.15,"start_lag":0.0,"total":0.1,"status":200,"outcome":"data","segment":"1/2:1 of 0,1/2,1"}
            """;

    @TempDir
    static Path home;

    static Lab lab;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(LabConfig.builder().home(home).build());
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    private static Path shard(String name, int index) {
        Path out = home.resolve(name);
        MainTest.Run r = MainTest.run("run", "--url", "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace",
                "--proxy", "http://u:p@127.0.0.1:" + lab.gatewayPort(), "--ca", lab.caFile().toString(),
                "--rate", "40", "--duration", "1s", "--shard", index + "/2", "--out", out.toString(), "--no-progress");
        assertThat(r.exitCode()).as(r.err()).isZero();
        return out;
    }

    private static Path file(String name, String text) throws Exception {
        Path p = home.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void twoShardsBecomeOneRunInScheduleOrderWithOneIntervalLog() throws Exception {
        Path a = shard("a.jsonl", 0);
        Path b = shard("b.jsonl", 1);
        Path merged = home.resolve("merged.jsonl");

        MainTest.Run r = MainTest.run("merge", b.toString(), a.toString(), "--out", merged.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("merged 40 records of 2 segments into " + merged)
                .contains("merged 2 interval logs into " + merged + ".hlog").contains("s apart");
        List<RequestRecord> records = JsonlReader.read(merged);
        List<RequestRecord> both = new ArrayList<>(JsonlReader.read(a));
        both.addAll(JsonlReader.read(b));
        both.sort(Comparator.comparingDouble(RequestRecord::sched));
        assertThat(records).isEqualTo(both);
        assertThat(records).extracting(RequestRecord::sched).isSorted();

        String log = Files.readString(Path.of(merged + ".hlog"));
        assertThat(log).contains("#segment 0:1/2 of 0,1/2,1\n#segment 1/2:1 of 0,1/2,1\n");
        long totals = 0;
        HistogramLogReader reader = new HistogramLogReader(Path.of(merged + ".hlog").toFile());
        for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
            totals += "total".equals(h.getTag()) ? ((org.HdrHistogram.Histogram) h).getTotalCount() : 0;
        }
        reader.close();
        assertThat(totals).as("every success's total latency, once").isEqualTo(records.stream()
                .filter(RequestRecord::ok).count());

        MainTest.Run analyzed = MainTest.run("analyze", merged.toString());
        assertThat(analyzed.exitCode()).as(analyzed.err()).isZero();
        assertThat(analyzed.out()).contains("40 records");
        MainTest.Run twice = MainTest.run("analyze", merged.toString(), a.toString());
        assertThat(twice.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(twice.err()).contains("segment 0:1/2 of 0,1/2,1 is in both " + merged + " and " + a);
    }

    /** A file left from another run is refused by its interval log: another segment, or another --start-at. */
    @Test
    void filesOfAnotherRunAreRefusedByTheirIntervalLogs() throws Exception {
        Path a = shard("x.jsonl", 0);
        Path b = shard("y.jsonl", 1);
        Path aLog = Path.of(a + ".hlog");
        Path bLog = Path.of(b + ".hlog");
        String bText = Files.readString(bLog);
        Path out = home.resolve("xy.jsonl");

        Files.copy(aLog, bLog, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        MainTest.Run r = MainTest.run("merge", a.toString(), b.toString(), "--out", out.toString());
        assertThat(r.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(r.err()).contains(bLog + " is the interval log of segment [0:1/2 of 0,1/2,1] but " + b
                + " holds [1/2:1 of 0,1/2,1]");

        Files.writeString(bLog, bText.replace("#segment", "#start-at 2026-11-30T14:00:00Z\n#segment"));
        r = MainTest.run("merge", a.toString(), b.toString(), "--out", out.toString());
        assertThat(r.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(r.err()).contains(bLog + " waited for --start-at 2026-11-30T14:00:00Z but " + aLog
                + " for no --start-at");
        assertThat(out).as("nothing written").doesNotExist();
    }

    @Test
    void whatCannotBeMergedIsNamedWithTheFix() throws Exception {
        Path zero = file("zero.jsonl", ZERO);
        Path one = file("one.jsonl", ONE);
        Path whole = file("whole.jsonl", ZERO.replace(",\"segment\":\"0:1/2 of 0,1/2,1\"", ""));
        Path empty = file("empty.jsonl", "");
        Path half = file("half.jsonl", ZERO.replace("0:1/2 of 0,1/2,1", "half"));
        Path m = home.resolve("m.jsonl");
        String[][] cases = {
            {"merge --no-hdr-log --out " + m + " " + zero, "segment 1/2:1 of 0,1/2,1 is missing"},
            {"merge --no-hdr-log --out " + m + " " + zero + " " + one + " " + zero, "is in both"},
            {"merge --no-hdr-log --out " + m + " " + whole, "whole.jsonl names no segment: merge joins the shards"},
            {"merge --no-hdr-log --out " + m + " " + zero + " " + empty, "empty.jsonl has no records: it is empty (0 bytes)"},
            {"merge --no-hdr-log --out " + m + " " + half, "half.jsonl names segment 'half', not FROM:TO of POINTS"},
            {"merge --no-hdr-log --out " + zero + " " + zero + " " + one, "zero.jsonl is both an input and an output"},
            {"merge --out " + m + " " + zero + " " + one, "no interval log " + zero + ".hlog beside its records"},
            {"merge --no-hdr-log --hdr-log x.hlog --out " + m + " " + zero, "--hdr-log and --no-hdr-log exclude"},
        };
        for (String[] c : cases) {
            MainTest.Run r = MainTest.run(c[0].split(" "));
            assertThat(r.exitCode()).as(c[0]).isEqualTo(Main.BAD_ARGUMENTS);
            assertThat(r.err()).as(c[0]).contains(c[1]);
        }
        Path merged = home.resolve("records-only.jsonl");
        MainTest.Run r = MainTest.run("merge", "--no-hdr-log", "--out", merged.toString(), one.toString(),
                zero.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(JsonlReader.read(merged)).extracting(RequestRecord::sched).containsExactly(0.0, 0.05);
        assertThat(Path.of(merged + ".hlog")).doesNotExist();
    }

    @Test
    void aShardWhoseLastLineWasCutIsRefusedSayingHowToGoOn() throws Exception {
        Path zero = file("whole-zero.jsonl", ZERO);
        Path cut = file("cut-one.jsonl", ONE + "{\"sched\":0.07,\"do");
        Path m = home.resolve("cut-merged.jsonl");

        MainTest.Run r = MainTest.run("merge", "--no-hdr-log", "--out", m.toString(), zero.toString(), cut.toString());

        assertThat(r.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(r.err().strip().lines()).hasSize(1).first().asString()
                .contains(cut + ": its last line (line 2) was cut").contains("segment 1/2:1 of 0,1/2,1")
                .contains("run that shard again, or analyze the shards unmerged");
        assertThat(m).as("nothing written").doesNotExist();
    }
}
