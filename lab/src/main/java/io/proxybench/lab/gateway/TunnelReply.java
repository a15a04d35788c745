package io.proxybench.lab.gateway;

import io.netty.channel.ChannelHandler;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.net.InetSocketAddress;

/** How one proxy protocol answers a tunnel request; {@link Tunnels} decides which answer. */
interface TunnelReply {

    /** Why a tunnel was not opened. */
    enum Refusal {
        /** The destination is outside the allowed list (HTTP 403, SOCKS5 "not allowed by ruleset"). */
        FORBIDDEN,
        /** The name did not resolve (HTTP 502, SOCKS5 "host unreachable"). */
        UNRESOLVED,
        /** No exit can serve the session (HTTP 502, SOCKS5 "general failure"). */
        NO_EXIT,
        /** Refused on purpose by fault injection (HTTP 502, SOCKS5 "connection refused"). */
        FAULT,
        /** The exit could not connect (HTTP 502, SOCKS5 "connection refused"). */
        UNREACHABLE,
        /**
         * The caller's account has as many tunnels open as the per-user limit allows (HTTP 429, SOCKS5 "not allowed
         * by ruleset").
         */
        OVER_USER_LIMIT;

        /** The HTTP status of this refusal, for CONNECT over HTTP/1.1 and HTTP/2 alike. */
        HttpResponseStatus httpStatus() {
            return switch (this) {
                case FORBIDDEN -> HttpResponseStatus.FORBIDDEN;
                case OVER_USER_LIMIT -> HttpResponseStatus.TOO_MANY_REQUESTS;
                case UNRESOLVED, NO_EXIT, FAULT, UNREACHABLE -> HttpResponseStatus.BAD_GATEWAY;
            };
        }
    }

    /** Answers with a refusal; {@code message} names the cause and never holds credentials. */
    void refuse(Refusal refusal, String message);

    /**
     * Tells the client the tunnel is up, then hands the connection to {@code next}: the protocol's codecs leave
     * the pipeline and any bytes they had buffered go to {@code next}, in order.
     *
     * @param bound the exit's address and port as seen by the target, or the exit address with port 0 before
     *     the exit has dialled
     */
    void establish(InetSocketAddress bound, ChannelHandler next);
}
