package io.proxybench.client.internal.dns;

import io.netty.util.concurrent.DefaultThreadFactory;
import io.proxybench.client.DnsResolver;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * {@link DnsResolver#jdk()}: {@link InetAddress#getAllByName}, which blocks, on a small pool of daemon threads
 * shared by every client, so no I/O thread ever waits for a lookup. Idle threads end after a minute.
 */
public final class JdkDnsResolver implements DnsResolver {

    public static final JdkDnsResolver INSTANCE = new JdkDnsResolver();

    /** Lookups at once; more wait their turn, so a burst of new connections cannot start a thread each. */
    private static final int THREADS = 4;

    private final ThreadPoolExecutor lookups = new ThreadPoolExecutor(THREADS, THREADS, 60, TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(), new DefaultThreadFactory("proxybench-dns", true));

    private JdkDnsResolver() {
        lookups.allowCoreThreadTimeOut(true);
    }

    /** Fails with {@link UnknownHostException} for a name without addresses. */
    @Override
    public CompletableFuture<List<InetAddress>> resolve(String host) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return List.of(InetAddress.getAllByName(host));
            } catch (UnknownHostException e) {
                throw new CompletionException(e);
            }
        }, lookups);
    }

    @Override
    public String toString() {
        return "DnsResolver.jdk()";
    }
}
