package io.proxybench.lab.gateway;

import io.proxybench.lab.exits.SessionTable;
import io.proxybench.lab.faults.FaultPlan;

/** What every connection of one gateway shares. */
record GatewayContext(
        GatewayConfig config,
        SessionTable sessions,
        GatewayCounters counters,
        FaultPlan.Decider faults,
        ExitDialer dialer,
        ForwardPool forwardPool,
        Resolver resolver) {}
