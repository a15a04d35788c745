package io.proxybench.harness.plan;

import io.proxybench.analysis.Expect;
import io.proxybench.analysis.threshold.Thresholds;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.Timeouts;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.harness.Durations;
import io.proxybench.harness.schedule.ArrivalSchedule;
import io.proxybench.harness.schedule.ShardPart;
import java.net.URI;
import java.util.List;

/**
 * {@link RunSettings#check}: the settings read and checked together, in an order that callers' tests hold to (the
 * first mistake of several is the one reported). Messages name the settings as the command line spells them.
 */
final class RunSettingsCheck {

    private final RunSettings s;

    private RunSettingsCheck(RunSettings settings) {
        this.s = settings;
    }

    static CheckedRun check(RunSettings settings) {
        return new RunSettingsCheck(settings).check();
    }

    private CheckedRun check() {
        if (s.rotation != null && !s.rotation.equals("per-request") && !s.rotation.equals("sticky")
                && !s.rotation.startsWith("window:")) {
            throw new IllegalArgumentException("--rotation " + s.rotation + " is not a policy: give sticky or"
                    + " window:DURATION (with --sessions N), or per-request (without --sessions)");
        }
        ShardPart shard = s.shards.read(s.closedLoop != null);
        s.metrics.check();
        ArrivalSchedule schedule = s.closedLoop == null ? shard.of(globalSchedule()) : null;
        if (s.closedLoop != null) {
            checkClosedLoop();
        }
        List<URI> urls = s.urls.get();
        List<ProxyRequest> requests = s.requests.apply(urls);
        boolean random = random();
        if (s.sessions > 0 && !s.providerGiven && !s.templateGiven) {
            throw new IllegalArgumentException("--sessions needs --provider NAME or --session-template TEMPLATE:"
                    + " how the session ids are written into the proxy credentials");
        }
        if (s.sessions == 0 && s.templateGiven && !"per-request".equals(s.rotation)) {
            throw new IllegalArgumentException("--session-template writes session ids; give --sessions N too, or"
                    + " --rotation per-request for a session of its own on every request");
        }
        TlsSettings tls = s.tls.get();
        if (s.ioThreads < 1) {
            throw new IllegalArgumentException("--io-threads must be at least 1, got " + s.ioThreads);
        }
        if (s.maxInFlight < 0 || s.sessions < 0 || s.retries < 0) {
            throw new IllegalArgumentException("--max-in-flight, --sessions and --retries must not be negative");
        }
        WarmUp warmUp = s.warmUp();
        for (URI url : urls) {
            if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
                throw new IllegalArgumentException("--url " + url + " is not http:// or https://");
            }
        }
        Expect expectation = Expect.of(s.expect, s.expectJson);
        List<ProxySpec> proxies = s.proxyFile == null ? List.of() : ProxyFile.read(s.proxyFile);
        if (!proxies.isEmpty() && s.proxy != null) {
            throw new IllegalArgumentException("--proxy and --proxy-file exclude each other");
        }
        checkProxyHttp2(proxies, urls);
        if (s.maxRedirects != null && !s.followRedirects) {
            throw new IllegalArgumentException("--max-redirects applies to -L (follow redirects); give both, or"
                    + " neither to take each 3xx as the answer");
        }
        if (s.maxRedirects != null && s.maxRedirects < 1) {
            throw new IllegalArgumentException("--max-redirects " + s.maxRedirects + ": give 1 or more (without -L no"
                    + " redirect is followed)");
        }
        Timeouts timeouts = s.timeouts.get();
        SessionRouter router = rotation();
        SessionTemplate template = s.sessionTemplate.get();
        if (template != null && s.proxy == null && s.proxyFile == null) {
            throw new IllegalArgumentException("--provider, --session-template and the session options write into"
                    + " proxy credentials; give --proxy or --proxy-file too");
        }
        if (template != null && (s.proxy != null ? List.of(s.proxy) : proxies).stream()
                .anyMatch(p -> p.credentials() == null)) {
            throw new IllegalArgumentException(SessionSettings.NO_ACCOUNT);
        }
        checkNoRecords(shard);
        Thresholds thresholds = Thresholds.parse(s.failIf);
        if (s.abortOnFail && thresholds.isEmpty()) {
            throw new IllegalArgumentException("--abort-on-fail applies to --fail-if; give a condition to stop on");
        }
        return new CheckedRun(s, shard, schedule, urls, requests, random, warmUp, tls, expectation, proxies,
                timeouts, template, router, thresholds);
    }

    /** Whether requests draw their URL at random rather than in turn. */
    private boolean random() {
        return switch (s.urlOrder) {
            case "rotate" -> false;
            case "random" -> true;
            default -> throw new IllegalArgumentException("--url-order " + s.urlOrder + " is not rotate or random");
        };
    }

    /**
     * Reads {@code --rotation} against {@code --sessions}: with sessions, sticky (the default) or window:DURATION;
     * without, per-request (a tunnel per request) or nothing.
     *
     * @return the sessions' router; null without sessions
     */
    private SessionRouter rotation() {
        String rotation = s.rotation;
        if (s.sessions == 0) {
            if (rotation != null && !rotation.equals("per-request")) {
                throw new IllegalArgumentException("--rotation " + rotation + " rotates sticky sessions: give"
                        + " --sessions N too (with --provider or --session-template), or --rotation per-request for a"
                        + " new tunnel on every request");
            }
            if ("per-request".equals(rotation) && s.keepAlive != null && !s.keepAlive.isZero()) {
                throw new IllegalArgumentException("--rotation per-request opens a tunnel for every request and"
                        + " keeps none, so --keep-alive " + Durations.format(s.keepAlive) + " does not apply: leave"
                        + " one of them out");
            }
            // With --provider or --session-template, each request's tunnel also gets a session id of its own.
            return "per-request".equals(rotation) && s.sessionTemplate.get() != null
                    ? SessionRouter.perRequest() : null;
        }
        if ("per-request".equals(rotation)) {
            throw new IllegalArgumentException("--rotation per-request with --sessions " + s.sessions + ": per-request"
                    + " gives every request a tunnel (and exit) of its own, so there are no sessions to rotate over;"
                    + " leave out --sessions for that, or keep --sessions " + s.sessions + " with --rotation sticky"
                    + " (each session keeps its exit) or window:DURATION (each gets a new exit every DURATION)");
        }
        if (rotation == null || rotation.equals("sticky")) {
            return SessionRouter.stickyPerKey();
        }
        try {
            return SessionRouter.stickyPerWindow(Durations.parse(rotation.substring("window:".length())));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--rotation " + rotation + ": " + e.getMessage(), e);
        }
    }

    /** {@code --no-records} with a setting that writes into the records or files it leaves out: refused. */
    private void checkNoRecords(ShardPart shard) {
        if (!s.noRecords) {
            return;
        }
        for (String option : List.of("--out", "--hdr-log", "--keep-body")) {
            if (s.given.test(option)) {
                throw new IllegalArgumentException("--no-records writes no records file and no interval log, and "
                        + option + " is about them: leave " + option + " out, or --no-records");
            }
        }
        if (shard.text() != null) {
            throw new IllegalArgumentException("--no-records and --shard exclude each other: merge joins the shards'"
                    + " records into one run; leave --no-records out");
        }
    }

    /**
     * Checks {@code --proxy-http2} and {@code --proxy-max-streams}: HTTP/2 is negotiated by TLS ALPN, so every proxy
     * must be {@code https://}; it carries CONNECT tunnels, so every target {@code https://}.
     */
    private void checkProxyHttp2(List<ProxySpec> proxies, List<URI> urls) {
        if (s.proxyMaxStreams != null && !s.proxyHttp2) {
            throw new IllegalArgumentException("--proxy-max-streams applies to --proxy-http2; give both");
        }
        if (s.proxyMaxStreams != null && s.proxyMaxStreams < 1) {
            throw new IllegalArgumentException("--proxy-max-streams " + s.proxyMaxStreams + " must be at least 1");
        }
        if (!s.proxyHttp2) {
            return;
        }
        if (s.proxy == null && proxies.isEmpty()) {
            throw new IllegalArgumentException("--proxy-http2 needs an https:// proxy: give --proxy https://HOST:PORT"
                    + " (or a --proxy-file of https:// proxies), or leave --proxy-http2 out");
        }
        for (ProxySpec p : s.proxy != null ? List.of(s.proxy) : proxies) {
            if (p.scheme() != ProxyScheme.HTTPS) {
                throw new IllegalArgumentException("--proxy-http2 needs https:// proxies (HTTP/2 is negotiated by"
                        + " TLS ALPN), but " + (s.proxy != null ? "--proxy is " : "--proxy-file " + s.proxyFile
                        + " has ") + p + ": use the proxy's https:// endpoint, or leave --proxy-http2 out");
            }
        }
        for (URI url : urls) {
            if (!"https".equals(url.getScheme())) {
                throw new IllegalArgumentException("--proxy-http2 carries CONNECT tunnels, so https:// targets only;"
                        + " --url " + url + " would be forwarded over HTTP/1.1: use https:// URLs, or leave"
                        + " --proxy-http2 out");
            }
        }
    }

    private void checkClosedLoop() {
        if (s.closedLoop < 1) {
            throw new IllegalArgumentException("--closed-loop " + s.closedLoop + " needs at least 1 worker");
        }
        if (s.duration == null) {
            throw new IllegalArgumentException("--closed-loop needs --duration");
        }
        if (s.rate != null || s.ramp != null || s.burst != null || s.poisson || s.maxInFlight != 0) {
            throw new IllegalArgumentException("--closed-loop replaces --rate, --ramp, --burst, --poisson and"
                    + " --max-in-flight (its workers are its concurrency)");
        }
    }

    /** The whole run's schedule, of which a shard fires its segment. */
    private ArrivalSchedule globalSchedule() {
        if (s.burst != null) {
            if (s.every == null || s.duration == null || s.rate != null || s.ramp != null || s.poisson) {
                throw new IllegalArgumentException("--burst goes with --every and --duration only");
            }
            return ArrivalSchedule.bursts(s.burst, s.every, s.duration);
        }
        if (s.ramp != null) {
            if (s.rate != null || s.duration != null || s.poisson) {
                throw new IllegalArgumentException("--ramp replaces --rate, --duration and --poisson");
            }
            return ArrivalSchedule.stages(ArrivalSchedule.parseStages(s.ramp));
        }
        if (s.rate == null || s.duration == null) {
            throw new IllegalArgumentException("give --rate and --duration, or --ramp");
        }
        if (!(s.rate > 0)) {
            throw new IllegalArgumentException("--rate " + s.rate + " must be above 0");
        }
        return s.poisson ? ArrivalSchedule.poisson(s.rate, s.duration, s.seed)
                : ArrivalSchedule.constant(s.rate, s.duration);
    }
}
