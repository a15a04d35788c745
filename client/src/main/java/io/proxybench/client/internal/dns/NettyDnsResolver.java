package io.proxybench.client.internal.dns;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.resolver.ResolvedAddressTypes;
import io.netty.resolver.dns.DnsNameResolver;
import io.netty.resolver.dns.DnsNameResolverBuilder;
import io.netty.resolver.dns.DnsServerAddressStreamProvider;
import io.netty.resolver.dns.DnsServerAddressStreamProviders;
import io.netty.resolver.dns.SequentialDnsServerAddressStreamProvider;
import io.netty.util.NetUtil;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.Future;
import io.proxybench.client.DnsResolver;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * {@link DnsResolver#netty()}: Netty's {@link DnsNameResolver} on an I/O thread of its own (NIO, whatever the
 * client's transport, as its traffic is a few datagrams). It asks for A and AAAA records both, the family the JVM
 * prefers ({@code java.net.preferIPv6Addresses}) first, and caches answers for their TTL (failures for none).
 */
public final class NettyDnsResolver implements DnsResolver {

    private final EventLoopGroup loop;
    private final DnsNameResolver resolver;
    private final String shown;

    private NettyDnsResolver(DnsServerAddressStreamProvider nameServers, String shown) {
        this.loop = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("proxybench-netty-dns", true),
                NioIoHandler.newFactory());
        this.resolver = new DnsNameResolverBuilder(loop.next())
                .datagramChannelType(NioDatagramChannel.class)
                .socketChannelType(NioSocketChannel.class)
                .nameServerProvider(nameServers)
                .resolvedAddressTypes(NetUtil.isIpV6AddressesPreferred()
                        ? ResolvedAddressTypes.IPV6_PREFERRED : ResolvedAddressTypes.IPV4_PREFERRED)
                .negativeTtl(0)
                .build();
        this.shown = shown;
    }

    /** On the system's name servers. */
    public static NettyDnsResolver system() {
        return new NettyDnsResolver(DnsServerAddressStreamProviders.platformDefault(), "DnsResolver.netty()");
    }

    /** On {@code nameServers}, asked in order. */
    public static NettyDnsResolver of(List<InetSocketAddress> nameServers) {
        if (nameServers.isEmpty()) {
            throw new IllegalArgumentException("no name servers; give at least one, or use DnsResolver.netty()");
        }
        return new NettyDnsResolver(new SequentialDnsServerAddressStreamProvider(nameServers),
                "DnsResolver.netty(" + nameServers + ")");
    }

    /** Fails with {@link java.net.UnknownHostException} for a name without addresses. */
    @Override
    public CompletableFuture<List<InetAddress>> resolve(String host) {
        CompletableFuture<List<InetAddress>> result = new CompletableFuture<>();
        Future<List<InetAddress>> lookup = resolver.resolveAll(host);
        lookup.addListener(f -> {
            if (lookup.isSuccess()) {
                result.complete(List.copyOf(lookup.getNow()));
            } else {
                result.completeExceptionally(lookup.cause());
            }
        });
        return result;
    }

    /** Closes the resolver's socket and ends its thread, waiting up to a second for it. */
    @Override
    public void close() {
        resolver.close();
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Override
    public String toString() {
        return shown;
    }
}
