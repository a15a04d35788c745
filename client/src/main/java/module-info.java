/**
 * The proxy-aware HTTP client. Its API is four packages: {@code io.proxybench.client} (the client and its builder,
 * calls, requests, responses and their bodies, redirects, retries, timeouts, limits, TLS settings),
 * {@code io.proxybench.client.proxy} (proxies and sessions), {@code io.proxybench.client.cookie} (cookie jars, per
 * session) and {@code io.proxybench.client.event} (events and counters). {@code io.proxybench.client.internal} is not exported.
 */
module io.proxybench.client {
    requires io.netty.codec.http;
    requires io.netty.buffer;
    requires io.netty.codec;
    requires io.netty.codec.compression;
    // Netty requires these statically; naming them here resolves them (and brotli's native provider) on a module path.
    requires com.aayushatharva.brotli4j;
    requires com.github.luben.zstd_jni;
    requires io.netty.codec.http2;
    requires io.netty.common;
    requires io.netty.handler;
    requires io.netty.handler.proxy;
    requires io.netty.resolver;
    requires io.netty.resolver.dns; // DnsResolver.netty()
    requires io.netty.transport;
    requires io.proxybench.net;
    requires com.google.common; // the Public Suffix List, for cookies

    exports io.proxybench.client;
    exports io.proxybench.client.cookie;
    exports io.proxybench.client.event;
    exports io.proxybench.client.proxy;
}
