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
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The socket transport in use: native epoll when its library loads, Java NIO otherwise.
 *
 * <p>The system property {@code proxybench.transport} ({@code epoll} or {@code nio}) overrides the choice;
 * asking for epoll where it cannot load fails with the loader's reason instead of silently falling back.
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

    static Transport detect(String requested) {
        String wanted = requested.trim().toLowerCase(Locale.ROOT);
        switch (wanted) {
            case "nio":
                return nio("requested with -D" + PROPERTY + "=nio");
            case "epoll":
                Epoll.ensureAvailability();
                return epoll();
            case "":
                return Epoll.isAvailable() ? epoll() : nio(String.valueOf(Epoll.unavailabilityCause()));
            default:
                throw new IllegalArgumentException(
                        "-D" + PROPERTY + "=" + requested + " is not a transport; use epoll or nio");
        }
    }

    private static Transport epoll() {
        return new Transport("epoll", true, EpollSocketChannel.class, EpollServerSocketChannel.class,
                EpollIoHandler::newFactory, null);
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

    /** One line for start-up banners, e.g. {@code epoll (native)} or {@code nio (epoll unavailable: ...)}. */
    public String describe() {
        return nativeTransport ? name + " (native)" : name + " (epoll unavailable: " + fallbackReason + ")";
    }
}
