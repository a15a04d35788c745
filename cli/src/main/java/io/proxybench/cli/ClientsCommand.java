package io.proxybench.cli;

import io.proxybench.audit.AuditedClient;
import io.proxybench.audit.ClientsOnLab;
import io.proxybench.audit.ClientsResult;
import io.proxybench.audit.ClientsTable;
import io.proxybench.audit.clients.ClientName;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.ExperimentTarget;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

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

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    ProxyOrLab target;

    @Option(names = "--client", paramLabel = "NAME", split = ",",
            description = "Clients to run, in this order: ${COMPLETION-CANDIDATES} (default: all).")
    List<ClientName> clients;

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
        ClientsOnLab.check(target.insecure, requests, inFlight, isolationRequests, warmUp, limit);
        List<AuditedClient> chosen = ClientName.chosen(clients);
        ExperimentTarget t = target.given(spec);
        ClientsResult result = onLab(chosen, sessionOptions.given().forExperiment(t.onLab())).run(t);
        return Main.print(spec, json, result, ClientsTable::text);
    }

    /** The run on the embedded lab these options ask for, of {@code clients}. */
    ClientsOnLab onLab(List<AuditedClient> clients, SessionTemplate sessions) {
        return new ClientsOnLab(clients, sessions, requests, inFlight, isolationRequests, warmUp, limit);
    }
}
