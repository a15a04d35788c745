package io.proxybench.experiments;

import io.proxybench.lab.Lab;
import io.proxybench.lab.gateway.GatewayCounters;
import io.proxybench.lab.target.StatsSnapshot;

/** What the embedded lab counts on both sides of the gateway: its dials from the exits, and the target's side. */
public record LabServerSide(Lab lab) implements ServerSide {

    /** The gateway's upstream dials, and the requests and TCP connections the lab's target received. */
    @Override
    public Counts read() {
        GatewayCounters.Snapshot gateway = lab.gatewayCounters();
        StatsSnapshot target = lab.targetStats();
        return new Counts(gateway.upstreamDials(), target.requestsTotal(), target.connectionsTotal());
    }
}
