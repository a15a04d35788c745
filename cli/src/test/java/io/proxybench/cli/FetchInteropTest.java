package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.interop.peers.CommandResult;
import io.proxybench.lab.interop.peers.Microsocks;
import io.proxybench.lab.interop.peers.Peer;
import io.proxybench.lab.interop.peers.Squid;
import io.proxybench.lab.interop.peers.Tinyproxy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code fetch} against curl through real proxies (squid: forward for http, CONNECT for https; tinyproxy; microsocks
 * with a user name and password; the lab) to real origins (nginx with gzip and 301/302/307 redirects, a Python origin
 * for br, zstd, deflate, cookies and faulty answers): {@code fetch -L} writes byte for byte what {@code curl -L
 * --compressed} writes, the cookies each saves the other sends, and every faulty answer is one line and an exit code,
 * with no file left. A missing peer skips its case with the line that installs it, and fails it under {@code CI=true}.
 */
class FetchInteropTest {

    private static final String USER = "fetchuser";
    private static final String PASS = "fetchPW39";

    @TempDir
    static Path labHome;

    private static FetchOrigins origins;
    /** Proxies started so far, by name: their URL with credentials, and what stops them. */
    private static final Map<String, Started> proxies = new LinkedHashMap<>();

    @TempDir
    Path dir;

    private record Started(String url, AutoCloseable process) {}

    @BeforeAll
    static void startOrigins() throws IOException {
        origins = FetchOrigins.start();
    }

    @AfterAll
    static void stopAll() throws Exception {
        for (Started s : proxies.values()) {
            s.process().close();
        }
        proxies.clear();
        if (origins != null) {
            origins.close();
        }
    }

    /** The proxy named, started on first use. */
    private static String proxy(String name) throws Exception {
        Started s = proxies.get(name);
        if (s == null) {
            s = switch (name) {
                case "squid" -> {
                    Squid squid = Squid.start();
                    yield new Started(squid.url(), squid);
                }
                case "tinyproxy" -> {
                    Tinyproxy tinyproxy = Tinyproxy.start();
                    yield new Started(tinyproxy.url(), tinyproxy);
                }
                case "microsocks" -> {
                    Microsocks microsocks = Microsocks.startWithAuth(USER, PASS);
                    yield new Started("socks5h://" + USER + ":" + PASS + "@127.0.0.1:" + microsocks.port(),
                            microsocks);
                }
                case "lab" -> {
                    Lab lab = Lab.start(LabConfig.builder().home(labHome).auth(USER, PASS).build());
                    yield new Started("http://" + USER + ":" + PASS + "@127.0.0.1:" + lab.gatewayPort(), lab);
                }
                default -> throw new IllegalArgumentException("no proxy " + name);
            };
            proxies.put(name, s);
        }
        return s.url();
    }

    /** The URLs compared: each coding, a slow body, and nginx's gzip and redirect chain over http and https. */
    private static List<String> urls() {
        List<String> urls = new ArrayList<>();
        for (String coding : List.of("gzip", "deflate", "br", "zstd", "identity")) {
            urls.add(origins.python() + "/enc/" + coding + "/" + FetchOrigins.BODY_FILE);
        }
        urls.add(origins.python() + "/slow/" + FetchOrigins.BODY_FILE);
        for (String origin : List.of(origins.nginxHttp(), origins.nginxHttps())) {
            urls.add(origin + "/" + FetchOrigins.BODY_FILE);
            urls.add(origin + "/r301");
        }
        return urls;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"squid", "tinyproxy", "microsocks", "lab"})
    void fetchWritesByteForByteWhatCurlWritesForEveryCodingAndRedirectChain(String peer) throws Exception {
        String proxy = proxy(peer);
        byte[] original = Files.readAllBytes(origins.body());
        for (String url : urls()) {
            Path byCurl = dir.resolve("curl.out");
            Path byFetch = dir.resolve("fetch.out");
            CommandResult curl = curl(proxy, "-L", "--compressed", "-o", byCurl.toString(), url);
            assertThat(curl.exitCode()).as("%s via %s: %s", url, peer, curl.describe()).isZero();
            FetchRun fetch = FetchRun.of("-L", "--proxy", proxy, "--ca", origins.cert().toString(), "-o",
                    byFetch.toString(), "-w", "%{num_redirects} %{content_encoding} %{url_effective}", url);
            assertThat(fetch.exitCode()).as("%s via %s: %s", url, peer, fetch.describe()).isZero();
            assertThat(Files.readAllBytes(byFetch)).as("%s via %s: fetch -L writes what curl -L --compressed writes",
                    url, peer).isEqualTo(Files.readAllBytes(byCurl)).isEqualTo(original);
            if (url.endsWith("/r301")) {
                assertThat(fetch.out()).as(url).startsWith("3 gzip ").endsWith("/" + FetchOrigins.BODY_FILE);
            } else if (url.contains("/enc/") && !url.contains("identity")) {
                String coding = url.split("/enc/")[1].split("/")[0];
                assertThat(fetch.out()).as("%s was sent encoded, and decoded", url).startsWith("0 " + coding + " ");
            }
            assertThat(fetch.out() + fetch.err()).doesNotContain(PASS);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"squid", "tinyproxy", "microsocks", "lab"})
    void cookiesFetchSavesCurlSendsAndCookiesCurlSavesFetchSends(String peer) throws Exception {
        String proxy = proxy(peer);
        Path fetchJar = dir.resolve("fetch-jar.txt");
        Path curlJar = dir.resolve("curl-jar.txt");
        String set = origins.python() + "/set/fromfetch=f1";
        FetchRun fetchSets = FetchRun.of("--proxy", proxy, "--cookie-jar", fetchJar.toString(), "-o",
                dir.resolve("set").toString(), set);
        assertThat(fetchSets.exitCode()).as(fetchSets.describe()).isZero();
        CommandResult curlSets = curl(proxy, "-c", curlJar.toString(), "-o", dir.resolve("set2").toString(), set);
        assertThat(curlSets.exitCode()).as(curlSets.describe()).isZero();
        // tinyproxy passes one Set-Cookie of several: both clients keep what came through, the same.
        assertThat(cookies(fetchJar)).as("fetch saves what curl saves through %s", peer)
                .isEqualTo(cookies(curlJar)).contains("fromfetch=f1");

        CommandResult curlSends = curl(proxy, "-b", fetchJar.toString(), origins.python() + "/echo-cookie");
        assertThat(curlSends.exitCode()).as(curlSends.describe()).isZero();
        assertThat(curlSends.stdout()).as("what the origin received from curl -b FETCH_JAR").contains("fromfetch=f1");

        Path curlOnly = dir.resolve("curl-only.txt");
        assertThat(curl(proxy, "-c", curlOnly.toString(), "-o", dir.resolve("set3").toString(),
                origins.python() + "/set/fromcurl=c1").exitCode()).isZero();
        FetchRun fetchSends = FetchRun.of("--proxy", proxy, "-b", curlOnly.toString(),
                origins.python() + "/echo-cookie");
        assertThat(fetchSends.exitCode()).as(fetchSends.describe()).isZero();
        assertThat(fetchSends.text()).as("what the origin received from fetch -b CURL_JAR").contains("fromcurl=c1");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"squid", "lab"})
    void eachFaultyAnswerIsOneLineAndCurlsExitCodeWithNoFileLeft(String peer) throws Exception {
        String proxy = proxy(peer);
        Map<String, Object[]> faults = new LinkedHashMap<>();
        // Python origin's path (or a URL) -> exit code, what the line says, how it goes on; -L, --timeout idle=1s,
        // and --max-filesize 1K for ?big
        faults.put("/bad-location", new Object[] {3, "has port 99999, out of range", "request_BadLocation"});
        faults.put("/loop", new Object[] {47, "redirect loop", "request_RedirectLoop"});
        faults.put("/bomb", new Object[] {61, "a decompression bomb?", "--raw writes the body as received"});
        faults.put("/corrupt", new Object[] {61, "the gzip body is corrupt", "--raw writes the body as received"});
        faults.put("/stall", new Object[] {28, "the body stalled", "--timeout idle=DURATION"});
        faults.put(origins.nginxHttp() + "/" + FetchOrigins.BODY_FILE + "?big", new Object[] {63, "over --max-filesize 1024",
            "raise --max-filesize"});
        for (Map.Entry<String, Object[]> fault : faults.entrySet()) {
            Path file = dir.resolve("out.bin");
            FetchRun r = FetchRun.of("-L", "--proxy", proxy, "--timeout", "idle=1s", "--max-filesize",
                    fault.getKey().endsWith("?big") ? "1K" : "1G", "-o", file.toString(),
                    fault.getKey().startsWith("http") ? fault.getKey() : origins.python() + fault.getKey());
            Object[] expected = fault.getValue();
            assertThat(r.exitCode()).as("%s via %s: %s", fault.getKey(), peer, r.describe()).isEqualTo(expected[0]);
            assertThat(r.err()).contains((String) expected[1]).contains((String) expected[2]);
            assertThat(r.err().strip().lines()).as("one line").hasSize(1);
            assertThat(r.err()).doesNotContain(PASS);
            try (Stream<Path> left = Files.list(dir)) {
                assertThat(left).as("%s: no file, no part file", fault.getKey()).isEmpty();
            }
        }
    }

    /** The {@code name=value} of each cookie of a curl cookie file. */
    private static Set<String> cookies(Path jar) throws IOException {
        Set<String> cookies = new TreeSet<>();
        for (String line : Files.readAllLines(jar)) {
            String[] fields = line.split("\t");
            if ((!line.startsWith("#") || line.startsWith("#HttpOnly_")) && fields.length == 7) {
                cookies.add(fields[5] + "=" + fields[6]);
            }
        }
        return cookies;
    }

    /** Runs curl through {@code proxy}, trusting nginx's certificate. */
    private static CommandResult curl(String proxy, String... args) {
        List<String> command = new ArrayList<>(List.of(Peer.require("curl", "curl").toString(), "-q", "-sS",
                "--max-time", "60", "--cacert", origins.cert().toString(), "-x", proxy));
        command.addAll(List.of(args));
        return Peer.run(command, Duration.ofSeconds(90));
    }
}
