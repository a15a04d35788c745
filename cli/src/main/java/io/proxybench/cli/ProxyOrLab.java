package io.proxybench.cli;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxyCredentials;
import io.proxybench.client.proxy.ProxySpec;
import java.net.URI;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

/**
 * The options every experiment shares: run on the embedded lab (no {@code --proxy}) or against a real gateway and
 * origin. With {@code --proxy}, credentials come from the URL or, as in the seeds, from {@code PROXY_USER} /
 * {@code PROXY_PASS}.
 */
final class ProxyOrLab {

    @Option(names = "--proxy", paramLabel = "URL", converter = ProxyUrlConverter.class,
            description = "A real proxy gateway (default: the embedded lab). Credentials from the URL or from"
                    + " PROXY_USER / PROXY_PASS.")
    ProxySpec proxy;

    @Option(names = "--url", paramLabel = "URL", description = "The origin to request (required with --proxy).")
    URI url;

    @Option(names = "--ca", paramLabel = "FILE", description = "Trust only this CA file (with --proxy).")
    Path ca;

    @Option(names = "--insecure", description = "Check no certificate (with --proxy).")
    boolean insecure;

    /** True when the command runs on the embedded lab; checks that no real-proxy option came without --proxy. */
    boolean lab() {
        if (proxy == null && (url != null || ca != null || insecure)) {
            throw new IllegalArgumentException("--url, --ca and --insecure go with --proxy; the lab brings its own");
        }
        return proxy == null;
    }

    /**
     * Checks that none of {@code options}, which shape the embedded lab, was given together with {@code --proxy}:
     * a real proxy would silently ignore them.
     *
     * @param spec the command's spec, whose parse result says which options were on the command line
     * @throws IllegalArgumentException naming the first such option matched
     */
    void labOnly(CommandSpec spec, String... options) {
        if (proxy == null) {
            return;
        }
        ParseResult parsed = spec.commandLine().getParseResult();
        for (String option : options) {
            if (parsed.hasMatchedOption(option)) {
                throw new IllegalArgumentException(option + " applies to the embedded lab only; leave it out with"
                        + " --proxy");
            }
        }
    }

    /** The real gateway with its account; checks first that the origin was given too. */
    ProxySpec proxy() {
        url();
        return withAccount(proxy);
    }

    /** The real origin. */
    URI url() {
        if (url == null) {
            throw new IllegalArgumentException("--proxy needs --url, the origin to request");
        }
        return url;
    }

    /** Which certificates the origin's (and an HTTPS gateway's) must chain to. */
    TlsSettings tls() {
        return TrustOption.tls(ca, insecure);
    }

    /** {@code proxy} as given if it has credentials, else with {@code PROXY_USER} / {@code PROXY_PASS}. */
    static ProxySpec withAccount(ProxySpec proxy) {
        if (proxy == null || proxy.credentials() != null) {
            return proxy;
        }
        String user = System.getenv("PROXY_USER");
        String pass = System.getenv("PROXY_PASS");
        if (user == null || pass == null) {
            throw new IllegalArgumentException("the proxy " + proxy + " has no credentials: put them in the URL or"
                    + " set PROXY_USER and PROXY_PASS");
        }
        return proxy.withCredentials(new ProxyCredentials(user, pass));
    }
}
