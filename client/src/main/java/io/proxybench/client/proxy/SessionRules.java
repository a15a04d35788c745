package io.proxybench.client.proxy;

import java.time.Duration;
import java.util.Objects;

/**
 * What a provider documents about how long its sessions keep an exit; a gateway speaking the {@link Dialect}
 * (the lab) behaves so, and {@code probe} compares what it measures with it.
 *
 * <p>Invariants: every duration is null or positive; {@code defaultLifetime} is at most {@code maxLifetime} when
 * both are set.
 *
 * @param defaultLifetime how long a session that names no lifetime keeps its exit; null when sessions have no fixed
 *     lifetime (they last while in use, up to {@code inactivity})
 * @param maxLifetime the longest lifetime credentials may ask for; null when the provider documents no bound or
 *     credentials cannot ask for a lifetime
 * @param inactivity how long without a request ends a session early; null when the provider documents no such limit
 * @param documentation where the provider documents its syntax, a URL (a sentence for the lab and templates)
 */
public record SessionRules(Duration defaultLifetime, Duration maxLifetime, Duration inactivity, String documentation) {

    /**
     * Checks the invariants.
     *
     * @param defaultLifetime positive or null
     * @param maxLifetime positive or null
     * @param inactivity positive or null
     * @param documentation a URL or a sentence
     * @throws IllegalArgumentException naming the duration at fault
     */
    public SessionRules {
        positive("defaultLifetime", defaultLifetime);
        positive("maxLifetime", maxLifetime);
        positive("inactivity", inactivity);
        Objects.requireNonNull(documentation, "documentation");
        if (defaultLifetime != null && maxLifetime != null && defaultLifetime.compareTo(maxLifetime) > 0) {
            throw new IllegalArgumentException("defaultLifetime " + defaultLifetime + " exceeds maxLifetime "
                    + maxLifetime);
        }
    }

    private static void positive(String name, Duration d) {
        if (d != null && (d.isZero() || d.isNegative())) {
            throw new IllegalArgumentException(name + " must be positive, got " + d);
        }
    }
}
