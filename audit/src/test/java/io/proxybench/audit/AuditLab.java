package io.proxybench.audit;

import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.LabGatewaySide;
import io.proxybench.experiments.LabTargets;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A lab whose gateway asks for the account {@code lab:lab}: started for a test class when registered as an extension
 * ({@code @RegisterExtension static final AuditLab lab = new AuditLab(LabConfig.builder())}), or by {@link #start}
 * for one test.
 */
final class AuditLab implements BeforeAllCallback, AfterAllCallback, AutoCloseable {

    private final LabConfig.Builder config;
    private Lab lab;

    AuditLab(LabConfig.Builder config) {
        this.config = config.auth("lab", "lab");
    }

    /** A lab started now, for one test to close. */
    static AuditLab start(LabConfig.Builder config) throws InterruptedException {
        AuditLab started = new AuditLab(config);
        started.lab = Lab.start(started.config.build());
        return started;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws InterruptedException {
        lab = Lab.start(config.build());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }

    Lab lab() {
        return lab;
    }

    ProxySpec gateway() {
        return LabTargets.gateway(lab);
    }

    URI trace() {
        return LabTargets.https(lab, LabTargets.TRACE);
    }

    /** An audit of {@code clients} on this lab, without warm-up. */
    ClientsExperiment.Setup setup(int requests, int inFlight, int isolationRequests, List<AuditedClient> clients) {
        return new ClientsExperiment.Setup(gateway(), SessionTemplate.parse(SessionTemplate.DEFAULT_TEXT), trace(),
                lab.caFile(), requests, inFlight, isolationRequests, 0, clients, new LabGatewaySide(lab), "a test lab",
                Duration.ofSeconds(60));
    }

    @Override
    public void close() {
        if (lab != null) {
            lab.close();
        }
    }
}
