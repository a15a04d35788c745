package io.proxybench.cli;

import io.proxybench.harness.metrics.MetricsSettings;
import io.proxybench.harness.metrics.RunMetrics;
import java.time.Duration;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code run}'s Prometheus endpoint: {@code --metrics-port} serves {@link RunMetrics} at {@code /metrics} for the
 * run's length, and {@code --metrics-linger} longer, so that a scrape after the last record sees the final counts;
 * {@link MetricsSettings} checks them and starts the endpoint.
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

    /** The options as given; {@code given} says which the command line named. */
    MetricsSettings settings(CommandLine.ParseResult given) {
        return new MetricsSettings(port, host, linger, given.hasMatchedOption("--metrics-host"),
                given.hasMatchedOption("--metrics-linger"));
    }
}
