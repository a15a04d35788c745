package io.proxybench.lab.gateway;

import io.netty.util.NetUtil;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Resolves tunnel destinations off the event loops. IP literals need no lookup; names go to the system resolver
 * on a small daemon pool, preferring IPv4 because the lab's exits are IPv4 loopback addresses.
 */
final class DestinationResolver implements AutoCloseable {

    private final ExecutorService lookups =
            Executors.newFixedThreadPool(2, new DefaultThreadFactory("lab-resolver", true));

    CompletableFuture<InetAddress> resolve(String host) {
        byte[] literal = NetUtil.createByteArrayFromIpAddressString(host);
        if (literal != null) {
            try {
                return CompletableFuture.completedFuture(InetAddress.getByAddress(host, literal));
            } catch (UnknownHostException e) {
                return CompletableFuture.failedFuture(e);
            }
        }
        return CompletableFuture.supplyAsync(() -> lookup(host), lookups);
    }

    private static InetAddress lookup(String host) {
        try {
            InetAddress[] all = InetAddress.getAllByName(host);
            for (InetAddress a : all) {
                if (a instanceof Inet4Address) {
                    return a;
                }
            }
            return all[0];
        } catch (UnknownHostException e) {
            throw new java.util.concurrent.CompletionException(e);
        }
    }

    @Override
    public void close() {
        lookups.shutdownNow();
    }
}
