package io.proxybench.cli;

import io.proxybench.audit.AuditedClient;
import io.proxybench.audit.ClientsExperiment;
import io.proxybench.audit.ClientsResult;
import io.proxybench.audit.ClientsTable;
import io.proxybench.audit.LabGatewaySide;
import io.proxybench.audit.clients.ApacheAudit;
import io.proxybench.audit.clients.JdkAudit;
import io.proxybench.audit.clients.JettyAudit;
import io.proxybench.audit.clients.OkHttpAudit;
import io.proxybench.audit.clients.ProxybenchAudit;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code proxybench clients}: seed 002's client table for Java's HTTP clients. The same load through OkHttp, the
 * JDK's HttpClient, Apache HttpClient 5 (async), Jetty's HttpClient and proxybench's own, at defaults and with limits
 * raised; then whether each keeps two sticky sessions on one gateway apart.
 */
@Command(name = "clients", mixinStandardHelpOptions = true,
        description = {"Seed 002's client table for Java: 1,000 HTTPS requests, 200 in flight, through a rotating"
                + " gateway with OkHttp, the JDK HttpClient, Apache HttpClient 5 async, Jetty HttpClient and"
                + " proxybench, each at its defaults and with its limits raised: peak concurrent tunnels (sampled at"
                + " the gateway every 50 ms), tunnels opened, share of the most-used exit, unique exits, req/s,"
                + " p50/p99, HTTP version inside the tunnel. Then two sticky sessions through one client, requests"
                + " alternating: does the client send one session's request over the other's tunnel?",
            "Runs on the embedded lab (which asks for the account lab:lab) unless --proxy is given (credentials from"
                    + " PROXY_USER / PROXY_PASS); --url must then answer like /cdn-cgi/trace."})
final class ClientsCommand implements Callable<Integer> {

    /** The demo's overrides of {@code --requests} and {@code --warm-up}. */
    private static final int DEMO_REQUESTS = 500;
    private static final int DEMO_WARM_UP = 100;

    /** The clients by the names {@code --client} takes, in the order they run. */
    enum Client {
        okhttp(OkHttpAudit::new), jdk(JdkAudit::new), apache(ApacheAudit::new), jetty(JettyAudit::new),
        proxybench(ProxybenchAudit::new);

        private final Supplier<AuditedClient> make;

        Client(Supplier<AuditedClient> make) {
            this.make = make;
        }
    }

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    ProxyOrLab target;

    @Option(names = "--client", paramLabel = "NAME", split = ",",
            description = "Clients to run, in this order: ${COMPLETION-CANDIDATES} (default: all).")
    List<Client> clients;

    @Option(names = "--requests", paramLabel = "N", defaultValue = "1000",
            description = "Requests per load (default: ${DEFAULT-VALUE}, as in the seed).")
    int requests;

    @Option(names = "--in-flight", paramLabel = "N", defaultValue = "200",
            description = "Most requests handed to a client at once; limits are raised to this (default:"
                    + " ${DEFAULT-VALUE}, as in the seed).")
    int inFlight;

    @Option(names = "--isolation-requests", paramLabel = "N", defaultValue = "20",
            description = "Requests of the session isolation check per client and mode, half per session"
                    + " (default: ${DEFAULT-VALUE}).")
    int isolationRequests;

    @Option(names = "--warm-up", paramLabel = "N", defaultValue = "200",
            description = "Requests through a throwaway instance of each client before its loads, not counted"
                    + " (default: ${DEFAULT-VALUE}; 0 for none).")
    int warmUp;

    @CommandLine.Mixin
    SessionOptions sessionOptions = new SessionOptions();

    @Option(names = "--time-limit", paramLabel = "DURATION", defaultValue = "120s",
            description = "Longest one load may take; what is unanswered by then counts as failed (default:"
                    + " ${DEFAULT-VALUE}).")
    Duration limit;

    @Option(names = "--json", description = "Print the result as JSON.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        if (target.insecure) {
            throw new IllegalArgumentException("--insecure is not offered here: each client would need its own way"
                    + " to skip certificate checks; give the origin's CA with --ca");
        }
        ClientsExperiment.checkSizes(requests, inFlight, isolationRequests, warmUp, limit);
        List<AuditedClient> chosen = clients == null || clients.isEmpty() ? all()
                : clients.stream().distinct().map(c -> c.make.get()).toList();
        SessionTemplate sessions = sessionOptions.forExperiment(target.proxy == null);
        ClientsResult result;
        if (target.lab()) {
            result = onLab(chosen, sessions, requests, inFlight, isolationRequests, warmUp, limit);
        } else {
            ProxySpec gateway = target.proxy();
            result = ClientsExperiment.run(new ClientsExperiment.Setup(gateway, sessions, target.url(), target.ca,
                    requests, inFlight, isolationRequests, warmUp, chosen, null, "gateway " + gateway.endpoint()
                    + ", target " + target.url(), limit));
        }
        return Main.print(spec, json, result, ClientsTable::text);
    }

    /**
     * The audit on a fresh lab whose gateway asks for an account, as a real one does (and the JDK's client needs a
     * setting for).
     */
    static ClientsResult onLab(List<AuditedClient> clients, SessionTemplate sessions, int requests, int inFlight,
            int isolationRequests, int warmUp, Duration limit) throws Exception {
        // The account ProxyOrLab.labGateway writes into the gateway's URL, required here.
        try (Lab lab = Lab.start(LabConfig.builder().auth("lab", "lab").build())) {
            ProxySpec gateway = ProxyOrLab.labGateway(lab);
            String where = String.format(Locale.ROOT, "the embedded lab, gateway %s asking for an account, %,d exits",
                    gateway.endpoint(), lab.config().exits());
            return ClientsExperiment.run(new ClientsExperiment.Setup(gateway, sessions,
                    ProxyOrLab.labHttps(lab, "/cdn-cgi/trace"), lab.caFile(), requests, inFlight, isolationRequests,
                    warmUp, clients, new LabGatewaySide(lab), where, limit));
        }
    }

    /**
     * The demo's run: every client, the command's defaults except {@link #DEMO_REQUESTS} per load and
     * {@link #DEMO_WARM_UP} (about 30 s on two cores).
     */
    static ClientsResult demo() throws Exception {
        ClientsCommand d = Main.defaults(new ClientsCommand());
        return onLab(all(), d.sessionOptions.template(), DEMO_REQUESTS, d.inFlight, d.isolationRequests,
                DEMO_WARM_UP, d.limit);
    }

    private static List<AuditedClient> all() {
        return Arrays.stream(Client.values()).map(c -> c.make.get()).toList();
    }
}
