package io.proxybench.experiments;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxyCredentials;
import io.proxybench.client.proxy.ProxySpec;
import java.net.URI;
import java.nio.file.Path;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * Where an experiment sends its requests, as the user gave it: the embedded lab (no proxy) or a real gateway and
 * origin. With a proxy, its account comes from the URL or, as in the seeds, from {@code PROXY_USER} /
 * {@code PROXY_PASS}: {@link #gateway()} needs one (the experiment writes sessions into it), {@link #openGateway()}
 * takes the proxy without one too (an open proxy: squid, dante, a corporate egress). Its messages name the settings
 * as the command line spells them ({@code --proxy}, {@code --url}, {@code --ca}, {@code --insecure}). Every check
 * runs when its value is asked for, so a command keeps the order of its checks.
 *
 * @param proxy the real gateway as given; null for the embedded lab
 * @param url the real origin as given; null when not given
 * @param ca the CA file to trust, as given; null when not given
 * @param insecure whether no certificate is checked
 * @param trust which certificates the origin's must chain to, read from {@code ca} and {@code insecure} when asked
 * @param given whether a setting (by its name, e.g. {@code --rtt}) was given, not defaulted
 */
public record ExperimentTarget(ProxySpec proxy, URI url, Path ca, boolean insecure, Supplier<TlsSettings> trust,
        Predicate<String> given) {

    /** Whether the experiment runs on the embedded lab; nothing checked. */
    public boolean onLab() {
        return proxy == null;
    }

    /**
     * True when the experiment runs on the embedded lab; checks that no real-proxy setting came without a proxy.
     *
     * @throws IllegalArgumentException for {@code url}, {@code ca} or {@code insecure} without a proxy
     */
    public boolean lab() {
        if (proxy == null && (url != null || ca != null || insecure)) {
            throw new IllegalArgumentException("--url, --ca and --insecure go with --proxy; the lab brings its own");
        }
        return proxy == null;
    }

    /**
     * Checks that none of {@code settings}, which shape the embedded lab, was given together with a proxy: a real
     * proxy would silently ignore them.
     *
     * @throws IllegalArgumentException naming the first such setting given
     */
    public void labOnly(String... settings) {
        if (proxy == null) {
            return;
        }
        for (String setting : settings) {
            if (given.test(setting)) {
                throw new IllegalArgumentException(setting + " applies to the embedded lab only; leave it out with"
                        + " --proxy");
            }
        }
    }

    /** The real gateway with its account; checks first that the origin was given too. */
    public ProxySpec gateway() {
        origin();
        return withAccount(proxy);
    }

    /**
     * The real gateway with its account when one was given, else as given, without credentials: for experiments that
     * write no session into them. Checks first that the origin was given too.
     */
    public ProxySpec openGateway() {
        origin();
        return withAnyAccount(proxy);
    }

    /** The real origin. */
    public URI origin() {
        if (url == null) {
            throw new IllegalArgumentException("--proxy needs --url, the origin to request");
        }
        return url;
    }

    /** Which certificates the origin's (and an HTTPS gateway's) must chain to. */
    public TlsSettings tls() {
        return trust.get();
    }

    /** {@code proxy} as given if it has credentials (or is null), else with {@code PROXY_USER} / {@code PROXY_PASS}. */
    public static ProxySpec withAccount(ProxySpec proxy) {
        ProxySpec account = withAnyAccount(proxy);
        if (account != null && account.credentials() == null) {
            throw new IllegalArgumentException("the proxy " + proxy + " has no credentials: put them in the URL or"
                    + " set PROXY_USER and PROXY_PASS");
        }
        return account;
    }

    /**
     * {@code proxy} as given if it has credentials (or is null), else with {@code PROXY_USER} / {@code PROXY_PASS}
     * when both are set, else as given: a proxy that takes no credentials.
     *
     * @throws IllegalArgumentException when only one of {@code PROXY_USER} and {@code PROXY_PASS} is set
     */
    public static ProxySpec withAnyAccount(ProxySpec proxy) {
        return withAnyAccount(proxy, System::getenv);
    }

    /** {@link #withAnyAccount(ProxySpec)} with the environment read from {@code environment}. */
    static ProxySpec withAnyAccount(ProxySpec proxy, UnaryOperator<String> environment) {
        if (proxy == null || proxy.credentials() != null) {
            return proxy;
        }
        String user = environment.apply("PROXY_USER");
        String pass = environment.apply("PROXY_PASS");
        if (user == null && pass == null) {
            return proxy;
        }
        if (user == null || pass == null) {
            throw new IllegalArgumentException((user == null ? "PROXY_PASS is set but PROXY_USER is not"
                    : "PROXY_USER is set but PROXY_PASS is not") + ": set both for the proxy's account, or neither for"
                    + " a proxy that takes no credentials");
        }
        return proxy.withCredentials(new ProxyCredentials(user, pass));
    }
}
