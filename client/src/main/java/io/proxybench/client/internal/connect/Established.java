package io.proxybench.client.internal.connect;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.proxybench.client.internal.metrics.WireMeter;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * A connection ready for HTTP: tunnel (if any) up and origin TLS (if any) done.
 *
 * @param protocol {@code h2} or {@code http/1.1}
 * @param handshakeBytes wire bytes both ways until it was ready
 * @param tlsGroup the key-exchange group negotiated with the origin, null without origin TLS or when unknown
 * @param gatewayConnectionId the HTTP/2 proxy connection whose stream {@code channel} is, 0 when it is a socket
 */
public record Established(Channel channel, WireMeter meter, String protocol, long handshakeBytes, String tlsGroup,
        long gatewayConnectionId) {

    /**
     * Hands the connection to an exchange: {@code exchange} adds its handlers to the pipeline, then the setup guard
     * leaves, passing on any bytes that arrived while the connection was set up. Both happen in one step on the
     * channel's event loop, whichever thread asks: from another thread Netty would add and remove the handlers later,
     * in tasks of their own, and a read in between would go past the exchange's handlers before they are in place
     * (an h2 server's SETTINGS lost) or leave the guard's bytes to arrive without the end of their read.
     *
     * @return completes on the event loop with what {@code exchange} made, or fails if it threw: with a
     *     {@link SetupFailedException} whose cause is what it threw and whose counts are what the connection carried
     */
    public <T> CompletableFuture<T> handOver(Supplier<T> exchange) {
        CompletableFuture<T> handedOver = new CompletableFuture<>();
        Runnable step = () -> {
            try {
                T made = exchange.get();
                channel.pipeline().remove(SetupGuard.NAME);
                handedOver.complete(made);
            } catch (Throwable e) {
                // Errors too: on the event loop Netty would only log one, and the call would wait forever.
                channel.close();
                handedOver.completeExceptionally(new SetupFailedException(e, meter.bytesOut(), meter.bytesIn(),
                        true));
            }
        };
        EventLoop loop = channel.eventLoop();
        if (loop.inEventLoop()) {
            step.run();
        } else {
            try {
                loop.execute(step);
            } catch (RuntimeException stopped) {
                handedOver.completeExceptionally(new SetupFailedException(stopped, meter.bytesOut(),
                        meter.bytesIn(), true));
            }
        }
        return handedOver;
    }
}
