package io.proxybench.experiments.probe;

import io.proxybench.client.PoolLimits;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.experiments.probe.Prober.Answer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * How many idle upstream connections the proxy keeps in forward mode (seed 001's cap of 2), estimated from the
 * target's view: rounds of {@link #CONCURRENT} forwarded requests at once through one exit; in each round after the
 * first, the target connections it had seen before are the ones the proxy kept idle and reused, so their count is
 * the cap (up to {@link #CONCURRENT}). Needs a target that reports its connection id ({@code conn=}).
 */
final class ForwardReuseCheck {

    static final int CONCURRENT = 8;
    static final int ROUNDS = 4;

    private ForwardReuseCheck() {}

    static ProbeLine run(Prober prober, ProbeSetup setup, RotationChecks.Seen seen) {
        String id = "forward_idle_cap";
        String property = "forward-mode idle upstream connections";
        if (setup.httpTarget() == null) {
            return ProbeLine.notMeasured(id, property, "no http:// target given");
        }
        boolean rotates = seen.forwardIps().stream().distinct().count() > 1;
        if (seen.forwardIps().isEmpty()) {
            return ProbeLine.notMeasured(id, property, "forwarded requests got no trace");
        }
        if (rotates && setup.proxy().credentials() == null) {
            return ProbeLine.notMeasured(id, property, "forwarded requests rotate exits, and "
                    + SessionChecks.NO_CREDENTIALS + " session can hold one");
        }
        if (rotates && setup.sessions() == null) {
            return ProbeLine.notMeasured(id, property, "forwarded requests rotate exits and no session syntax was"
                    + " given to hold one (--provider NAME)");
        }
        if (!prober.take(CONCURRENT * ROUNDS)) {
            return ProbeLine.notMeasured(id, property, "the request budget is spent");
        }
        String key = prober.key("forward");
        List<Integer> reused = new ArrayList<>();
        Set<String> before = new HashSet<>();
        try (ProxyClient client = prober.client(ProtocolChecks.as(setup.proxy(), ProxyScheme.HTTP), b -> {
            b.limits(PoolLimits.builder().maxPerKey(CONCURRENT).build());
            if (rotates) {
                b.sessions(setup.sessions(), SessionRouter.stickyPerKey());
            }
        })) {
            for (int round = 0; round < ROUNDS; round++) {
                List<ProxyRequest> wave = new ArrayList<>();
                for (int i = 0; i < CONCURRENT; i++) {
                    wave.add(ProxyRequest.get(setup.httpTarget().toString()).withSessionKey(key));
                }
                Set<String> conns = new HashSet<>();
                for (Answer a : prober.sendAll(client, wave)) {
                    String conn = a.trace().value("conn");
                    if (!a.ok() || conn == null) {
                        return ProbeLine.notMeasured(id, property, a.ok() ? "the target reports no connection id"
                                + " (conn=)" : "a forwarded request failed: " + a.outcome());
                    }
                    conns.add(conn);
                }
                if (round > 0) {
                    reused.add((int) conns.stream().filter(before::contains).count());
                }
                before.addAll(conns);
            }
        }
        List<Integer> sorted = new ArrayList<>(reused);
        sorted.sort(null);
        int median = sorted.get(sorted.size() / 2);
        String value = median >= CONCURRENT ? "at least " + CONCURRENT + " (every connection was reused)"
                : "about " + median + " (of " + CONCURRENT + " at once, later rounds reused " + reused + ")";
        return ProbeLine.measured(id, property, value, (double) median, ROUNDS + " rounds of " + CONCURRENT
                + " forwarded GETs at once through one exit, the target's connection ids compared across rounds",
                "estimated; lower when the requests did not overlap at the proxy");
    }
}
