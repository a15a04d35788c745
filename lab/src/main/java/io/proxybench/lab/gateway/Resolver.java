package io.proxybench.lab.gateway;

import java.net.InetAddress;
import java.util.concurrent.CompletableFuture;

/**
 * Turns a destination's host, a name or an IP literal, into the one address to dial. The gateway's is
 * {@link io.proxybench.net.Dns#resolve}; tests give one that answers without DNS.
 */
@FunctionalInterface
interface Resolver {

    /** The address to dial for {@code host}; fails when the name does not resolve. */
    CompletableFuture<InetAddress> resolve(String host);
}
