package io.proxybench.experiments;

import io.proxybench.lab.Lab;
import io.proxybench.lab.gateway.GatewayCounters;
import java.time.Duration;

/** What the embedded lab's gateway counts, for the experiments that look: the HTTP/2 gateway's and the audit's. */
public record LabGatewaySide(Lab lab) implements GatewaySide {

    @Override
    public long openConnections() {
        return lab.openGatewayConnections();
    }

    @Override
    public long openTunnels() {
        return lab.openGatewayTunnels();
    }

    /** A restart of the gateway with no time down: sessions and their exits stay. */
    @Override
    public void dropConnections() throws InterruptedException {
        lab.restartGateway(Duration.ZERO);
    }

    /** Tunnels count HTTP/1.1 CONNECT tunnels and HTTP/2 CONNECT streams, not SOCKS5 or forwarded requests. */
    @Override
    public Counts counts() {
        GatewayCounters.Snapshot g = lab.gatewayCounters();
        return new Counts(g.clientConnections(),
                g.tunnels(GatewayCounters.Kind.CONNECT) + g.tunnels(GatewayCounters.Kind.H2_CONNECT));
    }
}
