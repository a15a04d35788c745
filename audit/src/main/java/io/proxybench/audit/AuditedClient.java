package io.proxybench.audit;

import io.proxybench.client.proxy.ProxyCredentials;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * One HTTP client library, driven through an HTTP CONNECT proxy the way its own documentation has its users do it:
 * its proxy setting, its way of sending proxy credentials, its defaults unless {@link Setup#raiseTo()} asks for
 * limits raised.
 */
public interface AuditedClient {

    /** The library's name, e.g. {@code OkHttp}. */
    String name();

    /** The library's version, as the library itself reports it at run time. */
    String version();

    /**
     * The one line of the library's API that raises its limits to {@code inFlight} concurrent requests, as shown in
     * the report; it says so when the library has no limit to raise.
     */
    String raiseLimits(int inFlight);

    /**
     * How one instance of the client sends a request with credentials of its own, e.g. a header per request; or,
     * when {@link #credentialsPerRequest()} is false, why it cannot.
     */
    String perRequestCredentials();

    /**
     * Whether one instance can send requests with different proxy credentials at all; when not, the audit does not
     * try two sessions through one instance.
     */
    default boolean credentialsPerRequest() {
        return true;
    }

    /** What keeps two sessions' requests on their own tunnels with this library, as one line. */
    String isolation();

    /**
     * What the library needs beyond its defaults to use a gateway that asks for an account at all, set for every run
     * of it; null when nothing.
     */
    default String requires() {
        return null;
    }

    /** A client built from {@code setup}; the caller closes it. */
    Handle open(Setup setup) throws Exception;

    /**
     * How to build the client.
     *
     * @param proxyHost the gateway's host, an HTTP proxy that tunnels {@code https://} requests with CONNECT
     * @param proxyPort its port
     * @param caFile the only CA the origin's certificate may chain to; null for the platform's trust store
     * @param raiseTo 0 for the library's defaults, else the number of requests in flight its limits are raised to
     * @param isolate whether to apply {@link #isolation()}; false leaves one client (and one pool) for every
     *     credential set
     * @param timeout the longest a request may take, given to clients that take a time limit per request (the
     *     JDK's: its {@code close()} on Java 21 and later waits for every request in flight)
     */
    record Setup(String proxyHost, int proxyPort, Path caFile, int raiseTo, boolean isolate, Duration timeout) {
        public Setup {
            if (raiseTo < 0) {
                throw new IllegalArgumentException("raiseTo must be 0 (defaults) or more, got " + raiseTo);
            }
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("the request time limit must be positive, got " + timeout);
            }
        }
    }

    /** A built client. */
    interface Handle extends AutoCloseable {

        /**
         * GETs {@code url} through the proxy with {@code credentials} on the CONNECT. The future fails on a transport
         * error; an HTTP error status is an answer.
         */
        CompletableFuture<Answer> get(URI url, ProxyCredentials credentials);

        /** Closes what the client holds open: connections, threads. */
        @Override
        void close() throws Exception;
    }
}
