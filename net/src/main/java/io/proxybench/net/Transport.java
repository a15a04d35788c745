package io.proxybench.net;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.channel.uring.IoUringSocketChannel;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The socket transport in use: native epoll when its library loads, Java NIO otherwise.
 *
 * <p>The system property {@code proxybench.transport} ({@code epoll}, {@code io_uring} or {@code nio}) overrides
 * the choice; asking for a native transport where it cannot load fails with the loader's reason instead of silently
 * falling back. io_uring (Linux 5.14 or later, not disabled by {@code kernel.io_uring_disabled} or a seccomp
 * profile) hands the kernel each loop pass's reads and writes in one system call. The lab's servers take it by
 * default where it loads ({@link #servers()}): relaying CONNECT tunnels, the lab used about a fifth less CPU per
 * relayed request on it than on epoll ({@code bench/relay-connect.sh}). The client stays on epoll, which cost it no
 * more CPU per request than io_uring did.
 *
 * @param fallbackReason why a faster transport is not in use (which one, and the loader's reason or the property
 *     that asked for this one); null when none is
 */
public record Transport(
        String name,
        boolean nativeTransport,
        Class<? extends SocketChannel> socketChannel,
        Class<? extends ServerChannel> serverChannel,
        Supplier<IoHandlerFactory> ioHandlers,
        String fallbackReason) {

    public static final String PROPERTY = "proxybench.transport";

    private static final Transport DETECTED = detect(System.getProperty(PROPERTY, ""));

    /** The transport chosen once per JVM. */
    public static Transport current() {
        return DETECTED;
    }

    /**
     * The transport of the lab's servers: the one {@code -Dproxybench.transport} asks for, else io_uring where it
     * loads, else {@link #current()}. Chosen once per JVM, on first use (a client alone never loads io_uring).
     */
    public static Transport servers() {
        return Servers.CHOSEN;
    }

    private static final class Servers {
        static final Transport CHOSEN = detectServers(System.getProperty(PROPERTY, ""));
    }

    static Transport detectServers(String requested) {
        if (!requested.isBlank()) {
            return detect(requested);
        }
        if (IoUring.isAvailable()) {
            return ioUring();
        }
        Transport fallback = current();
        return fallback.fallbackReason != null ? fallback
                : new Transport(fallback.name, fallback.nativeTransport, fallback.socketChannel,
                        fallback.serverChannel, fallback.ioHandlers,
                        "io_uring unavailable: " + IoUring.unavailabilityCause());
    }

    static Transport detect(String requested) {
        String wanted = requested.trim().toLowerCase(Locale.ROOT);
        switch (wanted) {
            case "nio":
                return nio("requested with -D" + PROPERTY + "=nio");
            case "epoll":
                Epoll.ensureAvailability();
                return epoll();
            case "io_uring":
                IoUring.ensureAvailability();
                return ioUring();
            case "":
                return Epoll.isAvailable() ? epoll() : nio("epoll unavailable: " + Epoll.unavailabilityCause());
            default:
                throw new IllegalArgumentException(
                        "-D" + PROPERTY + "=" + requested + " is not a transport; use epoll, io_uring or nio");
        }
    }

    private static Transport epoll() {
        return new Transport("epoll", true, EpollSocketChannel.class, EpollServerSocketChannel.class,
                EpollIoHandler::newFactory, null);
    }

    private static Transport ioUring() {
        return new Transport("io_uring", true, IoUringSocketChannel.class, IoUringServerSocketChannel.class,
                IoUringIoHandler::newFactory, null);
    }

    private static Transport nio(String reason) {
        return new Transport("nio", false, NioSocketChannel.class, NioServerSocketChannel.class,
                NioIoHandler::newFactory, reason);
    }

    /**
     * Event loops for a process that shares its machine with the other side of a benchmark (the lab, {@code run}):
     * half the cores, at least one. Fewer loops wake less often: on a 2-core VM one loop relayed 16,700 requests per
     * second at 0.035 ms of CPU each where Netty's default of twice the cores managed 9,100 at 0.056 ms
     * ({@code bench/relay-connect.sh}), and a client's CPU per request fell by two thirds.
     */
    public static int sharedMachineThreads() {
        return Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
    }

    /** A new event loop group of {@code threads} threads (0 = Netty's default, twice the cores). */
    public EventLoopGroup newGroup(int threads) {
        return new MultiThreadIoEventLoopGroup(threads, ioHandlers.get());
    }

    /**
     * One line for start-up banners, e.g. {@code io_uring (native)}, {@code epoll (native; io_uring unavailable: ...)}
     * or {@code nio (epoll unavailable: ...)}.
     */
    public String describe() {
        if (fallbackReason == null) {
            return name + " (native)";
        }
        return name + (nativeTransport ? " (native; " : " (") + fallbackReason + ")";
    }
}
