package io.proxybench.lab.gateway;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.proxybench.lab.exits.Exit;
import io.proxybench.lab.exits.ExitChoice;
import io.proxybench.lab.exits.NoExitException;
import io.proxybench.lab.faults.Fault;
import io.proxybench.lab.faults.FaultHandlers;
import java.net.InetSocketAddress;

/**
 * Opens a tunnel for a CONNECT or SOCKS5 request: take one of the caller's slots under the per-user limit, resolve,
 * check the destination, pick the exit for the caller's session, draw a fault, dial from the exit, and relay. The
 * order of checks is the order of the refusals a client can see. The slot is held until the tunnel's connection (or
 * HTTP/2 stream) closes, or freed at once when the tunnel is refused after it was taken.
 */
final class Tunnels {

    private final GatewayContext gw;

    Tunnels(GatewayContext gw) {
        this.gw = gw;
    }

    /**
     * @param earlyReply answer "established" before the exit has dialled (the client's TLS handshake then
     *     overlaps the exit's setup); a failed dial then closes the connection
     */
    void open(ChannelHandlerContext ctx, Caller caller, HostPort destination, GatewayCounters.Kind kind,
            boolean earlyReply, TunnelReply reply) {
        UserSlot slot = UserSlot.take(gw, caller);
        if (slot == null) {
            reply.refuse(TunnelReply.Refusal.OVER_USER_LIMIT, UserSlot.refusal(gw));
            return;
        }
        // A refused CONNECT leaves its keep-alive connection open for the next one: the listener goes with the slot.
        ChannelFutureListener onClose = f -> slot.free();
        ctx.channel().closeFuture().addListener(onClose);
        openWithSlot(ctx, caller, destination, kind, earlyReply, new TunnelReply() {
            @Override
            public void refuse(Refusal refusal, String message) {
                ctx.channel().closeFuture().removeListener(onClose);
                slot.free();
                reply.refuse(refusal, message);
            }

            @Override
            public void establish(InetSocketAddress bound, ChannelHandler next) {
                reply.establish(bound, next);
            }
        });
    }

    private void openWithSlot(ChannelHandlerContext ctx, Caller caller, HostPort destination,
            GatewayCounters.Kind kind, boolean earlyReply, TunnelReply reply) {
        DestinationPolicy destinations = gw.config().destinations();
        if (!destinations.mayResolve(destination.host())) {
            gw.counters().refusedDestination();
            reply.refuse(TunnelReply.Refusal.FORBIDDEN, destinations.nameRefusal(destination.toString()));
            return;
        }
        gw.resolver().resolve(destination.host()).whenComplete((address, error) -> ctx.executor().execute(() -> {
            if (!ctx.channel().isActive()) {
                return;
            }
            if (error != null) {
                reply.refuse(TunnelReply.Refusal.UNRESOLVED, "cannot resolve " + destination.host());
                return;
            }
            openResolved(ctx, caller, new InetSocketAddress(address, destination.port()), destination, kind,
                    earlyReply, reply);
        }));
    }

    private void openResolved(ChannelHandlerContext ctx, Caller caller, InetSocketAddress target,
            HostPort named, GatewayCounters.Kind kind, boolean earlyReply, TunnelReply reply) {
        GatewayCounters counters = gw.counters();
        if (!gw.config().destinations().allows(target)) {
            counters.refusedDestination();
            reply.refuse(TunnelReply.Refusal.FORBIDDEN, gw.config().destinations().refusal(target, named.toString()));
            return;
        }
        ExitChoice choice;
        try {
            choice = gw.sessions().tunnelOpened(caller.account(), caller.session(), System.nanoTime());
        } catch (NoExitException e) {
            reply.refuse(TunnelReply.Refusal.NO_EXIT, e.getMessage());
            return;
        }
        ctx.channel().closeFuture().addListener(f -> gw.sessions().tunnelClosed(caller.account(), caller.session(),
                System.nanoTime()));
        Exit exit = choice.exit();
        counters.tunnel(kind, exit.ip());
        Fault fault = gw.injection().decider().next();
        if (fault != Fault.NONE) {
            counters.fault(fault.label());
        }
        Channel client = ctx.channel();
        InetSocketAddress unbound = new InetSocketAddress(exit.address(), 0);
        switch (fault) {
            case REFUSE:
                reply.refuse(TunnelReply.Refusal.FAULT, "tunnel to " + named + " refused (lab fault injection)");
                return;
            case RESET_TLS:
            case STALL:
                opened(client);
                reply.establish(unbound, FaultHandlers.forTunnel(fault));
                return;
            default:
                break;
        }
        if (earlyReply) {
            Relay front = new Relay(null);
            relayed(client);
            reply.establish(unbound, front);
            gw.dialer().dial(client.eventLoop(), choice, target, ch -> { }).addListener(f -> {
                Channel upstream = (Channel) f.getNow();
                if (!f.isSuccess() || !client.isActive()) {
                    client.close();
                    if (upstream != null) {
                        upstream.close();
                    }
                    return;
                }
                join(client, upstream);
                front.attach(upstream);
            });
        } else {
            gw.dialer().dial(client.eventLoop(), choice, target, ch -> { }).addListener(f -> {
                Channel upstream = (Channel) f.getNow();
                if (!f.isSuccess()) {
                    reply.refuse(TunnelReply.Refusal.UNREACHABLE, "exit " + exit.ip() + " could not connect to "
                            + named + ": " + f.cause().getMessage());
                    return;
                }
                if (!client.isActive()) {
                    upstream.close();
                    return;
                }
                relayed(client);
                join(client, upstream);
                reply.establish((InetSocketAddress) upstream.localAddress(), new Relay(upstream));
            });
        }
    }

    private static void join(Channel client, Channel upstream) {
        upstream.config().setOption(ChannelOption.ALLOW_HALF_CLOSURE, true);
        upstream.pipeline().addLast("relay", new Relay(client));
    }

    /** A tunnel whose bytes a {@link Relay} carries: it passes a half-close on instead of closing. */
    private void relayed(Channel client) {
        client.config().setOption(ChannelOption.ALLOW_HALF_CLOSURE, true);
        opened(client);
    }

    /** A tunnel opened, counted until its client connection closes (a faulty one closes when its client does). */
    private void opened(Channel client) {
        gw.counters().tunnelOpened();
        client.closeFuture().addListener(f -> gw.counters().tunnelClosed());
    }
}
