package io.proxybench.audit;

import io.proxybench.audit.clients.ClientName;
import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.ExperimentTarget;
import io.proxybench.experiments.LabGatewaySide;
import io.proxybench.experiments.LabTargets;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Seed 002's client table on a fresh embedded lab whose gateway asks for an account, as a real one does (and the
 * JDK's client needs a setting for): the account {@link LabTargets#gateway} writes into the gateway's URL.
 *
 * @param clients the clients, in the order they run
 * @param sessions how a session id is written into the lab's account
 * @param requests requests per load
 * @param inFlight most requests handed to a client at once
 * @param isolationRequests requests of the isolation check per client and mode
 * @param warmUp requests through a throwaway instance of each client before its loads
 * @param limit how long one load may take
 */
public record ClientsOnLab(List<AuditedClient> clients, SessionTemplate sessions, int requests, int inFlight,
        int isolationRequests, int warmUp, Duration limit) {

    /**
     * The demo's sizes: every client at {@code proxybench clients}'s defaults, except 500 requests per load instead
     * of 1,000 and a warm-up of 100 instead of 200: about 30 s on two cores.
     */
    public static final ClientsOnLab DEMO = new ClientsOnLab(ClientName.all(), SessionTemplate.of(Dialect.lab()), 500,
            200, 20, 100, Duration.ofSeconds(120));

    public ClientsOnLab {
        clients = List.copyOf(clients);
        ClientsExperiment.checkSizes(requests, inFlight, isolationRequests, warmUp, limit);
    }

    /**
     * Checks the sizes as {@code proxybench clients} gives them, naming its options, after refusing
     * {@code insecure}: each client would need its own way to skip certificate checks.
     */
    public static void check(boolean insecure, int requests, int inFlight, int isolationRequests, int warmUp,
            Duration limit) {
        if (insecure) {
            throw new IllegalArgumentException("--insecure is not offered here: each client would need its own way"
                    + " to skip certificate checks; give the origin's CA with --ca");
        }
        ClientsExperiment.checkSizes(requests, inFlight, isolationRequests, warmUp, limit);
    }

    /** On a fresh lab when {@code target} is the lab, else through its real gateway to its origin, trusting its CA. */
    public ClientsResult run(ExperimentTarget target) throws Exception {
        if (target.lab()) {
            return run();
        }
        ProxySpec gateway = target.gateway();
        return ClientsExperiment.run(new ClientsExperiment.Setup(gateway, sessions, target.origin(), target.ca(),
                requests, inFlight, isolationRequests, warmUp, clients, null, "gateway " + gateway.endpoint()
                + ", target " + target.origin(), limit));
    }

    /** Starts the lab, runs every client's loads and isolation check on it, and stops it. */
    public ClientsResult run() throws Exception {
        try (Lab lab = Lab.start(LabConfig.builder().auth("lab", "lab").build())) {
            ProxySpec gateway = LabTargets.gateway(lab);
            String where = String.format(Locale.ROOT, "the embedded lab, gateway %s asking for an account, %,d exits",
                    gateway.endpoint(), lab.config().exits());
            return ClientsExperiment.run(new ClientsExperiment.Setup(gateway, sessions,
                    LabTargets.https(lab, LabTargets.TRACE), lab.caFile(), requests, inFlight, isolationRequests,
                    warmUp, clients, new LabGatewaySide(lab), where, limit));
        }
    }
}
