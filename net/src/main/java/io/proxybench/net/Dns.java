package io.proxybench.net;

import io.netty.util.NetUtil;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Name lookups off the I/O threads, through the system resolver, on a small pool of daemon threads. IP literals
 * need no lookup.
 */
public final class Dns implements AutoCloseable {

    /** Lookups at once; more wait their turn, so a burst of new connections cannot start a thread each. */
    private static final int THREADS = 4;

    private final ThreadPoolExecutor lookups = new ThreadPoolExecutor(THREADS, THREADS, 60, TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(), new DefaultThreadFactory("proxybench-dns", true));

    public Dns() {
        lookups.allowCoreThreadTimeOut(true);
    }

    public static boolean isLiteral(String host) {
        return NetUtil.createByteArrayFromIpAddressString(host) != null;
    }

    /** Every address of {@code host}; fails with {@link UnknownHostException}. */
    public CompletableFuture<List<InetAddress>> lookup(String host) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return Arrays.asList(InetAddress.getAllByName(host));
            } catch (UnknownHostException e) {
                throw new CompletionException(e);
            }
        }, lookups);
    }

    /**
     * One address for {@code host}, an IPv4 one when there is any (loopback exits are IPv4); an IP literal is
     * returned as it is, without a lookup.
     */
    public CompletableFuture<InetAddress> resolve(String host) {
        byte[] literal = NetUtil.createByteArrayFromIpAddressString(host);
        if (literal != null) {
            try {
                return CompletableFuture.completedFuture(InetAddress.getByAddress(host, literal));
            } catch (UnknownHostException e) {
                return CompletableFuture.failedFuture(e);
            }
        }
        return lookup(host).thenApply(Dns::preferred);
    }

    /** The address to dial of a lookup's non-empty result: the first IPv4 one, else the first. */
    public static InetAddress preferred(List<InetAddress> addresses) {
        return addresses.stream().filter(a -> a instanceof Inet4Address).findFirst().orElse(addresses.get(0));
    }

    @Override
    public void close() {
        lookups.shutdownNow();
    }
}
