package io.proxybench.client.event;

/**
 * How tunnels reached their proxies so far: HTTP/2 connections to proxies and the tunnels they carried, and fallbacks
 * to HTTP/1.1. All zero when no {@code https://} proxy was asked for HTTP/2.
 *
 * @param gatewayConnections HTTP/2 connections opened to proxies
 * @param openGatewayConnections of those, the ones open now
 * @param peakGatewayConnections the most open at once
 * @param gatewayWireBytes bytes both ways on those connections: proxy TLS, HTTP/2 framing and the tunnels' payload,
 *     which each tunnel also counts as its own; the difference is what sharing a connection costs
 * @param streamTunnels tunnels opened as HTTP/2 streams (CONNECT requests sent, whatever the answer)
 * @param fallbackTunnels tunnels that asked for HTTP/2 but went over HTTP/1.1 because the proxy chose it
 */
public record GatewayStats(long gatewayConnections, int openGatewayConnections, int peakGatewayConnections,
        long gatewayWireBytes, long streamTunnels, long fallbackTunnels) {}
