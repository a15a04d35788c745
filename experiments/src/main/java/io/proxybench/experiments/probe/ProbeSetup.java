package io.proxybench.experiments.probe;

import io.proxybench.analysis.asn.AsnLookup;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.harness.Durations;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * What a probe is pointed at and what it may spend.
 *
 * @param proxy the proxy's endpoint, and its account when it takes one (none for an open proxy: the checks go
 *     without credentials and those that need a session say so); its scheme picks none of the checks: each protocol
 *     is tried on this host and port
 * @param httpsProxy where the proxy answers TLS ({@code https://}), when not on {@code proxy}'s port; null to try
 *     that port
 * @param sessions how sessions are written (the provider's dialect, with any country asked for); null when none was
 *     given: the session checks then say so. Only with an account in {@code proxy}: sessions are written into it
 * @param httpsTarget an {@code https://} URL whose body is a trace ({@code key=value} lines with at least
 *     {@code ip=}; {@code loc=}, {@code conn=} and {@code ja4=} are used when present)
 * @param httpTarget the same over {@code http://}, for forward mode; null to skip the forward checks
 * @param tls how the target's (and an {@code https://} proxy's) certificates are checked
 * @param asns AS numbers of exit IPs, or null when no table was given
 * @param budget requests the probe may send in all, at least 20; checks past it are reported as not measured
 * @param rampTo the highest concurrency of the refusal ramp; 0 for no ramp (it is opt-in: paid traffic)
 * @param sessionWatch how long the session checks watch a session, at least 2 s
 * @param timeout one request's limit
 */
public record ProbeSetup(ProxySpec proxy, ProxySpec httpsProxy, SessionTemplate sessions, URI httpsTarget,
        URI httpTarget, TlsSettings tls, AsnLookup asns, int budget, int rampTo, Duration sessionWatch,
        Duration timeout) {

    /** The trace a probe asks for by default, over HTTPS. */
    public static final String DEFAULT_TARGET = "https://www.cloudflare.com/cdn-cgi/trace";

    /** {@link #DEFAULT_TARGET} over plain HTTP, for the forward-mode checks. */
    public static final String DEFAULT_HTTP_TARGET = "http://www.cloudflare.com/cdn-cgi/trace";

    /** The fewest requests a probe needs for its protocol and rotation checks. */
    public static final int MIN_BUDGET = 20;

    public ProbeSetup {
        Objects.requireNonNull(proxy, "proxy");
        Objects.requireNonNull(httpsTarget, "httpsTarget");
        Objects.requireNonNull(tls, "tls");
        if (sessions != null && proxy.credentials() == null) {
            throw new IllegalArgumentException("sessions are written into the proxy credentials, but " + proxy
                    + " has none: give user:pass in its URL, or no sessions for a proxy that takes no credentials");
        }
        if (budget < MIN_BUDGET) {
            throw new IllegalArgumentException("--budget-requests " + budget + " is below " + MIN_BUDGET
                    + ", the fewest the protocol and rotation checks need");
        }
        if (rampTo < 0) {
            throw new IllegalArgumentException("--ramp-to " + rampTo + " must be 0 (no ramp) or more");
        }
        if (sessionWatch.compareTo(Duration.ofSeconds(2)) < 0) {
            throw new IllegalArgumentException("--session-watch " + Durations.format(sessionWatch)
                    + " must be at least 2s");
        }
    }

    /**
     * The {@code http://} target of the forward-mode checks for the targets as given ({@code --target},
     * {@code --http-target}): {@code httpTarget}, else {@link #DEFAULT_HTTP_TARGET} with the default
     * {@code httpsTarget}, else null (no forward checks).
     *
     * @throws IllegalArgumentException when {@code httpsTarget} is not {@code https://} or {@code httpTarget} not
     *     {@code http://}
     */
    public static URI forwardTarget(URI httpsTarget, URI httpTarget) {
        if (!"https".equals(httpsTarget.getScheme())) {
            throw new IllegalArgumentException("--target " + httpsTarget + " is not https://; give the http:// one as"
                    + " --http-target");
        }
        if (httpTarget != null && !"http".equals(httpTarget.getScheme())) {
            throw new IllegalArgumentException("--http-target " + httpTarget + " is not http://");
        }
        return httpTarget != null ? httpTarget
                : httpsTarget.toString().equals(DEFAULT_TARGET) ? URI.create(DEFAULT_HTTP_TARGET) : null;
    }
}
