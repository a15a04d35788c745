package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.interop.peers.Peer;
import io.proxybench.records.HdrLog;
import io.proxybench.records.JsonlReader;
import io.proxybench.records.RequestRecord;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code proxybench alternate}, in-process, on a lab that requires an account: provider {@code a} is the gateway's
 * HTTP proxy, provider {@code b} the same port's SOCKS5 (its URL in a file), in 2 s windows from a --start-at
 * time, two rounds, abba.
 * Option errors are refused before any window runs. No assertion bounds speed: the windows' grid is checked from
 * the records' scheduled times and the index's start times, which hold however loaded the machine is.
 */
class AlternateCommandTest {

    private static final String PASSWORD = "alt-s3cret-77";
    private static final Duration WINDOW = Duration.ofSeconds(2);

    @TempDir
    static Path home;

    static Lab lab;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(LabConfig.builder().home(home).auth("acct", PASSWORD).build());
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    @Test
    void eachProviderGetsItsWindowsInAbbaOrderOnTheGridAndNoCredentialIsWritten() throws Exception {
        Path dir = home.resolve("day1");
        Instant first = Instant.now().plusSeconds(2).truncatedTo(ChronoUnit.SECONDS);
        List<Path> defaultFilesBefore = defaultRecordFiles();
        MainTest.Run r = run(alternate(dir, "--window", "2s", "--rounds", "2", "--order", "abba", "--start-at",
                first.toString(), "--",
                "--url", trace(), "--ca", lab.caFile().toString(), "--rate", "10", "--no-progress"));

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(defaultRecordFiles()).as("checking the windows' options leaves no results file in the current"
                + " directory").isEqualTo(defaultFilesBefore);
        List<JsonNode> index = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("windows.jsonl"))) {
            index.add(new ObjectMapper().readTree(line));
        }
        assertThat(index).extracting(e -> e.get("label").asText()).containsExactly("a", "b", "b", "a");
        assertThat(index).extracting(e -> e.get("round").asInt()).containsExactly(1, 1, 2, 2);
        assertThat(index).extracting(e -> e.get("file").asText()).containsExactly("a/window-01.jsonl",
                "b/window-01.jsonl", "b/window-02.jsonl", "a/window-02.jsonl");
        List<Instant> starts = new ArrayList<>();
        for (JsonNode entry : index) {
            assertThat(entry.fieldNames()).toIterable().containsExactly("round", "label", "file", "started", "ended",
                    "records", "ok");
            Path file = dir.resolve(entry.get("file").asText());
            assertThat(HdrLog.besides(file)).exists();
            List<RequestRecord> records = JsonlReader.read(file);
            assertThat(records).as(file.toString()).isNotEmpty()
                    .allSatisfy(rec -> assertThat(rec.status()).as(rec.toString()).isEqualTo(200))
                    .allSatisfy(rec -> assertThat(rec.scheme()).as(rec.toString())
                            .isEqualTo(entry.get("label").asText().equals("a") ? "http" : "socks5"))
                    // A late window is cut to end with its slot, so no window's schedule runs past its 2 s.
                    .allSatisfy(rec -> assertThat(rec.sched()).as(rec.toString()).isLessThan(2.0));
            assertThat(entry.get("records").asLong()).isEqualTo(records.size());
            assertThat(entry.get("ok").asLong()).isEqualTo(records.size());
            starts.add(Instant.parse(entry.get("started").asText()));
            assertThat(Instant.parse(entry.get("ended").asText())).isAfter(starts.get(starts.size() - 1));
        }
        for (int k = 0; k < starts.size(); k++) {
            assertThat(starts.get(k)).as("window %d's start: on its slot or later", k)
                    .isAfterOrEqualTo(first.plus(WINDOW.multipliedBy(k)));
            if (k > 0) {
                assertThat(starts.get(k)).as("window %d's start: after the window before it ended", k)
                        .isAfterOrEqualTo(Instant.parse(index.get(k - 1).get("ended").asText()));
            }
        }
        assertThat(r.out()).contains("[1/4] round 1 a: ", "[2/4] round 1 b: ", "[3/4] round 2 b: ",
                "[4/4] round 2 a: ", "next: proxybench compare " + dir);
        assertThat(r.out().lines().filter(l -> l.startsWith("a ") || l.startsWith("b ")))
                .as(r.out()).hasSize(2).allSatisfy(row -> assertThat(row).contains(" 2 "));
        MainTest.Run compared = MainTest.run("compare", dir.toString(), "--json");
        assertThat(compared.exitCode()).as(compared.err()).isZero();
        JsonNode columns = new ObjectMapper().readTree(compared.out()).get("runs");
        assertThat(columns).extracting(c -> c.get("label").asText()).containsExactly("a", "b");
        for (JsonNode column : columns) {
            String label = column.get("label").asText();
            assertThat(column.get("windows").asInt()).as(label).isEqualTo(2);
            assertThat(column.get("records").asLong()).as(label).isEqualTo(index.stream()
                    .filter(e -> e.get("label").asText().equals(label))
                    .mapToLong(e -> e.get("records").asLong()).sum());
        }
        try (Stream<Path> written = Files.walk(dir)) {
            for (Path f : written.filter(Files::isRegularFile).toList()) {
                assertThat(Files.readString(f, StandardCharsets.ISO_8859_1)).as(f.toString())
                        .doesNotContain(PASSWORD);
            }
        }
        assertThat(r.out() + r.err()).doesNotContain(PASSWORD).contains("acct:****");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "-- --url https://127.0.0.1:9/ --rate 5 --out x.jsonl"
                + " | --out after -- is alternate's to set: each window writes DIR/LABEL/window-NN.jsonl",
        "-- --url https://127.0.0.1:9/ --rate 5 --proxy http://u:p@127.0.0.1:9"
                + " | --proxy after -- is alternate's to set: each window goes through its provider",
        "-- --url https://127.0.0.1:9/ --rate 5 --duration 10s"
                + " | --duration after -- is alternate's to set: each window's run lasts --window",
        "-- --url https://127.0.0.1:9/ --rate 5 --shard 0/2"
                + " | --shard after -- is alternate's to set",
        "-- --url https://127.0.0.1:9/ --rate 5 --no-records"
                + " | --no-records after -- is alternate's to set: alternate's figures and index come from each"
                + " window's records",
        "-- --url https://127.0.0.1:9/ --rate 5 --segment-sequence 0,1"
                + " | --segment-sequence after -- is alternate's to set",
        "-- --url https://127.0.0.1:9/ --rate 5 --metrics-port 0"
                + " | --metrics-port after -- is alternate's to set",
        "-- --url https://127.0.0.1:9/ --ramp 5/s:10s"
                + " | --ramp after -- sets its own length, but each window lasts --window",
        "-- --url https://127.0.0.1:9/"
                + " | give the windows' load after --: --rate PER_SECOND, or --burst SIZE --every DURATION",
        "-- --rate 5"
                + " | run options after -- with provider a: no URL to request: give --url URL",
        "-- --url https://127.0.0.1:9/ --rat 5"
                + " | run options after --: Unknown options: '--rat', '5'",
        "-- --url https://127.0.0.1:9/ --rate 5 --timeout 10x"
                + " | run options after -- with provider a: ",
        "-- --url https://127.0.0.1:9/ --rate 5 --proxy-http2"
                + " | run options after -- with provider a: --proxy-http2 needs https:// proxies",
        "--window 500ms -- --url https://127.0.0.1:9/ --rate 5"
                + " | --window 500ms is shorter than 1s",
        "--rounds 0 -- --url https://127.0.0.1:9/ --rate 5"
                + " | --rounds 0 must be at least 1",
        "--order aabb -- --url https://127.0.0.1:9/ --rate 5"
                + " | --order aabb is not abab",
        "--window 2s -- --url https://127.0.0.1:9/ --rate 5 --warmup 2s"
                + " | --warmup 2s after -- leaves less than 1s of each 2s window",
        "--start-at 2020-01-01T00:00:00Z -- --url https://127.0.0.1:9/ --rate 5"
                + " | --start-at 2020-01-01T00:00:00Z passed",
        "--rounds 1"
                + " | give the windows' run options after --, e.g. -- --url https://target/ --rate 10",
    })
    void aMistakeIsRefusedBeforeAnyWindowRuns(String args, String error) {
        Path dir = home.resolve("refused");
        List<String> all = new ArrayList<>(List.of("alternate", "--provider", "a=http://acct:" + PASSWORD
                + "@127.0.0.1:9", "--provider", "b=socks5://acct:" + PASSWORD + "@127.0.0.1:9", "--out-dir",
                dir.toString()));
        if (!args.contains("--rounds")) {
            all.addAll(List.of("--rounds", "2"));
        }
        all.addAll(List.of(args.trim().split(" +")));

        assertRefused(all, error.trim());
        assertThat(dir).doesNotExist();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--provider a=http://u:p@127.0.0.1:9"
                + " | give at least two providers to alternate",
        "--provider a=http://u:p@127.0.0.1:9 --provider a=socks5://u:p@127.0.0.1:9"
                + " | provider label 'a' is given twice; give each provider its own label",
        "--provider a/b=http://u:p@127.0.0.1:9 --provider c=socks5://u:p@127.0.0.1:9"
                + " | --provider needs LABEL=PROXY_URL with a label of letters, digits, '_', '.' and '-' only",
        "--provider ..=http://u:p@127.0.0.1:9 --provider c=socks5://u:p@127.0.0.1:9"
                + " | from a letter or digit (it names a folder beside windows.jsonl)",
        "--provider windows.jsonl=http://u:p@127.0.0.1:9 --provider c=socks5://u:p@127.0.0.1:9"
                + " | from a letter or digit (it names a folder beside windows.jsonl)",
        "--provider http://u:p@127.0.0.1:9 --provider c=socks5://u:p@127.0.0.1:9"
                + " | --provider needs LABEL=PROXY_URL, e.g. --provider a=http://user:pass@gw.example:8080",
        "--provider a=ftp://u:p@127.0.0.1:9 --provider c=socks5://u:p@127.0.0.1:9"
                + " | --provider a: ",
        "--provider a=http://u:p@127.0.0.1:9 --provider-file c=/nonexistent/proxies.txt"
                + " | --provider-file c: cannot read --proxy-file /nonexistent/proxies.txt",
    })
    void aBadProviderIsRefusedWithTheFix(String providers, String error) {
        Path dir = home.resolve("refused-providers");
        List<String> all = new ArrayList<>(List.of("alternate"));
        all.addAll(List.of(providers.trim().split(" +")));
        all.addAll(List.of("--rounds", "1", "--out-dir", dir.toString(), "--", "--url", "https://127.0.0.1:9/",
                "--rate", "5"));

        assertRefused(all, error.trim());
        assertThat(dir).doesNotExist();
    }

    @Test
    void anEarlierIndexIsKeptUnlessForced() throws Exception {
        Path dir = Files.createDirectories(home.resolve("earlier"));
        Path index = Files.writeString(dir.resolve("windows.jsonl"), "{\"round\":1}\n");

        assertRefused(alternate(dir, "--window", "1s", "--rounds", "1", "--", "--url", trace(), "--ca",
                lab.caFile().toString(), "--rate", "5", "--no-progress"), "already holds windows.jsonl from an earlier"
                + " alternate; give another --out-dir, or --force to start over in it");
        assertThat(index).hasContent("{\"round\":1}");
        assertThat(dir.resolve("a")).doesNotExist();

        MainTest.Run forced = run(alternate(dir, "--window", "1s", "--rounds", "1", "--force", "--",
                "--url", trace(), "--ca", lab.caFile().toString(), "--rate", "5", "--no-progress"));
        assertThat(forced.exitCode()).as(forced.err()).isZero();
        assertThat(Files.readAllLines(index)).hasSize(2).allSatisfy(line -> assertThat(line).contains("\"round\":1,"));
    }

    /**
     * A provider down (b's port has nothing listening): each of its windows stops once its first 20 requests failed,
     * says what failed and the fix, and the alternation goes on to the next window; it ends with exit code 0.
     */
    @Test
    void aProviderDownInAWindowIsDiagnosedAndTheAlternationGoesOn() throws Exception {
        Path dir = home.resolve("down");
        int closed = Peer.freePort();
        MainTest.Run r = run(List.of("alternate", "--provider", "a=http://acct:" + PASSWORD + "@" + lab.host() + ":"
                + lab.gatewayPort(), "--provider", "b=http://acct:" + PASSWORD + "@127.0.0.1:" + closed,
                "--out-dir", dir.toString(), "--window", "2s", "--rounds", "2", "--", "--url", trace(), "--ca",
                lab.caFile().toString(), "--rate", "20", "--no-progress"));

        assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("[4/4] round 2 ");
        assertThat(r.out().lines().filter(l -> l.startsWith("  every early request failed: nothing accepted a"
                + " connection at 127.0.0.1:" + closed))).as(r.out()).hasSize(2);
        assertThat(r.out()).doesNotContain("alternate: stopped by").doesNotContain(PASSWORD);
    }

    /** {@code alternate} with providers a (HTTP) and b (SOCKS5, from a file) on the lab's gateway, then {@code rest}. */
    private static List<String> alternate(Path dir, String... rest) throws Exception {
        Path bFile = Files.writeString(home.resolve("b-proxies.txt"), "# provider b\nsocks5://acct:" + PASSWORD + "@"
                + lab.host() + ":" + lab.gatewayPort() + "\n");
        List<String> args = new ArrayList<>(List.of("alternate", "--provider", "a=http://acct:" + PASSWORD + "@"
                + lab.host() + ":" + lab.gatewayPort(), "--provider-file", "b=" + bFile, "--out-dir", dir.toString()));
        args.addAll(List.of(rest));
        return args;
    }

    private static String trace() {
        return "https://" + lab.host() + ":" + lab.targetHttpsPort() + "/cdn-cgi/trace";
    }

    private static MainTest.Run run(List<String> args) {
        return MainTest.run(args.toArray(String[]::new));
    }

    private static void assertRefused(List<String> args, String error) {
        MainTest.Run run = run(args);

        assertThat(run.exitCode()).as(run.err()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(run.err().strip().lines()).as(run.err()).hasSize(1).first().asString().contains(error)
                .doesNotContain(PASSWORD);
        assertThat(run.out()).doesNotContain(PASSWORD);
    }

    /** run's default records files in the current directory, by name. */
    private static List<Path> defaultRecordFiles() throws java.io.IOException {
        try (java.util.stream.Stream<Path> files = Files.list(Path.of(""))) {
            return files.filter(f -> f.getFileName().toString().matches("results(-\\d+)?\\.jsonl")).sorted().toList();
        }
    }
}
