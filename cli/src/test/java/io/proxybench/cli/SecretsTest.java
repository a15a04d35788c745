package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.util.internal.logging.InternalLoggerFactory;
import io.proxybench.analysis.read.RecordFile;
import io.proxybench.analysis.report.ReportJson;
import io.proxybench.analysis.report.RunCharts;
import io.proxybench.analysis.report.html.HtmlReport;
import io.proxybench.analysis.report.html.Section;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.Timeouts;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.faults.FaultPlan;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A proxy password never leaves the process in anything proxybench writes: {@code run}'s records, interval log,
 * summary and {@code --json}, {@code analyze} and {@code doctor} on those records, an HTML report of the run, an
 * experiment against the gateway, every log line (java.util.logging, which Netty's logger writes to here), and the
 * messages and stack traces of failed calls. The lab requires the account; runs go through every proxy scheme, with
 * the password inside session-derived credentials, and through failures: a wrong password (407), a refused
 * destination (403), a port nothing listens on, tunnels refused or reset by the lab's fault plan, a bad proxy URL and
 * a bad session parameter.
 *
 * <p>The password is looked for as written, percent-encoded as in a URL, and as the Base64 of {@code user:pass}
 * that a {@code Proxy-Authorization: Basic} header carries. The user name may appear: URLs shown to the user keep it
 * so that a reader can tell accounts apart.
 */
class SecretsTest {

    static final String USER = "acct7";
    /** Distinctive, and with an '@' so that its URL form differs from it. */
    static final String PASS = "Zx9-s3cr3t@Pw";
    static final String PASS_IN_URL = URLEncoder.encode(PASS, StandardCharsets.UTF_8);
    static final Duration FIVE_S = Duration.ofSeconds(5);

    @TempDir
    static Path home;

    static Lab lab;
    /** The same account, with a quarter of tunnels refused and a quarter reset at TLS. */
    static Lab faulty;

    /** Everything logged through java.util.logging while the tests ran, formatted with its stack trace. */
    static final StringBuffer LOGGED = new StringBuffer();
    static final Handler CAPTURE = new Handler() {
        private final SimpleFormatter format = new SimpleFormatter();

        @Override
        public void publish(LogRecord record) {
            LOGGED.append(format.format(record));
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };
    static Level rootLevel;
    static PrintStream systemOut;
    static PrintStream systemErr;
    /** What anything printed straight to System.out and System.err. */
    static final ByteArrayOutputStream PRINTED = new ByteArrayOutputStream();

    @BeforeAll
    static void start() throws Exception {
        Logger root = Logger.getLogger("");
        rootLevel = root.getLevel();
        root.setLevel(Level.ALL);
        root.addHandler(CAPTURE);
        // Netty logs through SLF4J when a provider is on the class path (the audit module's clients bring one, bound
        // to java.util.logging), else straight through java.util.logging: either way its lines must reach CAPTURE.
        InternalLoggerFactory.getInstance("io.proxybench.cli.SecretsTest").warn("logging probe");
        assertThat(LOGGED.toString()).as("Netty's log lines reach the handler that is searched for secrets")
                .contains("logging probe");
        systemOut = System.out;
        systemErr = System.err;
        System.setOut(new PrintStream(new Tee(systemOut), true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(new Tee(systemErr), true, StandardCharsets.UTF_8));
        lab = Lab.start(LabConfig.builder().home(home).auth(USER, PASS).build());
        faulty = Lab.start(LabConfig.builder().home(home).auth(USER, PASS)
                .faults(new FaultPlan(0.25, 0.25, 0, 7)).build());
    }

    @AfterAll
    static void stop() {
        if (faulty != null) {
            faulty.close();
        }
        if (lab != null) {
            lab.close();
        }
        // Restored only if start() got as far as replacing them: a failed start must not leave them null.
        if (systemOut != null) {
            System.setOut(systemOut);
            System.setErr(systemErr);
        }
        Logger root = Logger.getLogger("");
        root.removeHandler(CAPTURE);
        root.setLevel(rootLevel);
    }

    @Test
    void runAnalyzeDoctorReportsAndAnExperimentNeverShowThePassword() throws Exception {
        Path dir = Files.createDirectories(home.resolve("runs"));
        Map<String, String> outputs = new LinkedHashMap<>();
        String gw = "127.0.0.1:" + lab.gatewayPort();
        String gwTls = "127.0.0.1:" + lab.gatewayTlsPort();
        String https = "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace";
        String http = "http://127.0.0.1:" + lab.targetHttpPort() + "/cdn-cgi/trace";
        String account = USER + ":" + PASS_IN_URL;

        run(outputs, dir, "http-sticky", "--proxy", "http://" + account + "@" + gw, "--url", https, "--url", http,
                "--session-template", "{pass}_session-{id}", "--sessions", "3", "--rotation", "sticky", "--json");
        run(outputs, dir, "https-h2", "--proxy", "https://" + account + "@" + gwTls, "--url", https,
                "--proxy-http2", "--session-template", "{pass}_session-{id}", "--sessions", "3",
                "--rotation", "per-request");
        run(outputs, dir, "socks5h", "--proxy", "socks5h://" + account + "@" + gw, "--url", https,
                "--session-template", "{pass}_session-{id}", "--sessions", "2", "--rotation", "per-request", "--json");
        Path proxies = home.resolve("proxies.txt"); // an input, outside the outputs' folder
        Files.writeString(proxies, "http://" + account + "_session-fa@" + gw + "\nsocks5h://" + account + "@" + gw
                + "\n");
        run(outputs, dir, "proxy-file", "--proxy-file", proxies.toString(), "--url", https, "--json");
        for (String scheme : List.of("http", "socks5h")) {
            run(outputs, dir, scheme + "-wrong-password", "--proxy", scheme + "://" + account + "x@" + gw,
                    "--url", https, "--json");
        }
        run(outputs, dir, "https-wrong-password", "--proxy", "https://" + account + "x@" + gwTls, "--url", https);
        run(outputs, dir, "refused-destination", "--proxy", "http://" + account + "@" + gw,
                "--url", "https://10.255.255.1:443/", "--json");
        run(outputs, dir, "nothing-listens", "--proxy", "http://" + account + "@127.0.0.1:" + closedPort(),
                "--url", https, "--json");
        run(outputs, dir, "faults", "--proxy", "http://" + account + "@127.0.0.1:" + faulty.gatewayPort(),
                "--url", "https://127.0.0.1:" + faulty.targetHttpsPort() + "/cdn-cgi/trace",
                "--session-template", "{pass}_session-{id}", "--sessions", "4", "--rotation", "per-request",
                "--retries", "1", "--json");
        run(outputs, dir, "lab-rejects-session", "--proxy", "http://" + account + "@" + gw, "--url", https,
                "--session-template", "{pass}_colour-{id}", "--sessions", "1", "--warmup", "none", "--json");
        outputs.put("bad proxy URL", text(MainTest.run("run", "--proxy", "http://" + account + "@" + gw + "x",
                "--url", https, "--rate", "1", "--duration", "1s")));
        outputs.put("bad proxy URL in a file", text(runWith(dir, "bad-file", badProxyFile(dir, account, gw))));
        outputs.put("--proxy-http2 with an http:// proxy", text(runWith(dir, "not-https", "--proxy",
                "http://" + account + "@" + gw, "--url", https, "--proxy-http2")));
        outputs.put("lab --auth", text(MainTest.run("lab", "--auth", USER + ":" + PASS, "--for", "1s",
                "--home", home.toString())));
        outputs.put("lab --auth --json", text(MainTest.run("lab", "--auth", USER + ":" + PASS, "--for", "1s",
                "--json", "--home", home.toString())));

        List<String> recordFiles;
        try (Stream<Path> files = Files.list(dir)) {
            recordFiles = files.filter(f -> f.toString().endsWith(".jsonl")).map(Path::toString).sorted().toList();
        }
        List<String> analyze = new ArrayList<>(List.of("analyze"));
        analyze.addAll(recordFiles);
        outputs.put("analyze", text(MainTest.run(analyze.toArray(String[]::new))));
        analyze.add("--json");
        outputs.put("analyze --json", text(MainTest.run(analyze.toArray(String[]::new))));
        for (String records : recordFiles) {
            outputs.put("doctor " + records, text(MainTest.run("doctor", records, "--json")));
        }
        outputs.put("doctor all", text(MainTest.run(Stream.concat(Stream.of("doctor"), recordFiles.stream())
                .toArray(String[]::new))));
        writeReport(dir, outputs.get("run http-sticky"));
        outputs.put("sessions --proxy", text(MainTest.run("sessions", "--proxy", "http://" + account + "@" + gw,
                "--url", https, "--ca", lab.caFile().toString(), "--concurrency", "2", "--duration", "3s",
                "--burst-requests", "10", "--burst-tunnels", "5", "--json")));

        assertThat(outputs.get("run http-sticky")).as("the run itself worked").contains("\"ok\":");
        assertThat(outputs.get("run http-wrong-password")).contains("connect_407");
        assertThat(outputs.get("--proxy-http2 with an http:// proxy")).contains("but --proxy is http://" + USER);
        assertThat(outputs.get("lab --auth")).contains(USER + ":");
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                outputs.put("file " + dir.relativize(f), Files.readString(f, StandardCharsets.ISO_8859_1));
            }
        }
        assertThat(outputs).containsKeys("file http-sticky.jsonl", "file http-sticky.jsonl.hlog", "file index.html",
                "file results.json");
        outputs.put("log", LOGGED.toString());
        outputs.put("System.out and System.err", PRINTED.toString(StandardCharsets.UTF_8));
        assertNoSecret(outputs);
    }

    @Test
    void failedCallsNeverShowThePasswordInTheirMessagesOrStacks() throws Exception {
        Map<String, String> outputs = new LinkedHashMap<>();
        String https = "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace";
        String account = USER + ":" + PASS_IN_URL;
        Map<String, String> proxies = new LinkedHashMap<>();
        for (String scheme : List.of("http", "https", "https-h2", "socks5h")) {
            int port = scheme.startsWith("https") ? lab.gatewayTlsPort() : lab.gatewayPort();
            proxies.put(scheme + " wrong password", scheme + "://" + account + "x@127.0.0.1:" + port);
            proxies.put(scheme + " refused destination", scheme + "://" + account + "@127.0.0.1:" + port);
            proxies.put(scheme + " faults", scheme + "://" + account + "@127.0.0.1:"
                    + (scheme.startsWith("https") ? faulty.gatewayTlsPort() : faulty.gatewayPort()));
        }
        proxies.put("nothing listens", "http://" + account + "@127.0.0.1:" + closedPort());
        for (Map.Entry<String, String> p : proxies.entrySet()) {
            String url = p.getKey().contains("refused") ? "https://10.255.255.1:443/"
                    : p.getKey().contains("faults")
                            ? "https://127.0.0.1:" + faulty.targetHttpsPort() + "/cdn-cgi/trace" : https;
            ProxyClient.Builder builder = ProxyClient.builder()
                    .proxy(ProxySpec.parse(p.getValue().replace("https-h2://", "https://")))
                    .tls(TlsSettings.caFile(lab.caFile())).timeouts(Timeouts.builder().tcp(FIVE_S).tunnel(FIVE_S)
                    .tls(FIVE_S).responseHead(FIVE_S).readIdle(FIVE_S).build())
                    .sessions(SessionTemplate.parse("{pass}_session-{id}"), SessionRouter.perRequest());
            if (p.getKey().startsWith("https-h2")) {
                builder.proxyProtocol(ProxyProtocol.H2_PREFERRED);
            }
            try (ProxyClient client = builder.build()) {
                for (int i = 0; i < 8; i++) {
                    try {
                        client.send(ProxyRequest.get(url).withSessionKey("k" + i)).get(30, TimeUnit.SECONDS);
                    } catch (ExecutionException e) {
                        outputs.put(p.getKey() + " " + i, stack(e.getCause()));
                    }
                }
            }
        }
        assertThat(outputs.keySet()).as("every case failed at least once")
                .anyMatch(k -> k.startsWith("http wrong password")).anyMatch(k -> k.startsWith("socks5h refused"))
                .anyMatch(k -> k.startsWith("https faults")).anyMatch(k -> k.startsWith("https-h2 wrong password"))
                .anyMatch(k -> k.startsWith("nothing listens"));
        outputs.put("log", LOGGED.toString());
        assertNoSecret(outputs);
    }

    /** Each form the password could leak in; any of them in any output fails the test, naming the output. */
    static void assertNoSecret(Map<String, String> outputs) {
        byte[] basic = (USER + ":" + PASS).getBytes(StandardCharsets.UTF_8);
        // Base64 of user:pass as it starts any Basic header for this account, session suffixes or not: whole
        // 3-byte groups only, since the last group's characters depend on what follows.
        String basicPrefix = Base64.getEncoder().encodeToString(
                Arrays.copyOf(basic, basic.length / 3 * 3));
        List<String> forms = List.of(PASS, PASS_IN_URL, basicPrefix);
        for (Map.Entry<String, String> o : outputs.entrySet()) {
            for (String form : forms) {
                assertThat(o.getValue()).as("%s contains the password as '%s'", o.getKey(), form)
                        .doesNotContain(form);
            }
        }
    }

    private static void run(Map<String, String> outputs, Path dir, String name, String... options) {
        outputs.put("run " + name, text(runWith(dir, name, options)));
    }

    /** {@code proxybench run} for a second at 10 req/s with {@code options}, records in {@code dir}. */
    private static MainTest.Run runWith(Path dir, String name, String... options) {
        List<String> args = new ArrayList<>(List.of("run", "--ca", lab.caFile().toString(), "--rate", "10",
                "--duration", "1s", "--timeout", "5s", "--out", dir.resolve(name + ".jsonl").toString()));
        args.addAll(List.of(options));
        return MainTest.run(args.toArray(String[]::new));
    }

    private static String[] badProxyFile(Path dir, String account, String gw) throws Exception {
        Path file = home.resolve("bad-proxies.txt");
        Files.writeString(file, "http://" + account + "@" + gw + "\nhttp://" + account + "@" + gw + ":x\n");
        return new String[] {"--proxy-file", file.toString(), "--url", "https://127.0.0.1:9/"};
    }

    private static String text(MainTest.Run r) {
        return "exit " + r.exitCode() + "\n" + r.out() + "\n" + r.err();
    }

    /** The demo's report pieces on the run's records: its summary and charts as an HTML report, and results.json. */
    private static void writeReport(Path dir, String summary) throws Exception {
        RunStatistics records = RecordFile.read(dir.resolve("http-sticky.jsonl"), null).statistics();
        List<String> charts = new ArrayList<>();
        charts.add(RunCharts.throughput(records).svg());
        charts.add(RunCharts.exitsPerSubnet(records).svg());
        new HtmlReport("secrets", List.of("a run with an account"),
                List.of(new Section("run", "Open-loop run", List.of("through the lab"), summary, charts))).write(dir);
        Files.writeString(dir.resolve("results.json"), ReportJson.write(Map.of("run", summary)) + "\n");
    }

    /** A loopback port that was free a moment ago: nothing listens on it. */
    private static int closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static String stack(Throwable t) {
        StringWriter s = new StringWriter();
        t.printStackTrace(new PrintWriter(s));
        return t + "\n" + s;
    }

    /** Copies what is printed to the real stream and keeps it for the check. */
    private static final class Tee extends OutputStream {
        private final PrintStream to;

        Tee(PrintStream to) {
            this.to = to;
        }

        @Override
        public void write(int b) {
            to.write(b);
            synchronized (PRINTED) {
                PRINTED.write(b);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) {
            to.write(b, off, len);
            synchronized (PRINTED) {
                PRINTED.write(b, off, len);
            }
        }
    }
}
