package io.proxybench.lab.gateway;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResultProvider;
import io.netty.handler.codec.socksx.v5.DefaultSocks5CommandResponse;
import io.netty.handler.codec.socksx.v5.DefaultSocks5InitialResponse;
import io.netty.handler.codec.socksx.v5.DefaultSocks5PasswordAuthResponse;
import io.netty.handler.codec.socksx.v5.Socks5AddressType;
import io.netty.handler.codec.socksx.v5.Socks5AuthMethod;
import io.netty.handler.codec.socksx.v5.Socks5CommandRequest;
import io.netty.handler.codec.socksx.v5.Socks5CommandRequestDecoder;
import io.netty.handler.codec.socksx.v5.Socks5CommandStatus;
import io.netty.handler.codec.socksx.v5.Socks5CommandType;
import io.netty.handler.codec.socksx.v5.Socks5InitialRequest;
import io.netty.handler.codec.socksx.v5.Socks5PasswordAuthRequest;
import io.netty.handler.codec.socksx.v5.Socks5PasswordAuthRequestDecoder;
import io.netty.handler.codec.socksx.v5.Socks5PasswordAuthStatus;
import io.netty.handler.codec.socksx.v5.Socks5ServerEncoder;
import io.netty.util.ReferenceCountUtil;
import java.net.Inet6Address;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * The SOCKS5 side of the gateway port (RFC 1928, with RFC 1929 username/password). Username/password is chosen
 * whenever the client offers it, even with auth off, because the session lives in the credentials; it is
 * required when the gateway has an account. Only CONNECT is supported; domain names resolve at the gateway
 * ({@code socks5h}).
 */
final class Socks5Frontend extends ChannelInboundHandlerAdapter {

    static final String DECODER = "socks5-decoder";

    private final GatewayContext gw;
    private Caller caller = Caller.ANONYMOUS;
    private final List<ByteBuf> held = new ArrayList<>();

    Socks5Frontend(GatewayContext gw) {
        this.gw = gw;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        ctx.read();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf raw) {
            // Data sent right after the CONNECT command, before the reply: it belongs to the tunnel.
            held.add(raw);
            return;
        }
        try {
            if (msg instanceof DecoderResultProvider p && p.decoderResult().isFailure()) {
                gw.counters().badRequest();
                ctx.close();
            } else if (msg instanceof Socks5InitialRequest greeting) {
                greet(ctx, greeting);
            } else if (msg instanceof Socks5PasswordAuthRequest auth) {
                authenticate(ctx, auth);
            } else if (msg instanceof Socks5CommandRequest command) {
                command(ctx, command);
            } else {
                ctx.close();
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    private void greet(ChannelHandlerContext ctx, Socks5InitialRequest greeting) {
        boolean offersPassword = greeting.authMethods().contains(Socks5AuthMethod.PASSWORD);
        boolean offersNone = greeting.authMethods().contains(Socks5AuthMethod.NO_AUTH);
        if (offersPassword) {
            ctx.pipeline().replace(DECODER, DECODER, new Socks5PasswordAuthRequestDecoder());
            ctx.writeAndFlush(new DefaultSocks5InitialResponse(Socks5AuthMethod.PASSWORD));
            ctx.read();
        } else if (offersNone && !gw.config().auth().required()) {
            ctx.pipeline().replace(DECODER, DECODER, new Socks5CommandRequestDecoder());
            ctx.writeAndFlush(new DefaultSocks5InitialResponse(Socks5AuthMethod.NO_AUTH));
            ctx.read();
        } else {
            gw.counters().authFailure();
            ctx.writeAndFlush(new DefaultSocks5InitialResponse(Socks5AuthMethod.UNACCEPTED))
                    .addListener(ChannelFutureListener.CLOSE);
        }
    }

    private void authenticate(ChannelHandlerContext ctx, Socks5PasswordAuthRequest auth) {
        try {
            caller = gw.config().auth().check(auth.username(), auth.password());
        } catch (ProxyAuth.AuthException | IllegalArgumentException e) {
            if (!(e instanceof ProxyAuth.AuthException)) { // malformed session parameters
                gw.counters().badRequest();
            } else {
                gw.counters().authFailure();
            }
            ctx.writeAndFlush(new DefaultSocks5PasswordAuthResponse(Socks5PasswordAuthStatus.FAILURE))
                    .addListener(ChannelFutureListener.CLOSE);
            return;
        }
        ctx.pipeline().replace(DECODER, DECODER, new Socks5CommandRequestDecoder());
        ctx.writeAndFlush(new DefaultSocks5PasswordAuthResponse(Socks5PasswordAuthStatus.SUCCESS));
        ctx.read();
    }

    private void command(ChannelHandlerContext ctx, Socks5CommandRequest command) {
        HeadDeadline.remove(ctx.pipeline());
        if (!command.type().equals(Socks5CommandType.CONNECT)) {
            gw.counters().badRequest();
            fail(ctx, Socks5CommandStatus.COMMAND_UNSUPPORTED);
            return;
        }
        if (command.dstAddr().isEmpty()) {
            // An empty domain name would resolve to this host (the JDK's reading of ""): not a destination.
            gw.counters().badRequest();
            fail(ctx, Socks5CommandStatus.ADDRESS_UNSUPPORTED);
            return;
        }
        HostPort destination = new HostPort(command.dstAddr(), command.dstPort());
        new Tunnels(gw).open(ctx, caller, destination, GatewayCounters.Kind.SOCKS5, false, new TunnelReply() {
            @Override
            public void refuse(Refusal refusal, String message) {
                fail(ctx, switch (refusal) {
                    case FORBIDDEN, OVER_USER_LIMIT -> Socks5CommandStatus.FORBIDDEN;
                    case UNRESOLVED -> Socks5CommandStatus.HOST_UNREACHABLE;
                    case NO_EXIT -> Socks5CommandStatus.FAILURE;
                    case FAULT, UNREACHABLE -> Socks5CommandStatus.CONNECTION_REFUSED;
                });
            }

            @Override
            public void establish(InetSocketAddress bound, ChannelHandler next) {
                Socks5AddressType type = bound.getAddress() instanceof Inet6Address
                        ? Socks5AddressType.IPv6 : Socks5AddressType.IPv4;
                ctx.writeAndFlush(new DefaultSocks5CommandResponse(Socks5CommandStatus.SUCCESS, type,
                        bound.getAddress().getHostAddress(), bound.getPort()));
                ctx.pipeline().remove(Socks5ServerEncoder.class);
                ctx.pipeline().addAfter(ctx.name(), "tunnel", next);
                ctx.pipeline().remove(DECODER);
                HeldBytes.replay(ctx, held);
                ctx.pipeline().remove(Socks5Frontend.this);
            }
        });
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        held.forEach(ReferenceCountUtil::release);
        held.clear();
    }

    private static void fail(ChannelHandlerContext ctx, Socks5CommandStatus status) {
        ctx.writeAndFlush(new DefaultSocks5CommandResponse(status, Socks5AddressType.IPv4))
                .addListener(ChannelFutureListener.CLOSE);
    }
}
