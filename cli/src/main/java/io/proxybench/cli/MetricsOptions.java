package io.proxybench.cli;

import io.proxybench.harness.metrics.MetricsEndpoint;
import io.proxybench.harness.metrics.RunMetrics;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code run}'s Prometheus endpoint: {@code --metrics-port} serves {@link RunMetrics} at {@code /metrics} for the
 * run's length, and {@code --metrics-linger} longer, so that a scrape after the last record sees the final counts.
 */
final class MetricsOptions {

    @Option(names = "--metrics-port", paramLabel = "PORT",
            description = "Serve the run's metrics for Prometheus at http://HOST:PORT/metrics during the run"
                    + " (0 = any free port, printed on stderr).")
    Integer port;

    @Option(names = "--metrics-host", paramLabel = "HOST", defaultValue = "127.0.0.1",
            description = "Address the metrics endpoint listens on (default: ${DEFAULT-VALUE}; 0.0.0.0 in a pod).")
    String host;

    @Option(names = "--metrics-linger", paramLabel = "DURATION", defaultValue = "0s",
            description = "Keep serving the final metrics this long after the run (e.g. one scrape interval,"
                    + " 15s; default: ${DEFAULT-VALUE}).")
    Duration linger;

    /** Checks the options before anything starts. */
    void validate(CommandLine.ParseResult given) {
        if (port == null) {
            for (String option : List.of("--metrics-linger", "--metrics-host")) {
                if (given.hasMatchedOption(option)) {
                    throw new IllegalArgumentException(option + " applies to --metrics-port; give both");
                }
            }
            return;
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("--metrics-port " + port + " is not a port from 0 to 65535");
        }
        if (linger.isNegative()) {
            throw new IllegalArgumentException("--metrics-linger " + linger + " must not be negative");
        }
    }

    /** Whether {@code --metrics-port} was given. */
    boolean enabled() {
        return port != null;
    }

    /**
     * The endpoint serving {@code metrics}, or null without {@code --metrics-port} (then {@code metrics} is null too);
     * its address goes to {@code err}.
     */
    MetricsEndpoint start(RunMetrics metrics, PrintWriter err) {
        if (port == null) {
            return null;
        }
        InetAddress address;
        try {
            address = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--metrics-host " + host + " is not an address of this machine;"
                    + " give an IP such as 127.0.0.1 or 0.0.0.0");
        }
        try {
            return MetricsEndpoint.start(address, host, port, metrics, linger, err);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot serve metrics on " + host + ":" + port + ": " + e.getMessage()
                    + "; pick another --metrics-port, or 0 for any free one", e);
        }
    }
}
