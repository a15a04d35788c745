package io.proxybench.lab;

import io.netty.channel.EventLoopGroup;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.proxybench.lab.exits.ExitPool;
import io.proxybench.lab.exits.SessionTable;
import io.proxybench.lab.faults.FaultPlan;
import io.proxybench.lab.faults.LatencyPlan;
import io.proxybench.lab.gateway.GatewayAdmin;
import io.proxybench.lab.gateway.GatewayCounters;
import io.proxybench.lab.gateway.GatewayServer;
import io.proxybench.lab.pki.LabCa;
import io.proxybench.lab.pki.ServerIdentity;
import io.proxybench.lab.pki.ServerTls;
import io.proxybench.lab.target.StatsSnapshot;
import io.proxybench.lab.target.TargetServer;
import io.proxybench.net.TlsEngine;
import io.proxybench.net.Transport;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A running lab: the rotating/sticky proxy gateway, its admin endpoint and the trace target, all on loopback,
 * sharing one exit pool. Start one in-process with {@link #start(LabConfig)}; {@link #close()} stops everything
 * it started.
 */
public final class Lab implements AutoCloseable {

    private final LabConfig config;
    private final Transport transport;
    private final EventLoopGroup boss;
    private final EventLoopGroup workers;
    private final LabCa ca;
    private final ExitPool exits;
    private final SessionTable sessions;
    private final TargetServer target;
    private final GatewayServer gateway;
    private final GatewayAdmin admin;
    private final AtomicBoolean closed = new AtomicBoolean();

    private Lab(LabConfig config, Transport transport, EventLoopGroup boss, EventLoopGroup workers, LabCa ca,
            ExitPool exits, SessionTable sessions, TargetServer target, GatewayServer gateway, GatewayAdmin admin) {
        this.config = config;
        this.transport = transport;
        this.boss = boss;
        this.workers = workers;
        this.ca = ca;
        this.exits = exits;
        this.sessions = sessions;
        this.target = target;
        this.gateway = gateway;
        this.admin = admin;
    }

    /**
     * Starts a lab. The CA comes from {@code config.home()/lab-ca}, made there on first use.
     *
     * @throws IllegalStateException when a port cannot be bound (nothing stays running then)
     */
    public static Lab start(LabConfig config) throws InterruptedException {
        Transport transport = Transport.servers();
        LabCa ca = LabCa.loadOrCreate(config.home().resolve("lab-ca"));
        ExitPool exits = ExitPool.generate(config.exits(), config.seed());
        SessionTable sessions = new SessionTable(exits, config.sessionLifetime(), config.sessionIdle());
        EventLoopGroup boss = transport.newGroup(1);
        EventLoopGroup workers = transport.newGroup(Transport.sharedMachineThreads());
        TargetServer target = null;
        GatewayServer gateway = null;
        try {
            ServerIdentity identity = ca.issueServer(List.of("localhost"), List.of("127.0.0.1", "::1"));
            target = TargetServer.start(config.target(), transport, boss, workers, identity, exits::locate);
            gateway = GatewayServer.start(config.gateway(), transport, boss, workers, sessions,
                    config.gateway().h2()
                            ? ServerTls.context(identity, TlsEngine.current().provider(),
                                    ApplicationProtocolNames.HTTP_2, ApplicationProtocolNames.HTTP_1_1)
                            : ServerTls.context(identity, TlsEngine.current().provider(),
                                    ApplicationProtocolNames.HTTP_1_1));
            // The admin port is served by the accepting thread, not the workers: counters stay readable while a
            // load saturates the gateway and the target (a benchmark reads them right after such a run).
            GatewayAdmin admin = GatewayAdmin.start(config.gateway().host(), config.adminPort(), gateway.counters(),
                    gateway.injection(), target::stall, transport, boss, boss);
            return new Lab(config, transport, boss, workers, ca, exits, sessions, target, gateway, admin);
        } catch (RuntimeException | InterruptedException e) {
            if (gateway != null) {
                gateway.close();
            }
            if (target != null) {
                target.close();
            }
            shutdown(boss, workers);
            throw e;
        }
    }

    public LabConfig config() {
        return config;
    }

    /** The socket transport the lab's servers run on ({@link Transport#servers()}). */
    public Transport transport() {
        return transport;
    }

    public String host() {
        return config.gateway().host();
    }

    /** The proxy port: HTTP/1.1 CONNECT and forward, and SOCKS5. */
    public int gatewayPort() {
        return gateway.port();
    }

    /**
     * The {@code https://} proxy port: TLS to the gateway (same CA as the target); by ALPN {@code h2}, one CONNECT
     * tunnel per HTTP/2 stream, else {@code http/1.1}: CONNECT or forward (and SOCKS5), as on the plain port.
     */
    public int gatewayTlsPort() {
        return gateway.tlsPort();
    }

    public int targetHttpPort() {
        return target.httpPort();
    }

    /** The target's TLS port (ALPN h2 and http/1.1). */
    public int targetHttpsPort() {
        return target.httpsPort();
    }

    /**
     * The admin endpoint: {@code GET /counters} (the gateway's counters), {@code POST /stall?ms=N}, and
     * {@code GET}/{@code POST /faults} and {@code /latency}; see {@link GatewayAdmin}.
     */
    public int adminPort() {
        return admin.port();
    }

    /** The lab CA certificate (PEM) that signs the target's certificate. */
    public Path caFile() {
        return ca.certFile();
    }

    public ExitPool exits() {
        return exits;
    }

    public SessionTable sessions() {
        return sessions;
    }

    public GatewayCounters.Snapshot gatewayCounters() {
        return gateway.counters().snapshot();
    }

    /** Client connections open at the gateway now, both ports; cheap enough to sample every few milliseconds. */
    public long openGatewayConnections() {
        return gateway.counters().openClientConnections();
    }

    /** Tunnels open at the gateway now; cheap enough to sample every few milliseconds. */
    public long openGatewayTunnels() {
        return gateway.counters().openTunnels();
    }

    public void resetGatewayCounters() {
        gateway.counters().reset();
    }

    public StatsSnapshot targetStats() {
        return target.stats().snapshot();
    }

    public void resetTargetStats() {
        target.stats().reset();
    }

    /**
     * Stalls the target from now for {@code length}: responses that would start before the stall ends (to
     * requests arriving during it, and {@code /delay} replies coming due) wait until it ends, then go out as usual.
     * Connections and TLS handshakes go on. A stall started while one runs extends it to the later end. The admin
     * endpoint's {@code POST /stall?ms=N} does the same.
     *
     * @param length more than 0, at most 10 minutes
     * @return how long until the stall ends, at least {@code length}
     * @throws IllegalArgumentException when {@code length} is out of range
     */
    public Duration stallTarget(Duration length) {
        return target.stall(length);
    }

    /** The fault plan in force: the configured one until {@link #faults(FaultPlan)} replaces it. */
    public FaultPlan faults() {
        return gateway.injection().faults();
    }

    /**
     * Replaces the fault plan for tunnels (CONNECT, SOCKS5, HTTP/2 CONNECT streams) opened from now on; a tunnel open
     * already keeps its fault, or its lack of one. The new plan's draws start again from its seed, so a given plan
     * breaks the same tunnels counted from this call. Forwarded requests draw no fault, before or after. The admin
     * endpoint's {@code POST /faults} does the same.
     */
    public void faults(FaultPlan plan) {
        gateway.injection().faults(plan);
    }

    /** The latency plan in force: the configured one until {@link #latency(LatencyPlan)} replaces it. */
    public LatencyPlan latency() {
        return gateway.injection().latency();
    }

    /**
     * Replaces the injected latency from now on. What has started keeps its own: a client connection open now keeps
     * its client round trip (so do the tunnels and requests it carries later), and an upstream connection dialled
     * already (an open tunnel's, or an idle forward-mode one reused later) keeps its target round trip. Client
     * connections accepted from now on pay the new client round trip, and dials started from now on the new exit
     * setup and target round trip; a sticky session's exit pays what is left of the new setup since the session was
     * bound to it. The admin endpoint's {@code POST /latency} does the same.
     */
    public void latency(LatencyPlan plan) {
        gateway.injection().latency(plan);
    }

    /**
     * Sends GOAWAY on the gateway's HTTP/2 client connections, keeping each one's {@code keepStreams} oldest streams
     * and cutting the newer ones; see {@link GatewayServer#goAwayH2(int)}.
     *
     * @return the HTTP/2 connections told
     */
    public int goAwayH2(int keepStreams) {
        return gateway.goAwayH2(keepStreams);
    }

    /**
     * Restarts the gateway, both ports, as a crashed proxy process that comes back after {@code down}: its
     * listening sockets and every client connection close (tunnels with them), connections meanwhile are refused,
     * then the same ports listen again. Exits, sessions (a locked session keeps its exit), configuration and
     * counters stay. The target is not touched. Blocks for {@code down}; see {@link GatewayServer#restart}.
     *
     * @throws IllegalStateException when a port cannot be bound again
     */
    public void restartGateway(Duration down) throws InterruptedException {
        gateway.restart(down);
    }

    /** Stops everything; a second call does nothing. */
    @Override
    public void close() {
        if (closed.getAndSet(true)) {
            return;
        }
        admin.close();
        gateway.close();
        target.close();
        shutdown(boss, workers);
    }

    private static void shutdown(EventLoopGroup boss, EventLoopGroup workers) {
        boss.shutdownGracefully(0, 2, TimeUnit.SECONDS);
        workers.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        boss.terminationFuture().syncUninterruptibly();
    }
}
