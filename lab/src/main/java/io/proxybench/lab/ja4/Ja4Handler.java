package io.proxybench.lab.ja4;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.ssl.SslClientHelloHandler;
import io.netty.util.concurrent.Future;
import java.util.function.BiConsumer;

/**
 * Reads the TLS ClientHello of a connection before the {@code SslHandler} after it does, hands its JA4 fingerprint
 * to a callback, and leaves the pipeline; the bytes it buffered go on to the TLS handler unchanged. A first record
 * that is not a ClientHello, or one that cannot be parsed, gives {@link #UNKNOWN}.
 */
public final class Ja4Handler extends SslClientHelloHandler<String> {

    /** The fingerprint of a connection whose ClientHello could not be read. */
    public static final String UNKNOWN = "unknown";

    private final BiConsumer<ChannelHandlerContext, String> onFingerprint;

    /** @param onFingerprint called once per connection, on its event loop, before the TLS handshake goes on */
    public Ja4Handler(BiConsumer<ChannelHandlerContext, String> onFingerprint) {
        this.onFingerprint = onFingerprint;
    }

    @Override
    protected Future<String> lookup(ChannelHandlerContext ctx, ByteBuf clientHello) {
        String fingerprint;
        try {
            fingerprint = clientHello == null ? UNKNOWN : Ja4.of(ClientHello.parse(clientHello));
        } catch (IllegalArgumentException e) {
            fingerprint = UNKNOWN;
        }
        return ctx.executor().newSucceededFuture(fingerprint);
    }

    @Override
    protected void onLookupComplete(ChannelHandlerContext ctx, Future<String> future) {
        try {
            onFingerprint.accept(ctx, future.getNow());
        } finally {
            ctx.pipeline().remove(this);
        }
    }
}
