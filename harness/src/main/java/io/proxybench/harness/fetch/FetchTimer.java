package io.proxybench.harness.fetch;

import io.proxybench.client.event.CallInfo;
import io.proxybench.client.event.ConnectionInfo;
import io.proxybench.client.event.EventListener;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The listener of the one call a {@code fetch} makes: when each of curl's points in a transfer was last reached,
 * counted from the call's start (as curl counts from the transfer's, not from its own start-up), and what curl's
 * {@code -w} tells besides (connections opened, the address the final connection went to, the request body's size).
 * Redirect hops are one call: a point reached again on a later hop keeps the later time. Events come one at a time,
 * each happening-before the next, on the client's threads; the fields are volatile so that the thread that ran the
 * fetch reads them after the call's end.
 */
final class FetchTimer extends EventListener {

    /** Where the call started, in {@link System#nanoTime()}'s nanoseconds; -1 before it did. */
    private volatile long startNanos = -1;

    /** Nanoseconds from the start to the last such event; -1 while there was none. */
    private volatile long hopStart = -1;
    private volatile long namelookup = -1;
    private volatile long connect = -1;
    private volatile long appconnect = -1;
    private volatile long pretransfer = -1;
    private volatile long starttransfer = -1;
    /** Hops started: 1 plus the redirects followed so far. */
    private volatile int hops;
    /** TCP connections the call opened. */
    private volatile int connects;
    /** The last name looked up on this machine (the proxy's, or the origin's when direct or socks5://). */
    private volatile String lookedUp;
    /** The request body's length on the last hop that sent one, in bytes. */
    private volatile long uploaded;
    /**
     * The address that connected (of those a name's race dialled: the client tries them all), until its connection
     * is acquired.
     */
    private volatile InetSocketAddress connectedTo;
    /** The address each connection of the call went to, by the client's connection number. */
    private final Map<Long, InetSocketAddress> addresses = new ConcurrentHashMap<>();
    /** Nanoseconds from the start to the fetch's end; 0 until it ended, or when the call never started. */
    private volatile long total;
    /** The address of the connection that carried the last hop's request; null before one was acquired. */
    private volatile InetSocketAddress remote;

    private long now() {
        return System.nanoTime() - startNanos;
    }

    @Override
    public void callStart(CallInfo call) {
        if (startNanos < 0) {
            startNanos = System.nanoTime();
        }
        hopStart = now();
        hops++;
    }

    @Override
    public void dnsStart(CallInfo call, String host) {
        lookedUp = host;
    }

    @Override
    public void dnsEnd(CallInfo call, String host, List<InetAddress> found) {
        namelookup = now();
    }

    @Override
    public void connectEnd(CallInfo call, InetSocketAddress address) {
        connectedTo = address;
        connect = now();
        connects++;
    }

    @Override
    public void originTlsEnd(CallInfo call, String tlsVersion, String alpn) {
        appconnect = now();
    }

    @Override
    public void connectionAcquired(CallInfo call, ConnectionInfo connection, boolean reused) {
        if (!reused && connectedTo != null) {
            addresses.put(connection.id(), connectedTo);
        }
        remote = addresses.get(connection.id());
    }

    @Override
    public void requestHeadersStart(CallInfo call) {
        pretransfer = now();
    }

    @Override
    public void requestBodyEnd(CallInfo call, long bodyBytes) {
        uploaded = bodyBytes;
    }

    @Override
    public void responseHeadersEnd(CallInfo call, int status) {
        starttransfer = now();
    }

    /** Marks the fetch's end: the body's end, or its failure. */
    void finish() {
        total = startNanos < 0 ? 0 : now();
    }

    /** Nanoseconds from the start to {@link #finish()}. */
    long total() {
        return total;
    }

    /** Nanoseconds from the start to the end of the last name lookup; -1 when none. */
    long namelookup() {
        return namelookup;
    }

    /** Nanoseconds from the start to the last TCP connect; -1 when none. */
    long connect() {
        return connect;
    }

    /** Nanoseconds from the start to the end of the last TLS handshake with the origin; -1 when none. */
    long appconnect() {
        return appconnect;
    }

    /** Nanoseconds from the start to the last request's start; -1 when none was sent. */
    long pretransfer() {
        return pretransfer;
    }

    /** Nanoseconds from the start to the last response head; -1 when none came. */
    long starttransfer() {
        return starttransfer;
    }

    /** Nanoseconds from the start to the start of the final hop, when there were redirects; else 0. */
    long redirect() {
        return hops > 1 ? hopStart : 0;
    }

    /**
     * Nanoseconds from the final request's start to its response's head: the time to first byte as the origin
     * (and the proxy) made it; -1 when no head came.
     */
    long firstByte() {
        return starttransfer >= 0 && pretransfer >= 0 && starttransfer >= pretransfer ? starttransfer - pretransfer
                : -1;
    }

    /** TCP connections the fetch opened. */
    int connects() {
        return connects;
    }

    /** The last host name looked up on this machine, or null. */
    String lookedUp() {
        return lookedUp;
    }

    /** The request body's length in bytes (the last hop's); 0 without one. */
    long uploaded() {
        return uploaded;
    }

    /** Where the connection that carried the final request went (the proxy, or the origin when direct); or null. */
    InetSocketAddress remote() {
        return remote;
    }
}
