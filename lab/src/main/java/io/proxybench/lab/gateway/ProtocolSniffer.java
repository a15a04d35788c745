package io.proxybench.lab.gateway;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.http.HttpServerExpectContinueHandler;
import io.netty.handler.codec.socksx.SocksVersion;
import io.netty.handler.codec.socksx.v5.Socks5InitialRequestDecoder;
import io.netty.handler.codec.socksx.v5.Socks5ServerEncoder;
import java.util.List;

/**
 * Chooses the protocol of a gateway connection by its first byte: 5 is SOCKS5, 4 is SOCKS4 (refused: the lab
 * speaks SOCKS5 only), anything else is HTTP/1.1. Replaces itself with that protocol's handlers; bytes already
 * read go to them.
 */
final class ProtocolSniffer extends ByteToMessageDecoder {

    private final GatewayContext gw;

    ProtocolSniffer(GatewayContext gw) {
        this.gw = gw;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        ctx.read();
        super.channelActive(ctx);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (!in.isReadable()) {
            return;
        }
        byte first = in.getByte(in.readerIndex());
        if (first == SocksVersion.SOCKS5.byteValue()) {
            ctx.pipeline().addAfter(ctx.name(), "socks5-encoder", Socks5ServerEncoder.DEFAULT)
                    .addAfter("socks5-encoder", Socks5Frontend.DECODER, new Socks5InitialRequestDecoder())
                    .addAfter(Socks5Frontend.DECODER, "socks5", new Socks5Frontend(gw));
        } else if (first == SocksVersion.SOCKS4a.byteValue()) {
            gw.counters().badRequest();
            in.skipBytes(in.readableBytes());
            ctx.close();
            return;
        } else {
            HttpProxyFrontend frontend = new HttpProxyFrontend(gw, ctx.pipeline().get(HeadDeadline.class));
            ctx.pipeline().addAfter(ctx.name(), HttpProxyFrontend.CODEC, frontend.codec())
                    .addAfter(HttpProxyFrontend.CODEC, HttpProxyFrontend.EXPECT, new HttpServerExpectContinueHandler())
                    .addAfter(HttpProxyFrontend.EXPECT, "http-proxy", frontend);
        }
        ctx.pipeline().remove(this);
    }
}
