package io.proxybench.audit;

import io.proxybench.analysis.Percentiles;
import io.proxybench.audit.clients.ProxybenchAudit;
import io.proxybench.client.proxy.ProxyCredentials;
import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.GatewaySide;
import io.proxybench.experiments.load.InFlight;
import io.proxybench.experiments.load.PeakSampler;
import io.proxybench.harness.Durations;
import io.proxybench.harness.Trace;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Seed 002's client table for Java clients: the same load through each client at its defaults and with its limits
 * raised, counting at the gateway how many tunnels it held at once and opened, and at the target which exit each
 * answer came from; then two sticky sessions through one client, to see whether it ever sends one session's request
 * over the other's tunnel.
 */
public final class ClientsExperiment {

    /** How often the gateway's open tunnels are read (the seed counted connections every 50 ms). */
    public static final Duration SAMPLE_PERIOD = Duration.ofMillis(50);

    /**
     * How long a load waits for the tunnels of the one before to close, before the gateway drops them: a client that
     * keeps idle connections after its last request (the JDK's on Java 17 has no {@code close()}) would otherwise
     * count in the next load's peak.
     */
    private static final Duration DRAIN = Duration.ofSeconds(2);

    /** Longest wait for one request of the isolation check. */
    private static final Duration ISOLATION_REQUEST_LIMIT = Duration.ofSeconds(30);

    /** Tries at two session ids whose exits differ, before giving up. */
    private static final int SESSION_TRIES = 4;

    /**
     * What the audit runs against.
     *
     * @param gateway the gateway as an {@code http://} proxy with the account's credentials; the load rotates (no
     *     session), the isolation check writes two sessions into them with {@code template}
     * @param template how a session id is written into the credentials
     * @param target an {@code https://} URL answering like {@code /cdn-cgi/trace}, with an {@code ip=} line
     * @param caFile the only CA the target's certificate may chain to; null for the platform's trust store
     * @param requests requests per load
     * @param inFlight most requests handed to a client at once
     * @param isolationRequests requests of the isolation check per client and mode, alternating between the sessions
     * @param warmUp requests through a throwaway instance of each client before its loads, to compile its hot code
     * @param clients the clients, in the order they run
     * @param gatewaySide the gateway's own counts; null for a real proxy, whose tunnels cannot be seen
     * @param where the gateway and target in words, for the report
     * @param limit how long one load may take
     */
    public record Setup(ProxySpec gateway, SessionTemplate template, URI target, Path caFile, int requests,
            int inFlight, int isolationRequests, int warmUp, List<AuditedClient> clients, GatewaySide gatewaySide,
            String where, Duration limit) {
        public Setup {
            clients = List.copyOf(clients);
            if (clients.isEmpty()) {
                throw new IllegalArgumentException("no client to audit");
            }
            if (gateway.scheme() != ProxyScheme.HTTP) {
                throw new IllegalArgumentException("the clients audit needs an http:// proxy (every client here"
                        + " speaks CONNECT over plain TCP to its proxy); got " + gateway);
            }
            if (gateway.credentials() == null) {
                throw new IllegalArgumentException("the clients audit needs the proxy's account (user:pass@ or"
                        + " PROXY_USER / PROXY_PASS): the sessions are written into it");
            }
            if (!"https".equalsIgnoreCase(target.getScheme())) {
                throw new IllegalArgumentException("--url must be https://, so that each client tunnels with CONNECT;"
                        + " got " + target);
            }
            checkSizes(requests, inFlight, isolationRequests, warmUp, limit);
        }
    }

    /**
     * Checks the sizes of a run before anything starts.
     *
     * @throws IllegalArgumentException naming the option, its value and what to use
     */
    public static void checkSizes(int requests, int inFlight, int isolationRequests, int warmUp, Duration limit) {
        if (requests < 1) {
            throw new IllegalArgumentException("--requests must be at least 1, got " + requests);
        }
        InFlight.check("--in-flight", inFlight);
        if (isolationRequests < 2 || isolationRequests % 2 != 0) {
            throw new IllegalArgumentException("--isolation-requests must be even and at least 2 (half per session),"
                    + " got " + isolationRequests);
        }
        if (warmUp < 0) {
            throw new IllegalArgumentException("--warm-up must be 0 or more, got " + warmUp);
        }
        if (limit.isNegative() || limit.isZero()) {
            throw new IllegalArgumentException("--time-limit must be positive, got " + limit);
        }
    }

    /** A sticky session: its credentials and the exit it holds. */
    record Session(ProxyCredentials credentials, String exit) {}

    private ClientsExperiment() {}

    /** Every client's two loads, then every client's two isolation checks (so a failed check keeps the loads). */
    public static ClientsResult run(Setup s) throws Exception {
        Mask mask = new Mask(List.of(s.gateway().credentials()));
        List<LoadRow> loads = new ArrayList<>();
        Map<String, String> requirements = new LinkedHashMap<>();
        for (AuditedClient c : s.clients()) {
            warmUp(s, c, mask);
            loads.add(load(s, c, false, mask));
            loads.add(load(s, c, true, mask));
            if (c.requires() != null) {
                requirements.put(c.name(), c.requires());
            }
        }
        String run = "audit" + Long.toString(System.nanoTime() & 0xffffffffL, 36);
        List<IsolationRow> isolation = new ArrayList<>();
        int check = 0;
        for (AuditedClient c : s.clients()) {
            for (boolean workaround : new boolean[] {false, true}) {
                if (!workaround && !c.credentialsPerRequest()) {
                    isolation.add(IsolationRow.notRun(c.name(), IsolationRow.ONE_CLIENT, c.perRequestCredentials()));
                    continue;
                }
                isolation.add(isolation(s, c, workaround, run + "c" + check++, mask));
            }
        }
        return new ClientsResult(LocalDate.now(ZoneOffset.UTC).toString(), Runtime.version().toString(), s.where(),
                s.requests(), s.inFlight(), loads, isolation, requirements);
    }

    /**
     * Two sticky sessions new to this run whose exits differ, each exit learnt through proxybench's client (whose
     * pool never mixes sessions).
     *
     * @param run letters and digits that make the session ids new
     * @throws IllegalStateException naming what went wrong and what to check
     */
    static List<Session> sessions(Setup s, String run) throws Exception {
        Duration limit = requestLimit(s);
        try (AuditedClient.Handle probe = new ProxybenchAudit().open(setup(s, 0, false))) {
            for (int attempt = 0; attempt < SESSION_TRIES; attempt++) {
                List<Session> pair = new ArrayList<>();
                for (String id : List.of(run + attempt + "a", run + attempt + "b")) {
                    ProxyCredentials c = s.template().apply(s.gateway().credentials(), id);
                    Answer a;
                    try {
                        a = probe.get(s.target(), c).get(limit.toNanos(), TimeUnit.NANOSECONDS);
                    } catch (ExecutionException | TimeoutException e) {
                        throw new IllegalStateException("a sticky session's first request failed ("
                                + new Mask(List.of(s.gateway().credentials(), c)).error(e) + "); check"
                                + " --session-template, how the gateway reads a session from the credentials", e);
                    }
                    if (a.status() == 407) {
                        throw new IllegalStateException("the gateway refused a sticky session's credentials (407);"
                                + " check --session-template, how the gateway reads a session from the credentials");
                    }
                    String exit = exit(a);
                    if (a.status() != 200 || exit == null) {
                        throw new IllegalStateException("the target answered a sticky session's first request with "
                                + a.status() + (exit == null ? " and no ip= line" : "") + "; --url must answer"
                                + " like /cdn-cgi/trace");
                    }
                    pair.add(new Session(c, exit));
                }
                if (!pair.get(0).exit().equals(pair.get(1).exit())) {
                    return pair;
                }
            }
        }
        throw new IllegalStateException(SESSION_TRIES + " pairs of new sticky sessions each got one exit for both: the"
                + " gateway does not give sessions exits of their own, so the isolation check cannot tell them apart");
    }

    private static AuditedClient.Setup setup(Setup s, int raiseTo, boolean isolate) {
        return new AuditedClient.Setup(s.gateway().host(), s.gateway().port(), s.caFile(), raiseTo, isolate,
                s.limit());
    }

    /** How long one request of the isolation check may take: {@link #ISOLATION_REQUEST_LIMIT}, or less. */
    private static Duration requestLimit(Setup s) {
        return s.limit().compareTo(ISOLATION_REQUEST_LIMIT) < 0 ? s.limit() : ISOLATION_REQUEST_LIMIT;
    }

    /** A share of the load through a throwaway instance at defaults: it compiles the client's hot code. */
    private static void warmUp(Setup s, AuditedClient c, Mask mask) throws Exception {
        if (s.warmUp() == 0) {
            return;
        }
        try (AuditedClient.Handle h = c.open(setup(s, 0, false))) {
            Load.run(h, s.target(), s.gateway().credentials(), s.warmUp(), Math.min(s.inFlight(), s.warmUp()),
                    s.limit(), mask);
        }
        drain(s.gatewaySide());
    }

    static LoadRow load(Setup s, AuditedClient c, boolean raised, Mask mask) throws Exception {
        GatewaySide g = s.gatewaySide();
        drain(g);
        // None after the drain; any left (a tunnel the gateway had not yet counted closed) is not this load's.
        long baseline = g == null ? 0 : g.openTunnels();
        GatewaySide.Counts before = g == null ? null : g.counts();
        LoadTally t;
        long peak;
        try (AuditedClient.Handle h = c.open(setup(s, raised ? s.inFlight() : 0, false));
                PeakSampler sampler = g == null ? null : PeakSampler.start(g::openTunnels, SAMPLE_PERIOD)) {
            t = Load.run(h, s.target(), s.gateway().credentials(), s.requests(), s.inFlight(), s.limit(), mask);
            // Its last sample, with the client's tunnels still open: a load shorter than a period has no other.
            if (sampler != null) {
                sampler.close();
            }
            peak = sampler == null ? 0 : sampler.peak();
        }
        Percentiles latency = t.latency();
        double seconds = t.seconds();
        return new LoadRow(c.name(), c.version(), raised ? LoadRow.RAISED : LoadRow.DEFAULTS,
                raised ? c.raiseLimits(s.inFlight()) : null, s.requests(), t.ok(), t.failed(), t.firstError(),
                g == null ? null : Math.max(0, peak - baseline), g == null ? null : g.counts().since(before).tunnels(),
                t.topExitShare(), t.exits().size(), t.untraced(), seconds == 0 ? null : t.ok() / seconds,
                latency == null ? null : latency.p50(), latency == null ? null : latency.p99(), t.http());
    }

    /**
     * Waits for the gateway's open tunnels to fall to none, at most {@link #DRAIN}; then has the gateway drop what
     * is left.
     */
    private static void drain(GatewaySide g) throws InterruptedException {
        if (g == null) {
            return;
        }
        long deadline = System.nanoTime() + DRAIN.toNanos();
        while (g.openTunnels() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        if (g.openTunnels() > 0) {
            g.dropConnections();
            // The gateway counts a tunnel closed once its channel has gone inactive, just after the close.
            for (int i = 0; i < 50 && g.openTunnels() > 0; i++) {
                Thread.sleep(20);
            }
        }
    }

    /**
     * The isolation check of {@code c} in one mode, with two sticky sessions new to it ({@code run} makes their ids);
     * a row with the reason when no such pair can be had.
     */
    private static IsolationRow isolation(Setup s, AuditedClient c, boolean workaround, String run, Mask mask)
            throws Exception {
        List<Session> pair;
        try {
            pair = sessions(s, run);
        } catch (IllegalStateException e) {
            return IsolationRow.measured(c.name(), workaround ? IsolationRow.WORKAROUND : IsolationRow.ONE_CLIENT,
                    workaround ? c.isolation() : c.perRequestCredentials(), s.isolationRequests(), 0, 0, 0,
                    s.isolationRequests(), e.getMessage());
        }
        List<ProxyCredentials> secrets = new ArrayList<>(List.of(s.gateway().credentials()));
        pair.forEach(x -> secrets.add(x.credentials()));
        return isolation(s, c, workaround, pair.get(0), pair.get(1), new Mask(secrets));
    }

    /** The isolation check of {@code c} in one mode with sessions {@code a} and {@code b}, whose exits differ. */
    static IsolationRow isolation(Setup s, AuditedClient c, boolean workaround, Session a, Session b,
            Mask mask) throws Exception {
        Duration limit = requestLimit(s);
        int ok = 0;
        int mixed = 0;
        int elsewhere = 0;
        int failed = 0;
        String error = null;
        try (AuditedClient.Handle h = c.open(setup(s, 0, workaround))) {
            for (int i = 0; i < s.isolationRequests(); i++) {
                Session own = i % 2 == 0 ? a : b;
                Session other = own == a ? b : a;
                String problem;
                try {
                    Answer answer = h.get(s.target(), own.credentials()).get(limit.toNanos(), TimeUnit.NANOSECONDS);
                    String exit = exit(answer);
                    if (answer.status() != 200) {
                        problem = "status " + answer.status();
                    } else if (own.exit().equals(exit)) {
                        ok++;
                        continue;
                    } else if (other.exit().equals(exit)) {
                        mixed++;
                        continue;
                    } else {
                        elsewhere++;
                        continue;
                    }
                } catch (ExecutionException e) {
                    problem = mask.error(e);
                } catch (TimeoutException e) {
                    problem = "no answer within " + Durations.format(limit);
                } catch (CancellationException e) {
                    problem = "the client cancelled the request";
                }
                failed++;
                if (error == null) {
                    error = problem;
                }
            }
        }
        drain(s.gatewaySide());
        return IsolationRow.measured(c.name(), workaround ? IsolationRow.WORKAROUND : IsolationRow.ONE_CLIENT,
                workaround ? c.isolation() : c.perRequestCredentials(), s.isolationRequests(), ok, mixed, elsewhere,
                failed, error);
    }

    private static String exit(Answer a) {
        return Trace.of(a.body().getBytes(StandardCharsets.UTF_8)).value("ip");
    }
}
