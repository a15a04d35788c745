package io.proxybench.harness.fetch;

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
import io.proxybench.harness.plan.RequestShapeSettings;
import io.proxybench.harness.plan.SessionSettings;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * {@code fetch}'s settings as the user gave them, unchecked: {@link #format()} and then {@link #plan()} check them
 * together, always in the same order, so that of several faults the same one is told. The parts whose text form the
 * caller owns (the certificates trusted, the {@code --timeout} form) come in as functions,
 * called where their checks run in that order.
 *
 * <p>The messages name the settings as {@code fetch}'s command line spells them ({@code -o}, {@code --max-redirs},
 * {@code -m/--max-time}, ...), which every other place that gives these settings shares. Setters return this
 * object; a setting not given keeps its default: none, or {@link RedirectPolicy#DEFAULT_MAX_HOPS} redirects.
 */
public final class FetchSettings {

    private final URI url;
    private ProxySpec proxy;
    private UnaryOperator<String> environment = name -> null;
    private String session;
    private boolean dialectGiven;
    private Supplier<SessionTemplate> sessions = () -> null;
    private RequestShapeSettings shape = new RequestShapeSettings(null, List.of(), null, null, null);
    private boolean location;
    private int maxRedirs = RedirectPolicy.DEFAULT_MAX_HOPS;
    private boolean maxRedirsGiven;
    private String cookie;
    private Path cookieJar;
    private Path output;
    private boolean raw;
    private boolean fail;
    private String maxFilesize;
    private Supplier<TlsSettings> trust = TlsSettings::system;
    private String cert;
    private String pinnedPubKey;
    private Path proxyCa;
    private String noProxy;
    private String timeout;
    private Function<String, Timeouts> timeoutForm;
    private Duration maxTime;
    private String writeOut;
    private boolean json;

    /** @param url the URL to fetch, checked by {@link #plan()} to be http:// or https:// */
    public FetchSettings(URI url) {
        this.url = Objects.requireNonNull(url, "url");
    }

    /**
     * @param proxy the proxy ({@code -x/--proxy}); null for direct
     * @param environment the process environment, whose {@code PROXY_USER} and {@code PROXY_PASS}, when both are set,
     *     are the account of a proxy given without one
     */
    public FetchSettings proxy(ProxySpec proxy, UnaryOperator<String> environment) {
        this.proxy = proxy;
        this.environment = Objects.requireNonNull(environment, "environment");
        return this;
    }

    /**
     * @param session the sticky session's key ({@code --session}); null for none
     * @param sessions the session options ({@code --provider} or {@code --session-template}, which writes the key,
     *     and what every session asks for), checked by {@link #plan()}
     */
    public FetchSettings sessions(String session, SessionSettings sessions) {
        this.session = session;
        this.dialectGiven = sessions.provider() != null || sessions.templateText() != null;
        this.sessions = sessions::templateOrNull;
        return this;
    }

    /** @param shape the request's method, headers, body and User-Agent */
    public FetchSettings request(RequestShapeSettings shape) {
        this.shape = Objects.requireNonNull(shape, "shape");
        return this;
    }

    /**
     * @param location whether redirects are followed ({@code -L})
     * @param maxRedirs the most redirects followed, at least 1
     * @param maxRedirsGiven whether the user gave {@code --max-redirs} (which goes with {@code -L} only)
     */
    public FetchSettings redirects(boolean location, int maxRedirs, boolean maxRedirsGiven) {
        this.location = location;
        this.maxRedirs = maxRedirs;
        this.maxRedirsGiven = maxRedirsGiven;
        return this;
    }

    /**
     * @param cookie {@code -b}: a cookie file read only, or, with a '=', the Cookie header itself; null for none
     * @param cookieJar {@code -c}: a cookie file loaded if it exists and saved to at the end; null for none
     */
    public FetchSettings cookies(String cookie, Path cookieJar) {
        this.cookie = cookie;
        this.cookieJar = cookieJar;
        return this;
    }

    /**
     * @param output the body's file ({@code -o}); null or {@code -} for stdout
     * @param raw whether the body is kept as received ({@code --raw})
     * @param fail whether a status of 400 or more fails the fetch ({@code -f})
     * @param maxFilesize the most body bytes, with K, M or G counting 1024s ({@code --max-filesize}); null for none
     */
    public FetchSettings body(Path output, boolean raw, boolean fail, String maxFilesize) {
        this.output = output;
        this.raw = raw;
        this.fail = fail;
        this.maxFilesize = maxFilesize;
        return this;
    }

    /**
     * @param trust the certificates trusted ({@code --ca} or {@code -k}); called once, by {@link #plan()}
     * @param cert the client certificate as {@code FILE[:PASSWORD]}, a PKCS#12 key store ({@code -E}); null for none
     * @param pinnedPubKey the origin's public-key hashes, {@code sha256//BASE64} separated by ';'; null for none
     */
    public FetchSettings originTls(Supplier<TlsSettings> trust, String cert, String pinnedPubKey) {
        this.trust = Objects.requireNonNull(trust, "trust");
        this.cert = cert;
        this.pinnedPubKey = pinnedPubKey;
        return this;
    }

    /**
     * @param proxyCa the CA file an https:// proxy's certificate is checked against ({@code --proxy-cacert}); null
     *     for the origin's trust
     * @param noProxy the hosts fetched directly, in NO_PROXY's syntax ({@code --noproxy}); null for none
     */
    public FetchSettings proxyTrust(Path proxyCa, String noProxy) {
        this.proxyCa = proxyCa;
        this.noProxy = noProxy;
        return this;
    }

    /**
     * @param timeout the per-phase limits as written ({@code --timeout}); null for the client's
     * @param form reads {@code timeout}; called once, by {@link #plan()}, when {@code timeout} is given
     * @param maxTime the whole fetch's limit ({@code -m}), above 0; null for none
     */
    public FetchSettings timeouts(String timeout, Function<String, Timeouts> form, Duration maxTime) {
        this.timeout = timeout;
        this.timeoutForm = timeout == null ? null : Objects.requireNonNull(form, "form");
        this.maxTime = maxTime;
        return this;
    }

    /**
     * @param writeOut the {@code -w} format, or {@code @FILE} to read it from; null for none
     * @param json whether every figure is printed as one JSON object ({@code --json})
     */
    public FetchSettings writeOut(String writeOut, boolean json) {
        this.writeOut = writeOut;
        this.json = json;
        return this;
    }

    /**
     * What is printed after the body: {@code --json}'s object, the {@code -w} format, or null for nothing. Checked
     * before {@link #plan()}.
     *
     * @throws IllegalArgumentException for both, an unreadable {@code @FILE} or a format that does not parse
     */
    public WriteOut format() {
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
     * The fetch, its settings checked and its cookies loaded, before anything is sent.
     *
     * @throws IllegalArgumentException naming the option at fault and the fix
     */
    public FetchPlan plan() {
        if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
            throw new IllegalArgumentException("URL " + url + " is not http:// or https://");
        }
        ProxySpec withAccount = account();
        SessionTemplate template = sessions.get();
        if (session != null && !dialectGiven) {
            throw new IllegalArgumentException("--session needs --provider NAME or --session-template TEMPLATE: how"
                    + " the session id is written into the proxy credentials");
        }
        if (template != null && (withAccount == null || withAccount.credentials() == null)) {
            throw new IllegalArgumentException(withAccount == null ? "--provider, --session-template and the session"
                    + " options write into proxy credentials; give --proxy too" : SessionSettings.NO_ACCOUNT);
        }
        if (session != null && session.isBlank()) {
            throw new IllegalArgumentException("--session is empty; give a name, e.g. --session a1");
        }
        if (!location && maxRedirsGiven) {
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
                : "PROXY_USER and PROXY_PASS", template, originTls(), proxyTls(), bypass(), timeouts(),
                location ? RedirectPolicy.normal().withMaxHops(maxRedirs) : RedirectPolicy.none(), maxRedirs, raw,
                jars, cookieJar, file, FileSize.parse(maxFilesize), fail);
    }

    /** The proxy as given, or with PROXY_USER / PROXY_PASS when it has no account and both are set. */
    private ProxySpec account() {
        String user = environment.apply("PROXY_USER");
        String pass = environment.apply("PROXY_PASS");
        if (proxy == null || proxy.credentials() != null || user == null || pass == null) {
            return proxy;
        }
        return proxy.withCredentials(new ProxyCredentials(user, pass));
    }

    /** The origin's TLS: the trust, with {@code --cert} and {@code --pinnedpubkey}. */
    private TlsSettings originTls() {
        TlsSettings trusted = trust.get();
        if (cert == null && pinnedPubKey == null) {
            return trusted;
        }
        TlsSettings.Builder b = trusted.toBuilder();
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

    /** {@code --timeout}'s limits, the whole fetch bounded by its {@code call=} or by {@code -m}, never both. */
    private Timeouts timeouts() {
        Timeouts t = timeout == null ? Timeouts.defaults() : timeoutForm.apply(timeout);
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
}
