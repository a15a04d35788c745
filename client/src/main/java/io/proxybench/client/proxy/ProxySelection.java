package io.proxybench.client.proxy;

import java.net.URI;
import java.util.Map;
import java.util.Objects;

/**
 * Which proxy a request takes, chosen per request URL: the client's hook for what {@link java.net.ProxySelector} is
 * to the JDK. A request that names a proxy of its own ({@code ProxyRequest.withProxy}) skips the selection; every
 * other request, each hop of a redirect included, is given to {@link #select} as it is sent. Requests selected to
 * different proxies never share a connection: the pool's key holds the proxy and its account.
 *
 * <p>Implementations must be thread-safe and quick (they run on the thread that sends, once per request) and may
 * return a different proxy for each call, e.g. to spread requests over several gateways. An exception {@link
 * #select} throws fails that call before it connects.
 *
 * <pre>{@code
 * ProxySelection proxies = ProxySelection.of(ProxySpec.parse("http://user:pass@gateway:8080"))
 *         .bypassing(ProxyBypass.noProxy("localhost,.internal.example,10.0.0.0/8"));
 * }</pre>
 */
@FunctionalInterface
public interface ProxySelection {

    /**
     * The proxy for a request.
     *
     * @param uri the request's absolute URL, e.g. {@code https://example.com/a}
     * @return the proxy, or null to connect direct
     */
    ProxySpec select(URI uri);

    /**
     * Every request direct.
     *
     * @return the selection that returns null
     */
    static ProxySelection direct() {
        return Selections.Direct.INSTANCE;
    }

    /**
     * Every request through one proxy.
     *
     * @param proxy the proxy
     * @return the selection that returns {@code proxy}
     * @throws NullPointerException if {@code proxy} is null (use {@link #direct()})
     */
    static ProxySelection of(ProxySpec proxy) {
        return new Selections.Fixed(Objects.requireNonNull(proxy, "proxy"));
    }

    /**
     * This selection, except that requests to the hosts {@code bypass} matches go direct. The host and port are the
     * URL's, its scheme's default port (80, 443) when it gives none; names are not resolved.
     *
     * @param bypass e.g. {@code ProxyBypass.noProxy("localhost,10.0.0.0/8")}
     * @return a new selection
     */
    default ProxySelection bypassing(ProxyBypass bypass) {
        return new Selections.Bypassing(this, Objects.requireNonNull(bypass, "bypass"));
    }

    /**
     * The proxies this process's environment variables name, read as curl reads them; see {@link
     * #fromEnvironment(Map)}.
     *
     * @return the selection, read once, now
     * @throws IllegalArgumentException as {@link #fromEnvironment(Map)}
     */
    static ProxySelection fromEnvironment() {
        return fromEnvironment(System.getenv());
    }

    /**
     * The proxies environment variables name, read as curl reads them:
     * <ul>
     *   <li>{@code http://} URLs take {@code http_proxy}, in lower case only: curl ignores {@code HTTP_PROXY}, which
     *       a CGI server sets from a request's {@code Proxy:} header ("httpoxy"), and so does this;
     *   <li>{@code https://} URLs take {@code https_proxy} or {@code HTTPS_PROXY};
     *   <li>a URL whose variable is unset takes {@code all_proxy} or {@code ALL_PROXY}; with none, it goes direct;
     *   <li>{@code no_proxy} or {@code NO_PROXY} lists the hosts that go direct ({@link ProxyBypass#noProxy});
     *   <li>where both cases are set, the lower-case one wins; an empty variable counts as unset;
     *   <li>a proxy URL without a scheme is {@code http://}; the schemes are {@code http}, {@code https},
     *       {@code socks5} and {@code socks5h} ({@link ProxyScheme}).
     * </ul>
     * A proxy URL without a port means the scheme's {@linkplain ProxyScheme#defaultPort() default}, as curl assumes
     * (443 for {@code https}, else 1080). Where this differs from curl: its {@code socks4://} and {@code socks4a://}
     * proxies are refused, and {@code NO_PROXY} takes the
     * extensions {@link ProxyBypass} lists (ports, {@code *.} prefixes, {@code *} among other entries).
     *
     * @param env variable names to values, e.g. {@code System.getenv()}
     * @return the selection; {@link #direct()}'s behaviour when no proxy variable is set
     * @throws IllegalArgumentException naming the variable whose value is not a proxy URL of a supported scheme (the
     *     message lists the schemes and masks any password) or not a {@code NO_PROXY} list
     */
    static ProxySelection fromEnvironment(Map<String, String> env) {
        Objects.requireNonNull(env, "env");
        return Selections.ByScheme.of(env);
    }
}
