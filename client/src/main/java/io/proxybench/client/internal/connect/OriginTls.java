package io.proxybench.client.internal.connect;

import io.netty.channel.Channel;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.OpenSslSession;
import io.netty.handler.ssl.SslHandler;
import io.proxybench.client.internal.event.CallTrace;
import io.proxybench.client.internal.metrics.WireMeter;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.CompletableFuture;
import javax.net.ssl.SSLSession;

/**
 * The last step of every plan, once bytes reach the origin (a socket, a tunnel or a CONNECT stream): TLS to the
 * origin with SNI and ALPN when it is {@code https://} and not forwarded, then the connection is established. A
 * certificate the client does not trust fails it with an {@link UntrustedCertificateException}, a chain without a
 * key pinned for the origin's host with a {@link PinMismatchException}, both in the TLS phase.
 */
final class OriginTls {

    private OriginTls() {}

    /** @param gatewayConnectionId the HTTP/2 proxy connection {@code ch} is a stream of, 0 when a socket */
    static void handshake(Sockets sockets, Route route, Channel ch, WireMeter meter, long gatewayConnectionId,
            CallTrace trace, CompletableFuture<Established> result) {
        Origin origin = route.origin();
        if (route.mode() == Route.Mode.FORWARD || !origin.secure()) {
            result.complete(new Established(ch, meter, ApplicationProtocolNames.HTTP_1_1, wire(meter), null,
                    gatewayConnectionId));
            return;
        }
        trace.originTlsStart();
        if (!ch.isActive()) {
            // The proxy closed the tunnel right after its 200 (a dial that failed after an early reply): there is
            // nothing to handshake over, and the pipeline may be torn down already.
            SetupFailures.fail(result, ch, new ClosedChannelException());
            return;
        }
        SslHandler originTls = Sni.handler(sockets.tls().origin(route.tls()), ch.alloc(), origin.host(),
                origin.port());
        originTls.setHandshakeTimeoutMillis(sockets.timeouts().tls().toMillis());
        ch.pipeline().addBefore(SetupGuard.NAME, "origin-tls", originTls);
        originTls.handshakeFuture().addListener(f -> {
            if (!f.isSuccess()) {
                SetupFailures.fail(result, ch, UntrustedCertificate.explain(f.cause(), UntrustedCertificate.Side.ORIGIN,
                        origin.host()));
                return;
            }
            SSLSession session = originTls.engine().getSession();
            PinMismatchException pinFailure = CertificatePins.check(route.tls(), origin.host(), session);
            if (pinFailure != null) {
                SetupFailures.fail(result, ch, pinFailure);
                return;
            }
            String alpn = originTls.applicationProtocol();
            String protocol = ApplicationProtocolNames.HTTP_2.equals(alpn) ? alpn : ApplicationProtocolNames.HTTP_1_1;
            trace.originTlsEnd(session.getProtocol(), protocol);
            String group = session instanceof OpenSslSession openSsl ? openSsl.getNamedGroup() : null;
            result.complete(new Established(ch, meter, protocol, wire(meter), group, gatewayConnectionId));
        });
    }

    private static long wire(WireMeter meter) {
        return meter.bytesIn() + meter.bytesOut();
    }
}
