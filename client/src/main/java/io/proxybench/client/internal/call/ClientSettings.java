package io.proxybench.client.internal.call;

import io.proxybench.client.DnsResolver;
import io.proxybench.client.PoolLimits;
import io.proxybench.client.RedirectPolicy;
import io.proxybench.client.RetryPolicy;
import io.proxybench.client.Timeouts;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.cookie.CookieJars;
import io.proxybench.client.event.EventListener;
import io.proxybench.client.internal.decode.DecodeLimits;
import io.proxybench.client.internal.connect.TlsContexts;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.client.proxy.ProxySelection;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;

/**
 * What a client was built with, checked by its builder, as the call path reads it.
 *
 * @param proxies the proxy for each request that names none; never null ({@link ProxySelection#direct()})
 * @param template how sessions and targeting are written into proxy credentials; null for credentials as given
 * @param router the session id per session key; null for rotation only, and always without {@code template}
 * @param tls the settings of TLS to origins
 * @param proxyTls the settings of TLS to {@code https://} proxies; {@code tls} unless the client was given its own
 * @param sessionLifetimeKeepAlive keep a sticky session's idle connections for the lifetime its credentials ask for,
 *     instead of {@code limits}' keep-alive
 * @param maxBodyBytes response bytes a buffered body holds at most
 * @param bodyPrefixOnly true to keep a buffered body's first {@code maxBodyBytes} and count the rest; false to fail a
 *     longer body
 * @param tlsContexts made once from {@code tls}, {@code proxyTls} and {@code proxyProtocol}
 * @param redirects which redirects calls follow
 * @param cookies the jars cookies are kept in, per session key; null to keep none
 * @param retries when calls are sent again
 * @param decompression whether requests without an Accept-Encoding of their own ask for the codings the client
 *     decodes, and their bodies are decoded
 * @param decodeLimits how far a decoded body may grow
 * @param dns looks up the proxy's name, and the origin's when the client resolves it
 */
public record ClientSettings(ProxySelection proxies, SessionTemplate template, SessionRouter router, TlsSettings tls,
        TlsSettings proxyTls, boolean forceConnect, PoolLimits limits, boolean sessionLifetimeKeepAlive,
        Timeouts timeouts, int maxBodyBytes, boolean bodyPrefixOnly, int maxStreamsPerConnection,
        ProxyProtocol proxyProtocol, int maxStreamsPerProxyConnection, String userAgent,
        EventListener.Factory listeners, TlsContexts tlsContexts, RedirectPolicy redirects, CookieJars cookies,
        RetryPolicy retries, boolean decompression, DecodeLimits decodeLimits, DnsResolver dns) {}
