package io.proxybench.cli;

import io.proxybench.analysis.report.ReportJson;
import io.proxybench.client.proxy.Dialect;
import io.proxybench.experiments.LabUntilStopped;
import io.proxybench.lab.LabAccount;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.faults.FaultPlan;
import io.proxybench.lab.faults.LatencyPlan;
import io.proxybench.lab.gateway.AllowedPorts;
import io.proxybench.lab.gateway.ConnectReply;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code proxybench lab}: runs the embedded gateway and target until interrupted or for a set time. */
@Command(
        name = "lab",
        mixinStandardHelpOptions = true,
        description = {
            "Run the lab on loopback: a rotating/sticky proxy gateway and a trace target.",
            "The gateway speaks HTTP CONNECT, HTTP forward and SOCKS5 on one port; the target HTTPS (h2 and"
                    + " http/1.1) and plain HTTP.",
            "Sessions ride in the proxy credentials: user:pass_session-ID[_lifetime-10m][_country-US],"
                    + " hardsession-ID, lockedsession-ID; no session means a new exit per tunnel."},
        subcommands = ExitsCommand.class)
final class LabCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--gateway-port", paramLabel = "PORT", description = "Proxy port (default: ephemeral).")
    int gatewayPort;

    @Option(names = "--gateway-tls-port", paramLabel = "PORT",
            description = "https:// proxy port: TLS, then the same protocols (default: ephemeral).")
    int gatewayTlsPort;

    @Option(names = "--http-port", paramLabel = "PORT", description = "Target plain HTTP port (default: ephemeral).")
    int httpPort;

    @Option(names = "--https-port", paramLabel = "PORT", description = "Target HTTPS port (default: ephemeral).")
    int httpsPort;

    @Option(names = "--admin-port", paramLabel = "PORT",
            description = "Admin port: gateway counters, /stall (default: ephemeral).")
    int adminPort;

    @Option(names = "--auth", paramLabel = "USER:PASS", converter = AccountConverter.class,
            description = "Require this account (Basic, SOCKS5 username/password). Default: no auth.")
    LabAccount auth;

    @Option(names = "--exits", paramLabel = "N", defaultValue = "" + LabConfig.DEFAULT_EXITS,
            description = "Exit addresses in the pool (default: ${DEFAULT-VALUE}).")
    int exits;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the exit pool, rotation and faults.")
    long seed;

    @Option(names = "--dialect", paramLabel = "NAME", defaultValue = "lab",
            description = "Read sessions in this provider's syntax and follow its documented session rules (default"
                    + " lifetime, maximum, inactivity): lab, brightdata, oxylabs, decodo, iproyal, evomi, soax, netnut,"
                    + " webshare, geonode (default: ${DEFAULT-VALUE}).")
    String dialect;

    @Option(names = "--session-lifetime", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Lifetime of a session that names none (default: the dialect's documented one, else 10m).")
    Duration sessionLifetime;

    @Option(names = "--session-idle", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "A session with no tunnel open and no request for this long ends early (default: the"
                    + " dialect's documented inactivity limit, else none).")
    Duration sessionIdle;

    @Option(names = "--connect-reply", paramLabel = "WHEN", defaultValue = "early", converter = ReplyConverter.class,
            description = "early: 200 before the exit dials (its setup overlaps the client's TLS); "
                    + "after-dial: 200 once connected, 502 if not (default: ${DEFAULT-VALUE}).")
    ConnectReply connectReply;

    @Option(names = "--client-rtt", paramLabel = "DURATION", defaultValue = "0ms",
            description = "Injected client-gateway round trip.")
    Duration clientRtt;

    @Option(names = "--exit-setup", paramLabel = "DURATION", defaultValue = "0ms",
            description = "Injected exit setup time: per rotating tunnel, once per sticky session.")
    Duration exitSetup;

    @Option(names = "--target-rtt", paramLabel = "DURATION", defaultValue = "0ms",
            description = "Injected gateway-target round trip (a dial costs one too).")
    Duration targetRtt;

    @Option(names = "--refuse", paramLabel = "FRACTION", defaultValue = "0",
            description = "Share of tunnels refused with 502.")
    double refuse;

    @Option(names = "--reset-tls", paramLabel = "FRACTION", defaultValue = "0",
            description = "Share of tunnels reset when the client's TLS starts.")
    double resetTls;

    @Option(names = "--stall", paramLabel = "FRACTION", defaultValue = "0",
            description = "Share of tunnels accepted and never relayed.")
    double stall;

    @Option(names = "--forward-idle-cap", paramLabel = "N", defaultValue = "2",
            description = "Idle upstream connections kept per exit and host in forward mode (default: ${DEFAULT-VALUE},"
                    + " Go's DefaultMaxIdleConnsPerHost).")
    int forwardIdleCap;

    @Option(names = "--forward-idle-timeout", paramLabel = "DURATION", defaultValue = "90s",
            description = "How long an idle forward-mode upstream connection is kept (default: ${DEFAULT-VALUE}).")
    Duration forwardIdleTimeout;

    @Option(names = "--idle-timeout", paramLabel = "DURATION", defaultValue = "5m",
            description = "Close client connections and tunnels idle this long (default: ${DEFAULT-VALUE}).")
    Duration idleTimeout;

    @Option(names = "--max-header-bytes", paramLabel = "N", defaultValue = "8192",
            description = "Largest proxy request head accepted (default: ${DEFAULT-VALUE}).")
    int maxHeaderBytes;

    @Option(names = "--header-timeout", paramLabel = "DURATION", defaultValue = "10s",
            description = "Drop a client that has not finished its TLS handshake and first request head or SOCKS5"
                    + " command this long after connecting, or a later HTTP/1.1 head this long after its first byte,"
                    + " however it trickles bytes (default: ${DEFAULT-VALUE}).")
    Duration headerTimeout;

    @Option(names = "--max-client-connections", paramLabel = "N", defaultValue = "20000",
            description = "Client connections open at once on both gateway ports; more are closed on arrival"
                    + " (default: ${DEFAULT-VALUE}).")
    int maxClientConnections;

    @Option(names = "--max-concurrency-per-user", paramLabel = "N", defaultValue = "0",
            description = "A plan's maximum concurrency: tunnels and forwarded requests open at once per account;"
                    + " one more gets 429 (SOCKS5: not allowed by ruleset). Default: 0, no limit.")
    int maxConcurrencyPerUser;

    @Option(names = "--allow-destination", paramLabel = "CIDR",
            description = "Also allow tunnels to this block (default: loopback only). Repeatable.")
    List<String> allowDestinations = List.of();

    @Option(names = "--allow-ports", paramLabel = "PORTS", defaultValue = AllowedPorts.ALL_SPEC,
            description = "Destination ports tunnels may reach, e.g. 443,8443,1024-65535 (default: ${DEFAULT-VALUE}).")
    String allowPorts;

    @Option(names = "--limited-burst", paramLabel = "N", defaultValue = "4",
            description = "/limited: requests each source IP may burst (default: ${DEFAULT-VALUE}).")
    int limitedBurst;

    @Option(names = "--limited-rate", paramLabel = "PER_SECOND", defaultValue = "2",
            description = "/limited: sustained requests per second per source IP (default: ${DEFAULT-VALUE}).")
    double limitedRate;

    @Option(names = "--home", paramLabel = "DIR",
            description = "Folder that keeps the lab CA (default: $PROXYBENCH_HOME or ~/.proxybench).")
    Path home;

    @Option(names = "--for", paramLabel = "DURATION", description = "Stop after this long (default: until Ctrl-C).")
    Duration runFor;

    @Option(names = "--json", description = "Print the endpoints as one JSON object on one line.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        LabConfig.Builder b = LabConfig.builder()
                .gatewayPort(gatewayPort)
                .gatewayTlsPort(gatewayTlsPort)
                .targetPorts(httpPort, httpsPort)
                .adminPort(adminPort)
                .exits(exits)
                .seed(seed)
                .dialect(named(dialect))
                .sessionLifetime(sessionLifetime)
                .sessionIdle(sessionIdle)
                .connectReply(connectReply)
                .latency(new LatencyPlan(clientRtt, exitSetup, targetRtt))
                .faults(new FaultPlan(refuse, resetTls, stall, seed))
                .forwardIdleCap(forwardIdleCap)
                .forwardIdleTimeout(forwardIdleTimeout)
                .idleTimeout(idleTimeout)
                .maxHeaderBytes(maxHeaderBytes)
                .headerTimeout(headerTimeout)
                .maxClientConnections(maxClientConnections)
                .maxConcurrencyPerUser(maxConcurrencyPerUser)
                .allowPorts(AllowedPorts.parse(allowPorts))
                .limited(limitedBurst, limitedRate);
        allowDestinations.forEach(b::allowDestination);
        if (home != null) {
            b.home(home);
        }
        if (auth != null) {
            b.auth(auth.user(), auth.password());
        }
        PrintWriter out = spec.commandLine().getOut();
        LabUntilStopped.run(b.build(), auth, runFor, card -> {
            out.println(json ? ReportJson.write(card.json()) : card.text(runFor));
            out.flush();
        }, spec.commandLine().getErr()::println);
        return 0;
    }

    private static Dialect named(String name) {
        try {
            return Dialect.named(name);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--dialect: " + e.getMessage(), e);
        }
    }

    /** Reads {@code early} or {@code after-dial}. */
    static final class ReplyConverter implements CommandLine.ITypeConverter<ConnectReply> {
        @Override
        public ConnectReply convert(String value) {
            switch (value) {
                case "early":
                    return ConnectReply.EARLY;
                case "after-dial":
                    return ConnectReply.AFTER_DIAL;
                default:
                    throw new CommandLine.TypeConversionException(
                            ErrorLines.shown(value) + " is not a reply timing; use early or after-dial");
            }
        }
    }
}
