package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.target.StatsSnapshot.PageCookies;
import io.proxybench.records.JsonlReader;
import io.proxybench.records.RequestRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run}'s request options, curl's and hey's names, end to end through the lab gateway: what the target's
 * {@code /anything} received is in each record's body ({@code --keep-body}).
 */
class RunRequestOptionsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

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

    /** {@code proxybench run} of 20 requests in 1 s through the lab into {@code out}, with {@code extra} options. */
    private MainTest.Run runInto(Path out, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", "--proxy", "http://u:p@127.0.0.1:" + lab.gatewayPort(),
                "--ca", lab.caFile().toString(), "--out", out.toString(), "--json", "--warmup", "none", "--rate", "20",
                "--duration", "1s"));
        args.addAll(List.of(extra));
        return MainTest.run(args.toArray(String[]::new));
    }

    private List<RequestRecord> run(String name, String... extra) throws Exception {
        Path out = home.resolve(name + ".jsonl");
        List<String> args = new ArrayList<>(List.of("--keep-body"));
        args.addAll(List.of(extra));
        MainTest.Run r = runInto(out, args.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<RequestRecord> records = JsonlReader.read(out);
        assertThat(records).hasSize(20).allMatch(rec -> Integer.valueOf(200).equals(rec.status()));
        records.sort(Comparator.comparingDouble(RequestRecord::sched));
        return records;
    }

    private String anything() {
        return "https://127.0.0.1:" + lab.targetHttpsPort() + "/anything";
    }

    private static JsonNode seen(RequestRecord record) throws Exception {
        return JSON.readTree(record.body());
    }

    @Test
    void methodHeadersBodyAndUserAgentReachTheTarget() throws Exception {
        for (RequestRecord rec : run("shape", "--url", anything(), "-X", "PUT", "-H", "X-A: 1", "-H", "X-A: 2",
                "-d", "a=b", "-A", "scraper/2.0", "--http1.1")) {
            JsonNode got = seen(rec);
            assertThat(got.path("method").asText()).isEqualTo("PUT");
            assertThat(got.path("body_bytes").asLong()).isEqualTo(3);
            assertThat(header(got, "x-a")).containsExactly("1", "2");
            assertThat(header(got, "user-agent")).containsExactly("scraper/2.0");
            assertThat(header(got, "content-type")).containsExactly("application/x-www-form-urlencoded");
            assertThat(rec.bytesOut()).as("the body counts in the bytes").isGreaterThan(3);
        }
    }

    @Test
    void aDataFileIsStreamedAndCountedInTheBytesOfEveryRequest() throws Exception {
        Path file = home.resolve("payload.bin");
        Files.write(file, new byte[3 << 20]);
        for (RequestRecord rec : run("file", "--url", anything(), "--data-file", file.toString(), "-H",
                "Content-Type: application/octet-stream")) {
            JsonNode got = seen(rec);
            assertThat(got.path("method").asText()).as("POST by default with a body").isEqualTo("POST");
            assertThat(got.path("body_bytes").asLong()).isEqualTo(3 << 20);
            assertThat(header(got, "content-type")).containsExactly("application/octet-stream");
            assertThat(rec.bytesOut()).isGreaterThanOrEqualTo(3 << 20);
        }
    }

    @Test
    void curlsAtFileFormOfDataSendsTheFilesBytes() throws Exception {
        Path file = home.resolve("form.txt");
        Files.writeString(file, "a=1&b=2\n");
        for (RequestRecord rec : run("atfile", "--url", anything(), "-d", "@" + file)) {
            JsonNode got = seen(rec);
            assertThat(got.path("method").asText()).isEqualTo("POST");
            assertThat(got.path("body_bytes").asLong()).as("the file's 8 bytes, not the text '@...'").isEqualTo(8);
        }
    }

    @Test
    void aUrlFileIsTakenInTurnOrDrawnFromTheSeed() throws Exception {
        Path urls = home.resolve("urls.txt");
        Files.writeString(urls, "# targets\n" + anything() + "/a\n\n" + anything() + "/b\n" + anything() + "/c\n");
        List<String> turn = paths(run("rotate", "--url-file", urls.toString()));
        assertThat(turn.subList(0, 6)).containsExactly("/anything/a", "/anything/b", "/anything/c", "/anything/a",
                "/anything/b", "/anything/c");
        List<String> drawn = paths(run("random1", "--url-file", urls.toString(), "--url-order", "random"));
        List<String> again = paths(run("random2", "--url-file", urls.toString(), "--url-order", "random"));
        assertThat(drawn).isEqualTo(again).isNotEqualTo(turn);
        Map<String, Long> counts = drawn.stream().collect(Collectors.groupingBy(Function.identity(),
                Collectors.counting()));
        assertThat(counts.keySet()).containsExactlyInAnyOrder("/anything/a", "/anything/b", "/anything/c");
        assertThat(paths(run("random3", "--url-file", urls.toString(), "--url-order", "random", "--seed", "9")))
                .isNotEqualTo(drawn);
    }

    @Test
    void badRequestOptionsFailOnOneLineNamingThePart() {
        String[][] cases = {
            {"--url https://x/ -H NoColonHere", "-H/--header number 1 (not shown) is not 'Name: value'"},
            {"--url https://x/ -d a --data-file " + home.resolve("x"), "-d/--data and --data-file exclude each other"},
            {"--url https://x/ --data-file " + home.resolve("none.bin"), "--data-file " + home.resolve("none.bin")
                    + " cannot be read"},
            {"--url https://x/ -d @" + home.resolve("none.txt"), "-d @" + home.resolve("none.txt") + " cannot be read"},
            {"--url-file " + home.resolve("nofile.txt"), "--url-file " + home.resolve("nofile.txt")
                    + " cannot be read"},
            {"-X GET", "no URL to request: give --url URL"},
            {"--url https://x/ --url-order sideways", "--url-order sideways is not rotate or random"},
            {"--url https://x/ -X 'GE T'", "is not an HTTP method"},
        };
        for (String[] c : cases) {
            List<String> args = new ArrayList<>(List.of("run", "--rate", "10", "--duration", "1s"));
            for (String part : c[0].split(" (?=-)")) {
                int space = part.indexOf(' ');
                args.add(space < 0 ? part : part.substring(0, space));
                if (space >= 0) {
                    args.add(part.substring(space + 1).replace("'", ""));
                }
            }
            MainTest.Run r = MainTest.run(args.toArray(String[]::new));
            assertThat(r.exitCode()).as(c[0]).isEqualTo(Main.BAD_ARGUMENTS);
            assertThat(r.err()).as(c[0]).contains(c[1]);
            assertThat(r.err().strip().lines()).as(c[0]).hasSize(1);
        }
        MainTest.Run secret = MainTest.run("run", "--url", "https://x/", "--rate", "1", "--duration", "1s", "-H",
                "Authorization Bearer hunter2");
        assertThat(secret.err()).contains("-H/--header number 1 (not shown)").doesNotContain("hunter2")
                .doesNotContain("Bearer");
    }

    private static List<String> paths(List<RequestRecord> records) throws Exception {
        List<String> paths = new ArrayList<>();
        for (RequestRecord rec : records) {
            paths.add(seen(rec).path("path").asText());
        }
        return paths;
    }

    private static List<String> header(JsonNode got, String name) {
        List<String> values = new ArrayList<>();
        got.path("headers").forEach(h -> {
            if (h.get(0).asText().equalsIgnoreCase(name)) {
                values.add(h.get(1).asText());
            }
        });
        return values;
    }

    @Test
    void eachRedirectFollowedIsARecordOfItsOwnRightBeforeItsRequests() throws Exception {
        Path out = home.resolve("hops.jsonl");
        MainTest.Run r = runInto(out, "--session-template", "{pass}_session-{id}", "--sessions", "2", "-L",
                "--url", "https://127.0.0.1:" + lab.targetHttpsPort() + "/login?to=/page/3000");
        assertThat(r.exitCode()).as(r.err()).isZero();

        List<RequestRecord> records = JsonlReader.read(out);
        assertThat(records).hasSize(40);
        Map<Double, List<Integer>> lines = new java.util.TreeMap<>();
        for (int i = 0; i < records.size(); i++) {
            lines.computeIfAbsent(records.get(i).sched(), k -> new ArrayList<>()).add(i);
        }
        assertThat(lines).as("each request's two records share its sched").hasSize(20)
                .allSatisfy((sched, at) -> assertThat(at).hasSize(2));
        for (List<Integer> at : lines.values()) {
            RequestRecord redirect = records.get(at.get(0));
            RequestRecord request = records.get(at.get(1));
            assertThat(redirect.redirect()).as("line %d, before its request's", at.get(0) + 1).isTrue();
            assertThat(redirect.status()).isEqualTo(302);
            assertThat(redirect.hop()).isEqualTo(1);
            assertThat(redirect.location()).endsWith("/page/3000");
            assertThat(redirect.total()).as("a redirect's latency is its request's").isNull();
            assertThat(redirect.outcome()).isNull();
            assertThat(redirect.bytesIn()).isPositive();
            assertThat(request.redirect()).isFalse();
            assertThat(request.status()).isEqualTo(200);
            assertThat(request.hop()).isEqualTo(2);
            assertThat(request.location()).isNull();
            assertThat(request.sched()).as("linked by its schedule").isEqualTo(redirect.sched());
            assertThat(request.session()).as("and its session (the same exit)").isEqualTo(redirect.session());
            assertThat(request.reused()).as("the redirect's connection carried the page").isTrue();
        }

        JsonNode summary = JSON.readTree(r.out());
        assertThat(summary.path("records").asLong()).as("redirects are no requests of their own").isEqualTo(20);
        assertThat(summary.path("ok").asLong()).isEqualTo(20);
        long wire = records.stream().mapToLong(RequestRecord::wireBytes).sum();
        assertThat(summary.path("bytes_per_success").asDouble()).as("every hop's bytes count")
                .isCloseTo(wire / 20.0, org.assertj.core.api.Assertions.within(0.01));
        assertThat(summary.path("notes").toString()).contains("the requests followed 20 redirects");
    }

    /** The records of a run of 20 requests in 1 s, whatever their outcome. */
    private List<RequestRecord> records(String name, String... extra) throws Exception {
        Path out = home.resolve(name + ".jsonl");
        MainTest.Run r = runInto(out, extra);
        assertThat(out).as(r.err()).exists();
        return JsonlReader.read(out);
    }

    private PageCookies pageCookiesOf(String name, String... extra) throws Exception {
        lab.resetTargetStats();
        List<String> args = new ArrayList<>(List.of("--session-template", "{pass}_session-{id}",
                "--sessions", "3", "-L", "--url",
                "https://127.0.0.1:" + lab.targetHttpsPort() + "/login?to=/page/3000"));
        args.addAll(List.of(extra));
        List<RequestRecord> records = records(name, args.toArray(String[]::new));
        assertThat(records.stream().filter(rec -> !rec.redirect())).hasSize(20).allMatch(RequestRecord::ok);
        return lab.targetStats().pageCookies();
    }

    @Test
    void eachSessionGetsItsOwnCookieBackByDefaultAndNoneWithNoCookies() throws Exception {
        assertThat(pageCookiesOf("cookies")).isEqualTo(new PageCookies(20, 0, 0));
        assertThat(pageCookiesOf("nocookies", "--no-cookies")).isEqualTo(new PageCookies(0, 20, 0));
    }

    @Test
    void disableCompressionSendsNoAcceptEncodingAndDecodesNothing() throws Exception {
        assertThat(header(seen(run("enc", "--url", anything()).get(0)), "accept-encoding")).singleElement()
                .asString().contains("gzip");
        assertThat(header(seen(run("noenc", "--url", anything(), "--disable-compression").get(0)),
                "accept-encoding")).isEmpty();
        String page = "https://127.0.0.1:" + lab.targetHttpsPort() + "/page/3000";
        RequestRecord decoded = run("gz", "--url", page).get(0);
        RequestRecord asSent = run("gzraw", "--url", page, "--disable-compression", "-H",
                "Accept-Encoding: gzip").get(0);
        assertThat(decoded.body()).hasSize(3000).startsWith("<");
        assertThat(decoded.bodyLen()).as("gzip'd on the wire").isLessThan(3000);
        assertThat(asSent.bodyLen()).isEqualTo(decoded.bodyLen());
        assertThat(asSent.body()).as("the gzip bytes, not the page").doesNotStartWith("<").isNotEqualTo(decoded.body());
    }

    @Test
    void aHeadTimeoutFailsAStalledRequestWithItsLabel() throws Exception {
        List<RequestRecord> records = records("stall", "--url", "http://127.0.0.1:" + lab.targetHttpPort()
                + "/delay/3000", "--timeout", "head=300ms");
        assertThat(records).hasSize(20).allSatisfy(rec -> {
            assertThat(rec.status()).isNull();
            assertThat(rec.error()).isEqualTo("request_HeadTimeout");
        });
    }
}
