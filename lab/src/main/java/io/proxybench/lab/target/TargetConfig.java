package io.proxybench.lab.target;

import java.util.Objects;

/**
 * Where the target listens and how its {@code /limited} endpoint throttles.
 *
 * @param host bind address of both listeners, e.g. {@code 127.0.0.1}
 * @param httpPort plain HTTP/1.1 port, 0 for an ephemeral one
 * @param httpsPort TLS port offering h2 and http/1.1, 0 for an ephemeral one
 * @param limitedBurst tokens each source address starts with and the most it can hold, at least 1
 * @param limitedRatePerSec tokens per second added back to each source address's bucket, above 0
 */
public record TargetConfig(String host, int httpPort, int httpsPort, int limitedBurst, double limitedRatePerSec) {

    public TargetConfig {
        Objects.requireNonNull(host, "host");
        checkPort("httpPort", httpPort);
        checkPort("httpsPort", httpsPort);
        if (limitedBurst < 1) {
            throw new IllegalArgumentException("limitedBurst must be at least 1 token, got " + limitedBurst);
        }
        if (!(limitedRatePerSec > 0) || Double.isInfinite(limitedRatePerSec)) {
            throw new IllegalArgumentException(
                    "limitedRatePerSec must be a finite number of tokens per second above 0, got " + limitedRatePerSec);
        }
    }

    /** Loopback, ephemeral ports, a burst of 4 tokens refilled at 2 tokens per second. */
    public static TargetConfig defaults() {
        return new TargetConfig("127.0.0.1", 0, 0, 4, 2.0);
    }

    private static void checkPort(String name, int port) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException(name + " must be from 0 to 65535, got " + port);
        }
    }
}
