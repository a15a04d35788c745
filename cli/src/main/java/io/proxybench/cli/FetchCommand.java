package io.proxybench.cli;

import io.proxybench.client.RedirectPolicy;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.harness.fetch.Fetch;
import io.proxybench.harness.fetch.FetchFailure;
import io.proxybench.harness.fetch.FetchOutcome;
import io.proxybench.harness.fetch.FetchPlan;
import io.proxybench.harness.fetch.FetchSettings;
import io.proxybench.harness.fetch.WriteOut;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code proxybench fetch URL}: one request through a proxy, as curl makes it, with what curl's {@code -w} cannot
 * tell: every phase, the exit the target saw, the connection, wire against decoded bytes. The body goes to stdout or
 * {@code -o FILE} as it arrives; {@code -w} and {@code --json} go to stdout after it, as curl's {@code -w} does.
 * {@link FetchSettings} checks the options and makes the {@link FetchPlan}.
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
        FetchSettings options = options();
        WriteOut format = options.format();
        FetchOutcome outcome = new Fetch(options.plan(), stdout).run();
        stdout.flush();
        if (format != null) {
            format.write(outcome, spec.commandLine().getOut(), spec.commandLine().getErr());
        }
        if (outcome.message() != null) {
            spec.commandLine().getErr().println(spec.qualifiedName() + ": " + outcome.message());
        }
        return outcome.exitCode();
    }

    /**
     * The fetch, its options checked and its cookies loaded, before anything is sent.
     *
     * @throws IllegalArgumentException naming the option at fault and the fix
     */
    FetchPlan plan() {
        return options().plan();
    }

    /** These options' values as given, for {@link FetchSettings} to check together. */
    private FetchSettings options() {
        return new FetchSettings(url)
                .proxy(proxy, System::getenv)
                .sessions(session, sessionOptions.given())
                .request(shape.values())
                .redirects(location, maxRedirs, parsedHas("--max-redirs"))
                .cookies(cookie, cookieJar)
                .body(output, raw, fail, maxFilesize)
                .originTls(() -> TrustOption.tls(ca, insecure), cert, pinnedPubKey)
                .proxyTrust(proxyCa, noProxy)
                .timeouts(timeout, TimeoutOption::parse, maxTime)
                .writeOut(writeOut, json);
    }

    private boolean parsedHas(String option) {
        return spec.commandLine().getParseResult() != null
                && spec.commandLine().getParseResult().hasMatchedOption(option);
    }
}
