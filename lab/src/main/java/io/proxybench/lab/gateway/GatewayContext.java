package io.proxybench.lab.gateway;

import io.proxybench.lab.exits.SessionTable;
import io.proxybench.lab.faults.Injection;

/**
 * What every connection of one gateway shares. The fault and latency plans in force are {@code injection}'s, which
 * start as {@code config}'s and may be replaced while the gateway runs: read them there, never from {@code config}.
 */
record GatewayContext(
        GatewayConfig config,
        SessionTable sessions,
        GatewayCounters counters,
        Injection injection,
        ExitDialer dialer,
        ForwardPool forwardPool,
        Resolver resolver) {}
