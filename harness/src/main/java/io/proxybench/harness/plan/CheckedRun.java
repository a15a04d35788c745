package io.proxybench.harness.plan;

import io.proxybench.analysis.Expect;
import io.proxybench.analysis.diagnosis.SetupContext;
import io.proxybench.analysis.threshold.Thresholds;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.RedirectPolicy;
import io.proxybench.client.Timeouts;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.harness.metrics.MetricsSettings;
import io.proxybench.harness.schedule.ArrivalSchedule;
import io.proxybench.harness.schedule.ShardPart;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;

/**
 * {@link RunSettings}, checked by {@link RunSettings#check}, with what the check read: the run's plan is
 * {@link #plan}. The settings must not change after the check.
 *
 * @param settings the settings checked
 * @param shard the part of the schedule this process fires
 * @param schedule the arrivals this process fires; null for a closed loop
 * @param urls the targets' URLs, at least one, each http:// or https://
 * @param requests one request per URL
 * @param randomTargets whether requests draw their target at random rather than in turn
 * @param warmUp the warm-up asked for
 * @param tls the trust the client uses
 * @param expectation what a 2xx body must hold to be data; null to take every 2xx as data
 * @param proxies proxies requests rotate over; empty without a proxy file
 * @param timeouts the client's per-phase timeouts
 * @param template the sessions written into proxy credentials; null without, as is {@code router}
 * @param thresholds conditions that fail the run; {@link Thresholds#NONE} without
 */
public record CheckedRun(RunSettings settings, ShardPart shard, ArrivalSchedule schedule, List<URI> urls,
        List<ProxyRequest> requests, boolean randomTargets, WarmUp warmUp, TlsSettings tls, Expect expectation,
        List<ProxySpec> proxies, Timeouts timeouts, SessionTemplate template, SessionRouter router,
        Thresholds thresholds) {

    public CheckedRun {
        urls = List.copyOf(urls);
        requests = List.copyOf(requests);
        proxies = List.copyOf(proxies);
    }

    /** The one key of {@code --rotation per-request} with a session template: each request gets a new session id. */
    private static final String PER_REQUEST_KEY = "per-request";

    /** The metrics endpoint's settings, checked. */
    public MetricsSettings metrics() {
        return settings.metrics;
    }

    /** How long the warm-up at this process's peak rate lasts: the one asked for, else the default, else none. */
    public Duration warmUpLength() {
        return settings.warmUpLength(shard.share());
    }

    /**
     * How many requests to plan open files for: the closed loop's workers, the most in flight, or
     * {@link RunSettings#IN_FLIGHT_SECONDS} of arrivals at this process's peak rate.
     */
    public long inFlightToPlanFor() {
        return settings.closedLoop != null ? settings.closedLoop : settings.maxInFlight > 0 ? settings.maxInFlight
                : (long) Math.ceil(settings.peakRate(shard.share()) * RunSettings.IN_FLIGHT_SECONDS);
    }

    /** The run these settings describe. */
    public RunPlan plan() {
        RunSettings s = settings;
        RunPlan.Builder plan = RunPlan.builder()
                .targets(requests)
                .proxies(proxies)
                .sessionKeys(s.sessions > 0 ? IntStream.range(0, s.sessions).mapToObj(n -> "s" + n).toList()
                        : router != null ? List.of(PER_REQUEST_KEY) : List.of())
                .client(client())
                .timeouts(timeouts)
                .maxInFlight(s.maxInFlight)
                .retries(s.retries)
                .warmUpSessions(warmUp.sessions() && s.sessions > 0)
                .expect(expectation)
                .keepBody(s.keepBody)
                .segment(shard.text())
                .startAt(shard.start())
                .thresholds(thresholds, s.abortOnFail)
                .setup(setup())
                .keepGoing(s.keepGoing);
        if (s.closedLoop == null) {
            plan.schedule(schedule, s.plannedDuration());
        } else {
            plan.closedLoop(s.closedLoop, s.duration);
        }
        if (randomTargets) {
            plan.randomTargets(s.seed);
        }
        Duration length = warmUp.length();
        if (length == null && s.closedLoop == null) {
            plan.warmUpByDefault(s.warmUpRate(shard.share()));
        } else if (length != null) {
            // A closed loop warms up with its own workers; a rate is a schedule's.
            plan.warmUpFor(length, s.closedLoop == null ? s.warmUpRate(shard.share()) : 0);
        }
        return plan.build();
    }

    /** The run's client settings. */
    private ProxyClient.Builder client() {
        RunSettings s = settings;
        Duration idle = "per-request".equals(s.rotation) ? Duration.ZERO
                : s.keepAlive != null ? s.keepAlive : RunSettings.DEFAULT_KEEP_ALIVE;
        ProxyClient.Builder builder = RunPlan.client(idle, timeouts).proxy(s.proxy)
                .tls(s.http11 ? tls.withAlpn(TlsSettings.HTTP11_ONLY) : tls)
                .ioThreads(s.ioThreads);
        if (template != null) {
            builder.sessions(template, router);
        }
        if (s.proxyHttp2) {
            builder.proxyProtocol(ProxyProtocol.H2_PREFERRED);
        }
        if (s.proxyMaxStreams != null) {
            builder.maxStreamsPerProxyConnection(s.proxyMaxStreams);
        }
        if (s.followRedirects) {
            builder.redirects(s.maxRedirects == null ? RedirectPolicy.normal()
                    : RedirectPolicy.normal().withMaxHops(s.maxRedirects));
        }
        if (s.noCookies) {
            builder.cookies(null);
        }
        if (s.disableCompression) {
            builder.decompression(false);
        }
        return builder;
    }

    /** Where the run's requests go and where the proxy and its credentials were given, for a diagnosis. */
    private SetupContext setup() {
        ProxySpec first = settings.proxy != null ? settings.proxy : proxies.isEmpty() ? null : proxies.get(0);
        return RunPlan.setupContext(first, settings.proxy != null ? "--proxy" : "--proxy-file " + settings.proxyFile,
                urls.get(0));
    }
}
