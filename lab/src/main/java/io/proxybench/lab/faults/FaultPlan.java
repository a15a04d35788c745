package io.proxybench.lab.faults;

import java.util.SplittableRandom;

/**
 * Which share of tunnels the gateway breaks on purpose, each fraction in [0, 1] and their sum at most 1.
 *
 * @param refuse answered 502 (HTTP) or "connection refused" (SOCKS5) without dialling
 * @param resetTls accepted, then reset when the client's first TLS bytes arrive
 * @param stall accepted, then never relayed: the client's handshake times out
 */
public record FaultPlan(double refuse, double resetTls, double stall, long seed) {

    public static final FaultPlan NONE = new FaultPlan(0, 0, 0, 1);

    public FaultPlan {
        for (double f : new double[] {refuse, resetTls, stall}) {
            if (!(f >= 0 && f <= 1)) {
                throw new IllegalArgumentException("fault fraction " + f + " is outside 0..1");
            }
        }
        if (refuse + resetTls + stall > 1 + 1e-9) {
            throw new IllegalArgumentException("fault fractions add up to more than 1: refuse " + refuse
                    + " + reset " + resetTls + " + stall " + stall);
        }
    }

    public boolean any() {
        return refuse + resetTls + stall > 0;
    }

    /**
     * A decider for one gateway: seeded, so a run with the same seed breaks the same tunnels by number (counted from
     * when the decider was made).
     */
    public Decider decider() {
        return new Decider(this);
    }

    /** Draws the fault, if any, for each new tunnel. Thread-safe. */
    public static final class Decider {
        private final FaultPlan plan;
        private final SplittableRandom random;

        private Decider(FaultPlan plan) {
            this.plan = plan;
            this.random = new SplittableRandom(plan.seed);
        }

        /** The plan it draws from. */
        public FaultPlan plan() {
            return plan;
        }

        public synchronized Fault next() {
            if (!plan.any()) {
                return Fault.NONE;
            }
            double x = random.nextDouble();
            if (x < plan.refuse) {
                return Fault.REFUSE;
            }
            if (x < plan.refuse + plan.resetTls) {
                return Fault.RESET_TLS;
            }
            return x < plan.refuse + plan.resetTls + plan.stall ? Fault.STALL : Fault.NONE;
        }
    }
}
