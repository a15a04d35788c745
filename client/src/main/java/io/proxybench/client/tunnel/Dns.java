package io.proxybench.client.tunnel;

import io.netty.util.NetUtil;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Name lookups off the I/O threads, through the system resolver. IP literals need no lookup. */
final class Dns implements AutoCloseable {

    private final ExecutorService lookups =
            Executors.newCachedThreadPool(new DefaultThreadFactory("proxybench-dns", true));

    static boolean isLiteral(String host) {
        return NetUtil.createByteArrayFromIpAddressString(host) != null;
    }

    CompletableFuture<List<InetAddress>> lookup(String host) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return Arrays.asList(InetAddress.getAllByName(host));
            } catch (UnknownHostException e) {
                throw new CompletionException(e);
            }
        }, lookups);
    }

    @Override
    public void close() {
        lookups.shutdownNow();
    }
}
