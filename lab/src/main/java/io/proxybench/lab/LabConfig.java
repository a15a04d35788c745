package io.proxybench.lab;

import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.SessionRules;
import io.proxybench.lab.faults.FaultPlan;
import io.proxybench.lab.faults.LatencyPlan;
import io.proxybench.lab.gateway.AllowedPorts;
import io.proxybench.lab.gateway.ConnectReply;
import io.proxybench.lab.gateway.DestinationPolicy;
import io.proxybench.lab.gateway.GatewayConfig;
import io.proxybench.lab.gateway.ProxyAuth;
import io.proxybench.lab.target.TargetConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Everything a lab is started with. Build one with {@link #builder()}; every setting has a default that gives a
 * loopback lab on ephemeral ports with no auth, no latency and no faults.
 *
 * @param home the folder that keeps the lab CA ({@code lab-ca/}), {@code ~/.proxybench} by default
 * @param exits how many exit addresses the pool has
 * @param seed seeds the exit pool, the rotation order and fault draws
 * @param sessionLifetime how long a session that names no lifetime keeps its exit: as set, else the documented
 *     default of the dialect the gateway speaks, else {@link #DEFAULT_SESSION_LIFETIME}
 * @param sessionIdle how long with no activity ends a session early: as set, else the dialect's documented limit;
 *     null for none
 * @param adminPort the admin endpoint's port (gateway counters, target stall), 0 for an ephemeral one
 */
public record LabConfig(
        Path home,
        int exits,
        long seed,
        Duration sessionLifetime,
        Duration sessionIdle,
        int adminPort,
        GatewayConfig gateway,
        TargetConfig target) {

    public static final int DEFAULT_EXITS = 4096;
    public static final Duration DEFAULT_SESSION_LIFETIME = Duration.ofMinutes(10);

    public static Builder builder() {
        return new Builder();
    }

    /** The system property {@code proxybench.home}, else {@code $PROXYBENCH_HOME}, else {@code ~/.proxybench}. */
    public static Path defaultHome() {
        String property = System.getProperty("proxybench.home");
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        String env = System.getenv("PROXYBENCH_HOME");
        return env != null && !env.isBlank() ? Path.of(env) : Path.of(System.getProperty("user.home"), ".proxybench");
    }

    private static void positive(String name, Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            String written = timeout.toString().substring(2).toLowerCase(Locale.ROOT);
            throw new IllegalArgumentException(name + " " + written + " must be positive");
        }
    }

    /** Setters for each knob; {@link #build()} checks them together. */
    public static final class Builder {
        private Path home = defaultHome();
        private String host = "127.0.0.1";
        private int gatewayPort;
        private int gatewayTlsPort;
        private int httpPort;
        private int httpsPort;
        private int adminPort;
        private int exits = DEFAULT_EXITS;
        private long seed = 1;
        private Duration sessionLifetime;
        private Duration sessionIdle;
        private Dialect dialect = Dialect.lab();
        private ProxyAuth auth = ProxyAuth.open();
        private ConnectReply connectReply = ConnectReply.EARLY;
        private int forwardIdleCap = GatewayConfig.defaults().forwardIdleCap();
        private Duration forwardIdleTimeout = GatewayConfig.defaults().forwardIdleTimeout();
        private int maxHeaderBytes = GatewayConfig.defaults().maxHeaderBytes();
        private Duration idleTimeout = GatewayConfig.defaults().idleTimeout();
        private Duration headerTimeout = GatewayConfig.defaults().headerTimeout();
        private int maxClientConnections = GatewayConfig.defaults().maxClientConnections();
        private int maxConcurrencyPerUser = GatewayConfig.defaults().maxConcurrencyPerUser();
        private AllowedPorts allowPorts = AllowedPorts.ALL;
        private Duration connectTimeout = GatewayConfig.defaults().connectTimeout();
        private int h2MaxStreams = GatewayConfig.defaults().h2MaxStreams();
        private int h2MaxResets = GatewayConfig.defaults().h2MaxResets();
        private boolean gatewayH2 = true;
        private final List<String> allowDestinations = new ArrayList<>();
        private LatencyPlan latency = LatencyPlan.NONE;
        private FaultPlan faults = FaultPlan.NONE;
        private int limitedBurst = TargetConfig.defaults().limitedBurst();
        private double limitedRate = TargetConfig.defaults().limitedRatePerSec();

        private Builder() {}

        public Builder home(Path home) {
            this.home = home;
            return this;
        }

        public Builder gatewayPort(int port) {
            this.gatewayPort = port;
            return this;
        }

        /** The {@code https://} proxy port (TLS, then the same protocols as the plain port). */
        public Builder gatewayTlsPort(int port) {
            this.gatewayTlsPort = port;
            return this;
        }

        public Builder targetPorts(int http, int https) {
            this.httpPort = http;
            this.httpsPort = https;
            return this;
        }

        public Builder adminPort(int port) {
            this.adminPort = port;
            return this;
        }

        public Builder exits(int exits) {
            this.exits = exits;
            return this;
        }

        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /** How long a session that names no lifetime keeps its exit, instead of the dialect's default. */
        public Builder sessionLifetime(Duration lifetime) {
            this.sessionLifetime = lifetime;
            return this;
        }

        /** How long with no activity ends a session, instead of the dialect's documented limit. */
        public Builder sessionIdle(Duration idle) {
            this.sessionIdle = idle;
            return this;
        }

        /** The provider whose session syntax and documented session rules the gateway follows (default the lab's). */
        public Builder dialect(Dialect dialect) {
            this.dialect = Objects.requireNonNull(dialect, "dialect");
            return this;
        }

        /** Requires this account on the gateway (Basic and SOCKS5 username/password). */
        public Builder auth(String user, String password) {
            this.auth = ProxyAuth.account(user, password);
            return this;
        }

        public Builder connectReply(ConnectReply reply) {
            this.connectReply = reply;
            return this;
        }

        public Builder forwardIdleCap(int cap) {
            this.forwardIdleCap = cap;
            return this;
        }

        public Builder forwardIdleTimeout(Duration timeout) {
            this.forwardIdleTimeout = timeout;
            return this;
        }

        public Builder maxHeaderBytes(int bytes) {
            this.maxHeaderBytes = bytes;
            return this;
        }

        public Builder idleTimeout(Duration timeout) {
            this.idleTimeout = timeout;
            return this;
        }

        /**
         * How long a new client connection has for its TLS handshake and first request head or SOCKS5 command, and a
         * kept-alive HTTP/1.1 connection for each later head from its first byte.
         */
        public Builder headerTimeout(Duration timeout) {
            this.headerTimeout = timeout;
            return this;
        }

        /** Client connections open at once on both gateway ports; one more is closed at once. */
        public Builder maxClientConnections(int connections) {
            this.maxClientConnections = connections;
            return this;
        }

        /**
         * A plan's maximum concurrency: tunnels and forwarded requests open at once per account; one more is refused
         * (HTTP 429, SOCKS5 "not allowed by ruleset"). 0 (the default) for no limit.
         */
        public Builder maxConcurrencyPerUser(int tunnels) {
            this.maxConcurrencyPerUser = tunnels;
            return this;
        }

        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = timeout;
            return this;
        }

        /** The CONNECT streams one HTTP/2 client connection may have open at once (its MAX_CONCURRENT_STREAMS). */
        public Builder h2MaxStreams(int streams) {
            this.h2MaxStreams = streams;
            return this;
        }

        /**
         * RST_STREAM frames one HTTP/2 client connection may send per {@link GatewayConfig#H2_RESET_WINDOW} before the
         * gateway closes it: the rapid-reset guard, Netty's by default ({@value GatewayConfig#NETTY_H2_MAX_RESETS});
         * 0 for no guard.
         */
        public Builder h2MaxResets(int resets) {
            this.h2MaxResets = resets;
            return this;
        }

        /**
         * Whether the {@code https://} proxy port offers HTTP/2 by ALPN (default true); false makes it an HTTP/1.1-only
         * TLS proxy, for clients' fallback.
         */
        public Builder gatewayH2(boolean offered) {
            this.gatewayH2 = offered;
            return this;
        }

        /** Widens the destinations beyond loopback by a CIDR block or address. */
        public Builder allowDestination(String rule) {
            this.allowDestinations.add(rule);
            return this;
        }

        /** The destination ports tunnels may reach (all by default), e.g. {@code 443,8443,1024-65535}. */
        public Builder allowPorts(AllowedPorts ports) {
            this.allowPorts = ports;
            return this;
        }

        public Builder latency(LatencyPlan latency) {
            this.latency = latency;
            return this;
        }

        public Builder faults(FaultPlan faults) {
            this.faults = faults;
            return this;
        }

        public Builder limited(int burst, double ratePerSecond) {
            this.limitedBurst = burst;
            this.limitedRate = ratePerSecond;
            return this;
        }

        /** @throws IllegalArgumentException naming the first setting that is out of range */
        public LabConfig build() {
            SessionRules rules = dialect.rules();
            Duration lifetime = sessionLifetime != null ? sessionLifetime
                    : rules.defaultLifetime() != null ? rules.defaultLifetime() : DEFAULT_SESSION_LIFETIME;
            Duration idle = sessionIdle != null ? sessionIdle : rules.inactivity();
            positive("session lifetime", lifetime);
            if (idle != null) {
                positive("session idle time", idle);
            }
            positive("forward idle timeout", forwardIdleTimeout);
            positive("idle timeout", idleTimeout);
            positive("header timeout", headerTimeout);
            positive("connect timeout", connectTimeout);
            GatewayConfig gateway = new GatewayConfig(host, gatewayPort, gatewayTlsPort, auth.speaking(dialect),
                    connectReply, forwardIdleCap,
                    forwardIdleTimeout, maxHeaderBytes, idleTimeout, headerTimeout, maxClientConnections,
                    maxConcurrencyPerUser, connectTimeout, h2MaxStreams, h2MaxResets, gatewayH2,
                    DestinationPolicy.loopbackAnd(allowDestinations, allowPorts), latency, faults);
            TargetConfig target = new TargetConfig(host, httpPort, httpsPort, limitedBurst, limitedRate);
            return new LabConfig(home, exits, seed, lifetime, idle, adminPort, gateway, target);
        }
    }
}
