package io.proxybench.lab.faults;

import java.util.Objects;

/**
 * The fault and latency plans a running gateway injects now, each replaceable while it runs. Every reader takes the
 * plan current when its connection, tunnel or dial starts and keeps it for that start: a client connection keeps the
 * client round trip it was accepted with, an upstream connection the target round trip it was dialled with (a
 * forward-mode connection reused from the idle pool keeps it too), and a dial pays the exit setup current when it
 * starts; each new tunnel draws its fault from the decider current when it is opened. Thread-safe: a read is one
 * volatile read.
 */
public final class Injection {

    private volatile FaultPlan.Decider faults;
    private volatile LatencyPlan latency;

    public Injection(FaultPlan faults, LatencyPlan latency) {
        faults(faults);
        latency(latency);
    }

    /** The decider that draws each new tunnel's fault, made afresh from each plan set (so seeded from then on). */
    public FaultPlan.Decider decider() {
        return faults;
    }

    public FaultPlan faults() {
        return faults.plan();
    }

    /**
     * Replaces the fault plan for tunnels opened from now on; its draws start again from its seed, so a given plan
     * breaks the same tunnels, counted from this call.
     */
    public void faults(FaultPlan plan) {
        faults = Objects.requireNonNull(plan, "fault plan").decider();
    }

    public LatencyPlan latency() {
        return latency;
    }

    /** Replaces the latency plan for what starts from now on (see the class's note on what keeps the old one). */
    public void latency(LatencyPlan plan) {
        latency = Objects.requireNonNull(plan, "latency plan");
    }
}
