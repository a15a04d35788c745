package io.proxybench.experiments.probe;

import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.probe.Prober.Answer;
import io.proxybench.harness.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

/**
 * What a sticky session does over time, in the provider's own syntax: how long it keeps its exit while in use, and
 * how long an idle gap ends it; and whether country targeting lands there. Every request goes through a new tunnel
 * that closes after it, so the gateway sees each one and nothing held open counts as activity. Time is bounded by
 * {@link ProbeSetup#sessionWatch()}: a lifetime longer than that is reported as "at least".
 */
final class SessionChecks {

    /** Requests for the targeting check. */
    static final int TARGETED = 10;

    /** Why a proxy given without credentials has no session lines, to be ended with what cannot be asked for. */
    static final String NO_CREDENTIALS = "the proxy was given no credentials, so no";

    private SessionChecks() {}

    static void run(Prober prober, ProbeSetup setup, ProxySpec tunnels, RotationChecks.Seen seen,
            List<ProbeLine> lines) {
        String none = whyNot(setup, tunnels, seen);
        if (none != null) {
            boolean single = none.startsWith("none");
            for (String[] p : new String[][] {{"sticky_hold", "sticky session held in use"},
                    {"sticky_idle", "sticky session ended by inactivity"}}) {
                lines.add(single ? ProbeLine.measured(p[0], p[1], none, 0.0, "the rotation checks above", "counted")
                        : ProbeLine.notMeasured(p[0], p[1], none));
            }
        } else {
            CompletableFuture<ProbeLine> hold = CompletableFuture.supplyAsync(() -> hold(prober, setup, tunnels));
            Idle idle = idle(prober, setup, tunnels);
            ProbeLine held = hold.join();
            lines.add(held);
            lines.add(explain(idle, held));
        }
        lines.add(targeting(prober, setup, tunnels));
    }

    /** Why no session can be checked, or null when one can; starts with "none" when the proxy has none. */
    private static String whyNot(ProbeSetup setup, ProxySpec tunnels, RotationChecks.Seen seen) {
        if (tunnels == null) {
            return "no tunnel protocol answered";
        }
        if (seen.tunnelIps().size() >= 2 && seen.tunnelIps().stream().distinct().count() == 1) {
            return "none: every tunnel left from one exit (" + seen.tunnelIps().get(0) + "), so there is no"
                    + " session to hold";
        }
        if (setup.proxy().credentials() == null) {
            return NO_CREDENTIALS + " session can be asked for (sessions are written into them)";
        }
        if (setup.sessions() == null) {
            return "no session syntax given (--provider NAME or --session-template TEMPLATE)";
        }
        return null;
    }

    private static ProbeLine hold(Prober prober, ProbeSetup setup, ProxySpec tunnels) {
        String id = "sticky_hold";
        String property = "sticky session held in use";
        Duration watch = setup.sessionWatch();
        long stepMillis = Math.max(1000, watch.toMillis() / 8);
        String asked = asked(setup.sessions());
        try (ProxyClient client = sticky(prober, setup, tunnels)) {
            long start = System.nanoTime();
            String first = null;
            int requests = 0;
            long lastSameMillis = 0;
            while (true) {
                long elapsed = (System.nanoTime() - start) / 1_000_000;
                if (elapsed > watch.toMillis()) {
                    break;
                }
                if (!prober.take(1)) {
                    return ProbeLine.measured(id, property, "kept one exit for at least " + seconds(lastSameMillis)
                            + " (the request budget ran out then)" + asked, lastSameMillis / 1000.0,
                            requests + " GETs of one session, one every " + seconds(stepMillis), "a lower bound");
                }
                Answer a = prober.send(client, ProxyRequest.get(setup.httpsTarget().toString())
                        .withSessionKey(prober.key("hold")));
                requests++;
                if (!a.ok() || a.ip() == null) {
                    return ProbeLine.notMeasured(id, property, "a session request failed: " + a.outcome());
                }
                if (first == null) {
                    first = a.ip();
                } else if (!first.equals(a.ip())) {
                    return ProbeLine.measured(id, property, "moved to another exit after " + seconds(elapsed)
                            + " (kept it " + seconds(lastSameMillis) + ")" + asked, elapsed / 1000.0, requests
                            + " GETs of one session, one every " + seconds(stepMillis),
                            "bounded: between " + seconds(lastSameMillis) + " and " + seconds(elapsed));
                }
                lastSameMillis = elapsed;
                Prober.pause(stepMillis);
            }
            return ProbeLine.measured(id, property, "kept one exit for the whole " + seconds(watch.toMillis())
                    + " watched" + asked, watch.toMillis() / 1000.0, requests + " GETs of one session, one every "
                    + seconds(stepMillis), "a lower bound: the probe watched no longer (--session-watch)");
        }
    }

    /** The idle line, and how far into the session the exit changed (-1: it did not). */
    private record Idle(ProbeLine line, long changedAtMillis) {}

    private static Idle idle(Prober prober, ProbeSetup setup, ProxySpec tunnels) {
        String id = "sticky_idle";
        String property = "sticky session ended by inactivity";
        try (ProxyClient client = sticky(prober, setup, tunnels)) {
            if (!prober.take(1)) {
                return new Idle(ProbeLine.notMeasured(id, property, "the request budget is spent"), -1);
            }
            long start = System.nanoTime();
            String idleKey = prober.key("idle");
            Answer a = prober.send(client, ProxyRequest.get(setup.httpsTarget().toString()).withSessionKey(idleKey));
            if (!a.ok() || a.ip() == null) {
                return new Idle(ProbeLine.notMeasured(id, property, "a session request failed: " + a.outcome()), -1);
            }
            String first = a.ip();
            long previousGap = 0;
            List<String> tried = new ArrayList<>();
            for (long gap : gaps(setup.sessionWatch().toMillis())) {
                Prober.pause(gap);
                if (!prober.take(1)) {
                    break;
                }
                Answer next = prober.send(client, ProxyRequest.get(setup.httpsTarget().toString())
                        .withSessionKey(idleKey));
                tried.add(seconds(gap));
                if (next.ok() && next.ip() != null && !first.equals(next.ip())) {
                    return new Idle(ProbeLine.measured(id, property, "ended by an idle gap of " + seconds(gap)
                            + " (not by " + seconds(previousGap) + ")", gap / 1000.0, "one session, idle gaps of "
                            + String.join(", ", tried), "bounded: the limit is between " + seconds(previousGap)
                            + " and " + seconds(gap)), (System.nanoTime() - start) / 1_000_000);
                }
                previousGap = gap;
            }
            return new Idle(ProbeLine.measured(id, property, "not ended by idle gaps up to " + seconds(previousGap),
                    previousGap / 1000.0, "one session, idle gaps of " + String.join(", ", tried),
                    "a lower bound: longer gaps were not tried (--session-watch)"), -1);
        }
    }

    /**
     * Idle gaps of 1 s, 2 s, 4 s... that fit in {@code watchMillis} in all; then one taking what is left, when that
     * is longer than the last (a 2 min watch ends with 57 s; 5 min reaches 128 s, past a 60 s limit).
     */
    static List<Long> gaps(long watchMillis) {
        List<Long> gaps = new ArrayList<>();
        long spent = 0;
        for (long gap = 1000; spent + gap <= watchMillis; gap *= 2) {
            gaps.add(gap);
            spent += gap;
        }
        long rest = watchMillis - spent;
        if (!gaps.isEmpty() && rest > gaps.get(gaps.size() - 1)) {
            gaps.add(rest);
        }
        return gaps;
    }

    /** The idle line, unless what changed the exit was the session's lifetime: the held session moved by then. */
    private static ProbeLine explain(Idle idle, ProbeLine held) {
        if (idle.changedAtMillis() >= 0 && held.measured() && held.value().startsWith("moved") && held.figure() != null
                && idle.changedAtMillis() >= held.figure() * 1000 * 0.9) {
            ProbeLine line = idle.line();
            return ProbeLine.measured(line.id(), line.property(), "unclear: the exit changed "
                    + seconds(idle.changedAtMillis()) + " into the session, about when the held session moved (its"
                    + " lifetime)", null, line.how(), "ambiguous");
        }
        return idle.line();
    }

    private static ProbeLine targeting(Prober prober, ProbeSetup setup, ProxySpec tunnels) {
        String id = "country_targeting";
        String property = "country targeting";
        SessionTemplate sessions = setup.sessions();
        if (setup.proxy().credentials() == null) {
            return ProbeLine.notMeasured(id, property, NO_CREDENTIALS + " country can be asked for (targeting is"
                    + " written into them)");
        }
        if (sessions == null || sessions.country() == null) {
            return ProbeLine.notMeasured(id, property, "give --provider NAME and --country XX to check it");
        }
        if (tunnels == null) {
            return ProbeLine.notMeasured(id, property, "no tunnel protocol answered");
        }
        try {
            sessions.dialect().check(sessions.rotating());
        } catch (IllegalArgumentException e) {
            return ProbeLine.notMeasured(id, property, "the session syntax cannot target rotating requests: "
                    + e.getMessage());
        }
        if (!prober.take(TARGETED)) {
            return ProbeLine.notMeasured(id, property, "the request budget is spent");
        }
        int landed = 0;
        int located = 0;
        try (ProxyClient client = prober.oneShotClient(tunnels, b -> b.sessions(sessions, null))) {
            for (int i = 0; i < TARGETED; i++) {
                Answer a = prober.send(client, ProxyRequest.get(setup.httpsTarget().toString()));
                String loc = a.trace().value("loc");
                if (a.ok() && loc != null) {
                    located++;
                    landed += sessions.country().equals(loc.toUpperCase(Locale.ROOT)) ? 1 : 0;
                }
            }
        }
        if (located == 0) {
            return ProbeLine.notMeasured(id, property, "the target reported no country (loc=)");
        }
        return ProbeLine.measured(id, property, landed + " of " + located + " exits in " + sessions.country(),
                100.0 * landed / located, TARGETED + " rotating GETs asking for " + sessions.country()
                + ", the country as the target places each exit", "counted; the target's geolocation");
    }

    private static ProxyClient sticky(Prober prober, ProbeSetup setup, ProxySpec tunnels) {
        return prober.oneShotClient(tunnels, b -> b.sessions(setup.sessions(), SessionRouter.stickyPerKey()));
    }

    /** What the credentials asked for, as a suffix: "; asked for 10m" or the provider's default. */
    private static String asked(SessionTemplate sessions) {
        if (sessions.lifetime() != null) {
            return "; asked for " + seconds(sessions.lifetime().toMillis());
        }
        Duration documented = sessions.dialect().rules().defaultLifetime();
        return documented == null ? "" : "; " + sessions.dialect().name() + " documents "
                + Durations.format(documented) + " by default";
    }

    static String seconds(long millis) {
        return millis % 1000 == 0 ? millis / 1000 + " s" : String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
    }
}
