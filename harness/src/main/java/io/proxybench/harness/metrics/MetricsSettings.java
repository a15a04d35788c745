package io.proxybench.harness.metrics;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;

/**
 * A run's Prometheus endpoint as {@code run} is given it: {@code --metrics-port} serves {@link RunMetrics} at
 * {@code /metrics} for the run's length, and {@code --metrics-linger} longer, so that a scrape after the last record
 * sees the final counts. Its messages name the settings as the command line spells them.
 *
 * @param port the port, 0 for any free one; null for no endpoint
 * @param host the address to listen on, as given (a name or an IP)
 * @param linger how long the final figures stay up after the run
 * @param hostGiven whether the host was given rather than defaulted
 * @param lingerGiven whether the linger was given rather than defaulted
 */
public record MetricsSettings(Integer port, String host, Duration linger, boolean hostGiven, boolean lingerGiven) {

    /**
     * Checks the settings before anything starts.
     *
     * @throws IllegalArgumentException naming the setting at fault
     */
    public void check() {
        if (port == null) {
            if (lingerGiven) {
                throw new IllegalArgumentException("--metrics-linger applies to --metrics-port; give both");
            }
            if (hostGiven) {
                throw new IllegalArgumentException("--metrics-host applies to --metrics-port; give both");
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

    /** Whether an endpoint is asked for. */
    public boolean enabled() {
        return port != null;
    }

    /**
     * The endpoint serving {@code metrics}, or null without a port (then {@code metrics} is null too); its address
     * goes to {@code err}.
     *
     * @throws IllegalArgumentException when the host is not an address here or the port cannot be bound
     */
    public MetricsEndpoint start(RunMetrics metrics, PrintWriter err) {
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
