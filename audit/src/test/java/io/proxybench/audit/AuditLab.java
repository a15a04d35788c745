package io.proxybench.audit;

import io.proxybench.bench.experiment.GatewaySide;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.session.SessionTemplate;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.faults.LatencyPlan;
import io.proxybench.lab.gateway.GatewayCounters.Kind;
import java.net.URI;
import java.time.Duration;
import java.util.List;

/** A lab whose gateway asks for the account {@code lab:lab}, seen by the audit as a {@link GatewaySide}. */
final class AuditLab implements GatewaySide, AutoCloseable {

    final Lab lab;

    private AuditLab(Lab lab) {
        this.lab = lab;
    }

    static AuditLab start() throws InterruptedException {
        return start(LatencyPlan.NONE);
    }

    static AuditLab start(LatencyPlan latency) throws InterruptedException {
        return new AuditLab(Lab.start(LabConfig.builder().auth("lab", "lab").latency(latency).build()));
    }

    /** A lab with only {@code exits} exit addresses. */
    static AuditLab start(int exits) throws InterruptedException {
        return new AuditLab(Lab.start(LabConfig.builder().auth("lab", "lab").exits(exits).build()));
    }

    ProxySpec gateway() {
        return ProxySpec.parse("http://lab:lab@" + lab.host() + ":" + lab.gatewayPort());
    }

    URI trace() {
        return URI.create("https://" + lab.host() + ":" + lab.targetHttpsPort() + "/cdn-cgi/trace");
    }

    /** An audit of {@code clients} on this lab. */
    ClientsExperiment.Setup setup(int requests, int inFlight, int isolationRequests, List<AuditedClient> clients) {
        return new ClientsExperiment.Setup(gateway(), SessionTemplate.parse(SessionTemplate.DEFAULT_TEXT), trace(),
                lab.caFile(), requests, inFlight, isolationRequests, 0, clients, this, "a test lab",
                Duration.ofSeconds(60));
    }

    @Override
    public long openConnections() {
        return lab.openGatewayConnections();
    }

    @Override
    public long openTunnels() {
        return lab.openGatewayTunnels();
    }

    @Override
    public void dropConnections() throws InterruptedException {
        lab.restartGateway(Duration.ZERO);
    }

    @Override
    public Counts counts() {
        var g = lab.gatewayCounters();
        return new Counts(g.clientConnections(), g.tunnels(Kind.CONNECT) + g.tunnels(Kind.H2_CONNECT));
    }

    @Override
    public void close() {
        lab.close();
    }
}
