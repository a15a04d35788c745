package io.proxybench.it.client;

import io.proxybench.client.event.CallInfo;
import io.proxybench.client.event.CloseReason;
import io.proxybench.client.event.ConnectionInfo;
import io.proxybench.client.event.EventListener;
import io.proxybench.client.event.Phase;
import io.proxybench.client.proxy.ProxySpec;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Records the names of the events a call sees, in order, for exact-sequence assertions. */
final class RecordingListener extends EventListener {

    final List<String> events = new CopyOnWriteArrayList<>();

    @Override
    public void callStart(CallInfo call) {
        events.add("callStart");
    }

    @Override
    public void proxySelected(CallInfo call, ProxySpec proxy) {
        events.add("proxySelected");
    }

    @Override
    public void queueStart(CallInfo call) {
        events.add("queueStart");
    }

    @Override
    public void queueEnd(CallInfo call, long waitedNanos) {
        events.add("queueEnd");
    }

    @Override
    public void dnsStart(CallInfo call, String host) {
        events.add("dnsStart");
    }

    @Override
    public void dnsEnd(CallInfo call, String host, List<InetAddress> addresses) {
        events.add("dnsEnd");
    }

    @Override
    public void connectStart(CallInfo call, InetSocketAddress address) {
        events.add("connectStart");
    }

    @Override
    public void connectEnd(CallInfo call, InetSocketAddress address) {
        events.add("connectEnd");
    }

    @Override
    public void proxyTlsStart(CallInfo call) {
        events.add("proxyTlsStart");
    }

    @Override
    public void proxyTlsEnd(CallInfo call, String tlsVersion) {
        events.add("proxyTlsEnd");
    }

    @Override
    public void gatewayConnectionOpened(CallInfo call, long gatewayConnectionId) {
        events.add("gatewayConnectionOpened");
    }

    @Override
    public void proxyProtocolFallback(CallInfo call, ProxySpec proxy, String alpn) {
        events.add("proxyProtocolFallback:" + alpn);
    }

    @Override
    public void tunnelStart(CallInfo call, Phase phase) {
        events.add("tunnelStart:" + phase.label());
    }

    @Override
    public void tunnelEnd(CallInfo call, Phase phase) {
        events.add("tunnelEnd:" + phase.label());
    }

    @Override
    public void originTlsStart(CallInfo call) {
        events.add("originTlsStart");
    }

    @Override
    public void originTlsEnd(CallInfo call, String tlsVersion, String alpn) {
        events.add("originTlsEnd:" + alpn);
    }

    @Override
    public void connectionAcquired(CallInfo call, ConnectionInfo connection, boolean reused) {
        events.add(reused ? "connectionAcquired:reused" : "connectionAcquired:new");
    }

    @Override
    public void requestHeadersStart(CallInfo call) {
        events.add("requestHeadersStart");
    }

    @Override
    public void requestHeadersEnd(CallInfo call) {
        events.add("requestHeadersEnd");
    }

    @Override
    public void requestBodyEnd(CallInfo call, long bodyBytes) {
        events.add("requestBodyEnd");
    }

    @Override
    public void responseHeadersEnd(CallInfo call, int status) {
        events.add("responseHeadersEnd:" + status);
    }

    @Override
    public void responseBodyEnd(CallInfo call, long bodyBytes) {
        events.add("responseBodyEnd");
    }

    @Override
    public void connectionReleased(CallInfo call, ConnectionInfo connection) {
        events.add("connectionReleased");
    }

    @Override
    public void connectionClosed(ConnectionInfo connection, CloseReason reason) {
        events.add("connectionClosed:" + reason.label());
    }

    @Override
    public void callEnd(CallInfo call) {
        events.add("callEnd");
    }

    @Override
    public void callFailed(CallInfo call, Phase phase, Throwable cause) {
        events.add("callFailed:" + phase.label());
    }
}
