package io.proxybench.client;

import io.proxybench.client.internal.dns.JdkDnsResolver;
import io.proxybench.client.internal.dns.NettyDnsResolver;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Looks up a host name's addresses: the proxy's, or the origin's when direct or through a {@code socks5://} proxy
 * ({@code socks5h://} leaves the origin's name to the proxy). The client dials every address it is given, IPv6 ones
 * too, in RFC 8305 order (families interleaved, the first address's family first), and races them: an address that
 * has not connected within 250 ms, or that fails, has the next one dialled, and the first to connect wins. IP
 * literals are never looked up.
 *
 * <p>{@link #jdk()} is the default. The client never closes the resolver it is given: close a {@link #netty()} one
 * when no client uses it any more.
 */
public interface DnsResolver extends AutoCloseable {

    /**
     * Every address of {@code host}, in the resolver's order. Must not block: the client may call it on an I/O
     * thread.
     *
     * @param host a host name, never an IP literal
     * @return a future of the addresses, never empty; failed (with an {@link java.net.UnknownHostException} when
     *     the name has none) when the lookup fails
     */
    CompletableFuture<List<InetAddress>> resolve(String host);

    /**
     * Releases what the resolver holds (threads, sockets, its cache); a no-op unless the resolver holds any.
     */
    @Override
    default void close() { }

    /**
     * The system's resolver ({@link InetAddress#getAllByName}: the hosts file, the system's name servers and the
     * JVM's own cache), on a small pool of daemon threads shared by every client, never on an I/O thread. The
     * default.
     *
     * @return the shared JDK resolver; closing it does nothing
     */
    static DnsResolver jdk() {
        return JdkDnsResolver.INSTANCE;
    }

    /**
     * Netty's asynchronous resolver on the system's name servers ({@code /etc/resolv.conf}) and hosts file: A and
     * AAAA queries over UDP without a thread per lookup, answers cached for as long as their TTL says.
     *
     * @return a new resolver with a thread of its own, to be closed
     */
    static DnsResolver netty() {
        return NettyDnsResolver.system();
    }

    /**
     * Netty's asynchronous resolver asking the given name servers, in order, instead of the system's; answers
     * cached for as long as their TTL says. The hosts file is still read first.
     *
     * @param nameServers the name servers (UDP, with TCP for truncated answers), at least one
     * @return a new resolver with a thread of its own, to be closed
     */
    static DnsResolver netty(List<InetSocketAddress> nameServers) {
        return NettyDnsResolver.of(nameServers);
    }
}
