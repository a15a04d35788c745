package io.proxybench.harness.fetch;

import io.proxybench.client.ProxyRequest;
import io.proxybench.client.RedirectPolicy;
import io.proxybench.client.Timeouts;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.cookie.CookieJars;
import io.proxybench.client.proxy.ProxyBypass;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import java.nio.file.Path;

/**
 * One {@code fetch}, its options checked: what to send, through which proxy and session, and where the body and the
 * cookies go; {@link FetchSettings#plan()} makes one from {@code fetch}'s settings as given. {@link Fetch} runs it.
 * The lines of a failed fetch name {@code fetch}'s options ({@code -o}, {@code --max-filesize}, ...) for the
 * components they came from.
 *
 * @param request the request, with its session key when {@code --session} gave one
 * @param proxy the proxy with its account, or null for direct
 * @param accountFrom where the proxy's account was given, for error lines ({@code --proxy} or {@code PROXY_USER and
 *     PROXY_PASS})
 * @param sessions how sessions are written into the proxy's credentials; null for none
 * @param tls the origin's TLS: which certificates are trusted, the client certificate, pins
 * @param proxyTls an {@code https://} proxy's TLS when it is not {@code tls}; null when it is
 * @param bypass the hosts fetched directly, not through {@code proxy}; null for none
 * @param timeouts the call's limits
 * @param redirects which redirects are followed
 * @param maxRedirs the redirect cap, for error lines
 * @param raw whether the body is kept as received (nothing asked for compressed, nothing decoded)
 * @param cookies the cookie jars, loaded from {@code -b} / {@code --cookie-jar}
 * @param saveCookies where the session's cookies are saved at the end; null for nowhere
 * @param output the {@code -o} file; null for stdout
 * @param maxFilesize the most body bytes written; 0 or less for no limit
 * @param failOnError whether a status of 400 or more fails the fetch ({@code -f})
 */
public record FetchPlan(ProxyRequest request, ProxySpec proxy, String accountFrom, SessionTemplate sessions,
        TlsSettings tls, TlsSettings proxyTls, ProxyBypass bypass, Timeouts timeouts, RedirectPolicy redirects,
        int maxRedirs, boolean raw, CookieJars cookies, Path saveCookies, Path output, long maxFilesize,
        boolean failOnError) {}
