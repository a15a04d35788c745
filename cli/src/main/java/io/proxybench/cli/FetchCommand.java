package io.proxybench.cli;

import io.proxybench.analysis.read.FileReading;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.RedirectPolicy;
import io.proxybench.client.Timeouts;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.cookie.CookieJars;
import io.proxybench.client.proxy.ProxyBypass;
import io.proxybench.client.proxy.ProxyCredentials;
import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.harness.Durations;
import io.proxybench.harness.fetch.Fetch;
import io.proxybench.harness.fetch.FetchFailure;
import io.proxybench.harness.fetch.FetchOutcome;
import io.proxybench.harness.fetch.FetchPlan;
import io.proxybench.harness.fetch.WriteOut;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code proxybench fetch URL}: one request through a proxy, as curl makes it, with what curl's {@code -w} cannot
 * tell: every phase, the exit the target saw, the connection, wire against decoded bytes. The body goes to stdout or
 * {@code -o FILE} as it arrives; {@code -w} and {@code --json} go to stdout after it, as curl's {@code -w} does.
 */
@Command(name = "fetch", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Fetch one URL through a proxy, as curl would, and tell what curl's -w cannot: every phase"
                + " (DNS, TCP, proxy TLS, CONNECT or SOCKS5, TLS, first byte), the exit the target reports, whether"
                + " the connection was new, the redirects, wire against decoded bytes.",
            "The body goes to stdout or -o FILE, decoded (gzip, deflate, br, zstd) unless --raw; -w FORMAT and"
                + " --json print after it, to stdout as curl's -w does (-o FILE or -o /dev/null keeps them apart).",
            "Example: PROXY_USER=acct PROXY_PASS=... proxybench fetch -L --proxy http://gw.example:7777 --provider"
                + " oxylabs --session a1 --country DE -o page.html --json https://example.com/"},
        footer = {"%n" + FetchFailure.TABLE, "%nVariables of -w (and keys of --json) are listed in docs/fetch.md."})
final class FetchCommand implements Callable<Integer> {

    /** Where the body goes without {@code -o}: the process's stdout, unbuffered bytes; tests put a buffer here. */
    OutputStream stdout = new FileOutputStream(FileDescriptor.out);

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "URL", description = "The http:// or https:// URL to fetch.")
    URI url;

    @Option(names = {"-x", "--proxy"}, paramLabel = "URL", converter = ProxyUrlConverter.class,
            description = "The proxy: http://, https://, socks5:// or socks5h:// (default: direct). Its account from"
                    + " the URL or from PROXY_USER / PROXY_PASS; never printed.")
    ProxySpec proxy;

    @CommandLine.Mixin
    SessionOptions sessionOptions = new SessionOptions();

    @Option(names = "--session", paramLabel = "KEY",
            description = "A sticky session named KEY (with --provider or --session-template): the same KEY gets the"
                    + " same session id, so the same exit, in every fetch; its cookies are its own.")
    String session;

    @CommandLine.Mixin
    RequestShape shape = new RequestShape();

    @Option(names = {"-L", "--location"}, description = "Follow redirects (301, 302, 303, 307, 308), as curl -L;"
            + " without it a 3xx is the answer. Never from https to http (curl would).")
    boolean location;

    @Option(names = "--max-redirs", paramLabel = "N", defaultValue = "" + RedirectPolicy.DEFAULT_MAX_HOPS,
            description = "With -L: redirects followed at most (default: ${DEFAULT-VALUE}; curl's is 50).")
    int maxRedirs;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write the body to FILE (replaced if there, as curl does) instead of stdout; written to a"
                    + " part file beside it and moved into place once whole, so a failed fetch leaves no half file."
                    + " '-' is stdout.")
    Path output;

    @Option(names = "--raw", description = "Keep the body as received: ask for no compression and decode nothing"
            + " (the transfer's chunking is still undone).")
    boolean raw;

    @Option(names = {"-b", "--cookie"}, paramLabel = "FILE|NAME=VALUE",
            description = "Send the cookies of curl's cookie FILE that match the URL (read only), or, with a '=',"
                    + " send these as the Cookie header, as curl -b does.")
    String cookie;

    @Option(names = {"-c", "--cookie-jar"}, paramLabel = "FILE",
            description = "Load FILE's cookies if it exists, and save the session's cookies to it at the end (curl's"
                    + " -b FILE -c FILE in one).")
    Path cookieJar;

    @Option(names = "--timeout", paramLabel = "TIMEOUTS",
            description = "Per-phase limits, as run's: one duration for all, or e.g. tcp=3s,tunnel=5s,tls=5s,head=20s,"
                    + "idle=30s (default: the client's, 10s for each setup phase and 30s for the head and each wait"
                    + " between body bytes). The whole fetch is not bounded unless -m or call= says so.")
    String timeout;

    @Option(names = {"-m", "--max-time"}, paramLabel = "DURATION",
            description = "The whole fetch's limit, body included, as curl -m (default: none).")
    Duration maxTime;

    @Option(names = "--ca", paramLabel = "FILE", description = "Trust only this CA file (origin and https:// proxy).")
    Path ca;

    @Option(names = {"-k", "--insecure"}, description = "Check no certificate.")
    boolean insecure;

    @Option(names = "--proxy-cacert", paramLabel = "FILE",
            description = "Trust only this CA file for the https:// proxy's certificate, as curl's --proxy-cacert;"
                    + " the origin's trust stays --ca's (or the system's).")
    Path proxyCa;

    @Option(names = {"-E", "--cert"}, paramLabel = "FILE[:PASSWORD]",
            description = "Show the origin this client certificate: a PKCS#12 key store and its password after the"
                    + " first ':', as curl's --cert with --cert-type P12.")
    String cert;

    @Option(names = "--pinnedpubkey", paramLabel = "HASHES",
            description = "Fail unless a certificate of the origin's chain has one of these public-key hashes:"
                    + " sha256//BASE64, several separated by ';', as curl's --pinnedpubkey (curl checks the"
                    + " server's own certificate only).")
    String pinnedPubKey;

    @Option(names = "--noproxy", paramLabel = "HOSTS",
            description = "Hosts fetched directly, not through --proxy, in curl's NO_PROXY syntax: hosts, .domains,"
                    + " addresses and CIDR ranges separated by commas; '*' for all (docs/client.md).")
    String noProxy;

    @Option(names = {"-f", "--fail"}, description = "Fail with exit code 22, writing no body, when the status is 400"
            + " or more, as curl -f.")
    boolean fail;

    @Option(names = "--max-filesize", paramLabel = "BYTES",
            description = "Fail with exit code 63, keeping nothing, when the body (as written) is longer; K, M and G"
                    + " suffixes count 1024s, as curl's.")
    String maxFilesize;

    @Option(names = {"-w", "--write-out"}, paramLabel = "FORMAT",
            description = "Print FORMAT after the body, with curl's %%{variables} (%%{http_code}, %%{time_total},"
                    + " %%{remote_ip}, ...) and proxybench's (%%{connect}, %%{tls}, %%{ttfb}, %%{reused}, %%{ip},"
                    + " %%{bytes_in}, ...), %%header{name}, %%{json}, %%{stderr}; @FILE reads it from a file.")
    String writeOut;

    @Option(names = "--json", description = "Print every figure as one JSON object after the body (as -w"
            + " '%%{json}\\n'; docs/fetch.md names the keys).")
    boolean json;

    @Override
    public Integer call() throws Exception {
        WriteOut format = format();
        FetchOutcome outcome = new Fetch(plan(), stdout).run();
        stdout.flush();
        if (format != null) {
            format.write(outcome, spec.commandLine().getOut(), spec.commandLine().getErr());
        }
        if (outcome.message() != null) {
            spec.commandLine().getErr().println(spec.qualifiedName() + ": " + outcome.message());
        }
        return outcome.exitCode();
    }

    /** The -w or --json format; null for none. */
    private WriteOut format() throws IOException {
        if (json && writeOut != null) {
            throw new IllegalArgumentException("--json and -w/--write-out exclude each other; -w '%{json}\\n' is"
                    + " --json, so give one");
        }
        if (json) {
            return WriteOut.json();
        }
        if (writeOut == null) {
            return null;
        }
        String text = writeOut;
        if (writeOut.startsWith("@")) {
            Path file = Path.of(writeOut.substring(1));
            try {
                text = Files.readString(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new IllegalArgumentException("-w/--write-out @" + file + " cannot be read: "
                        + FileReading.why(e), e);
            }
        }
        return WriteOut.parse(text);
    }

    /**
     * The fetch, its options checked and its cookies loaded, before anything is sent.
     *
     * @throws IllegalArgumentException naming the option at fault and the fix
     */
    FetchPlan plan() {
        if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
            throw new IllegalArgumentException("URL " + url + " is not http:// or https://");
        }
        ProxySpec withAccount = account(proxy);
        SessionTemplate sessions = sessionOptions.templateOrNull();
        if (session != null && sessionOptions.provider == null && sessionOptions.template == null) {
            throw new IllegalArgumentException("--session needs --provider NAME or --session-template TEMPLATE: how"
                    + " the session id is written into the proxy credentials");
        }
        if (sessions != null && (withAccount == null || withAccount.credentials() == null)) {
            throw new IllegalArgumentException(withAccount == null ? "--provider, --session-template and the session"
                    + " options write into proxy credentials; give --proxy too" : SessionOptions.NO_ACCOUNT);
        }
        if (session != null && session.isBlank()) {
            throw new IllegalArgumentException("--session is empty; give a name, e.g. --session a1");
        }
        if (!location && parsedHas("--max-redirs")) {
            throw new IllegalArgumentException("--max-redirs goes with -L/--location, which follows redirects");
        }
        if (maxRedirs < 1) {
            throw new IllegalArgumentException("--max-redirs " + maxRedirs + " is below 1; leave out -L to follow no"
                    + " redirect");
        }
        ProxyRequest request = shape.builder().apply(url);
        if (session != null) {
            request = request.withSessionKey(session);
        }
        CookieJars jars = CookieJars.perSession();
        if (cookie != null && cookie.contains("=")) {
            request = request.withHeader("Cookie", cookie);
        } else if (cookie != null) {
            load(jars, "-b/--cookie", Path.of(cookie), false);
        }
        if (cookieJar != null) {
            load(jars, "-c/--cookie-jar", cookieJar, true);
        }
        Path file = output == null || output.toString().equals("-") ? null : output;
        if (file != null && Files.isDirectory(file)) {
            throw new IllegalArgumentException("-o " + file + " is a folder; give a file's path");
        }
        return new FetchPlan(request, withAccount, proxy != null && proxy.credentials() != null ? "--proxy"
                : "PROXY_USER and PROXY_PASS", sessions, originTls(), proxyTls(), bypass(), timeouts(),
                location ? RedirectPolicy.normal().withMaxHops(maxRedirs) : RedirectPolicy.none(), maxRedirs, raw,
                jars, cookieJar, file, size(), fail);
    }

    /** The origin's TLS: {@code --ca} or {@code -k}, with {@code --cert} and {@code --pinnedpubkey}. */
    private TlsSettings originTls() {
        TlsSettings trust = TrustOption.tls(ca, insecure);
        if (cert == null && pinnedPubKey == null) {
            return trust;
        }
        TlsSettings.Builder b = trust.toBuilder();
        if (cert != null) {
            int colon = cert.indexOf(':');
            Path store = Path.of(colon < 0 ? cert : cert.substring(0, colon));
            if (!Files.isReadable(store)) {
                throw new IllegalArgumentException("-E/--cert " + store + " cannot be read: give a PKCS#12 key store"
                        + " as FILE:PASSWORD");
            }
            b.keyStore(store, colon < 0 ? new char[0] : cert.substring(colon + 1).toCharArray());
        }
        if (pinnedPubKey != null) {
            try {
                b.pin(url.getHost(), pinnedPubKey.split(";"));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--pinnedpubkey: " + e.getMessage(), e);
            }
        }
        return b.build();
    }

    /** The https:// proxy's TLS from {@code --proxy-cacert}; null when it is the origin's. */
    private TlsSettings proxyTls() {
        if (proxyCa == null) {
            return null;
        }
        if (proxy == null || proxy.scheme() != ProxyScheme.HTTPS) {
            throw new IllegalArgumentException("--proxy-cacert is the trust for an https:// proxy; give --proxy"
                    + " https://HOST:PORT" + (proxy == null ? "" : " (not " + proxy.scheme().text() + "://)"));
        }
        if (!Files.isReadable(proxyCa)) {
            throw new IllegalArgumentException("--proxy-cacert " + proxyCa + " cannot be read: give a PEM file of"
                    + " the CA certificates the proxy's certificate is checked against");
        }
        return TlsSettings.caFile(proxyCa);
    }

    /** The hosts {@code --noproxy} sends direct; null for none. */
    private ProxyBypass bypass() {
        if (noProxy == null) {
            return null;
        }
        if (proxy == null) {
            throw new IllegalArgumentException("--noproxy lists hosts that skip --proxy; give --proxy too");
        }
        try {
            return ProxyBypass.noProxy(noProxy);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--noproxy: " + e.getMessage(), e);
        }
    }

    /** {@code proxy} as given, or with PROXY_USER / PROXY_PASS when it has no account and both are set. */
    private static ProxySpec account(ProxySpec proxy) {
        String user = System.getenv("PROXY_USER");
        String pass = System.getenv("PROXY_PASS");
        if (proxy == null || proxy.credentials() != null || user == null || pass == null) {
            return proxy;
        }
        return proxy.withCredentials(new ProxyCredentials(user, pass));
    }

    private Timeouts timeouts() {
        Timeouts t = timeout == null ? Timeouts.defaults() : TimeoutOption.parse(timeout);
        boolean callGiven = timeout != null && Arrays.stream(timeout.split(","))
                .anyMatch(part -> part.strip().toLowerCase(Locale.ROOT).startsWith("call"));
        if (callGiven && maxTime != null) {
            throw new IllegalArgumentException("-m/--max-time and --timeout call= both bound the whole fetch; give"
                    + " one");
        }
        if (maxTime != null && (maxTime.isZero() || maxTime.isNegative())) {
            throw new IllegalArgumentException("-m/--max-time " + Durations.format(maxTime)
                    + " must be above 0");
        }
        return callGiven ? t : t.withCall(maxTime == null ? Duration.ZERO : maxTime);
    }

    /** {@code --max-filesize} in bytes; 0 for none. */
    private long size() {
        if (maxFilesize == null) {
            return 0;
        }
        String text = maxFilesize.strip();
        char unit = text.isEmpty() ? ' ' : Character.toUpperCase(text.charAt(text.length() - 1));
        int shift = unit == 'K' ? 10 : unit == 'M' ? 20 : unit == 'G' ? 30 : 0;
        String digits = shift == 0 ? text : text.substring(0, text.length() - 1);
        try {
            long n = Long.parseLong(digits);
            if (n < 1 || n > (Long.MAX_VALUE >> shift)) {
                throw new NumberFormatException();
            }
            return n << shift;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--max-filesize " + ErrorLines.shown(maxFilesize) + " is not a size;"
                    + " write bytes from 1, or with K, M or G, e.g. 500M");
        }
    }

    private void load(CookieJars jars, String option, Path file, boolean mayBeMissing) {
        if (mayBeMissing && !Files.exists(file)) {
            return;
        }
        try {
            jars.load(session, file);
        } catch (IOException e) {
            throw new IllegalArgumentException(option + " " + (e.getMessage() != null && e.getMessage().contains(
                    " line ") ? e.getMessage() : file + " cannot be read: " + FileReading.why(e)), e);
        }
    }

    private boolean parsedHas(String option) {
        return spec.commandLine().getParseResult() != null
                && spec.commandLine().getParseResult().hasMatchedOption(option);
    }
}
