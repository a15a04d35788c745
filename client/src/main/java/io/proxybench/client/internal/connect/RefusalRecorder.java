package io.proxybench.client.internal.connect;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.proxy.HttpProxyHandler;
import io.proxybench.client.proxy.ProxyCredentials;

/**
 * Sits between Netty's HTTP codec and its {@link HttpProxyHandler}, which keeps a refusal's headers and drops its
 * body, and passes every message on untouched. Of an answer other than 200 (what Netty refuses) it keeps the status,
 * the headers and the first {@link BodyPrefix#MAX_BYTES} bytes of the body, so that {@link #explain} can turn Netty's
 * failure into a {@link TunnelRefusedException} with the proxy's reason. Once a 200 has passed whole, the tunnel is
 * up and it removes itself. One connection's event loop only.
 */
final class RefusalRecorder extends ChannelInboundHandlerAdapter {

    /** Its name in a pipeline. */
    static final String NAME = "refusal-recorder";

    /** The status of an answer other than 200, 0 until one came. */
    private int status;
    private HttpHeaders headers;
    private BodyPrefix body;
    /** Whether that answer has come whole: Netty fails the tunnel when it has. */
    private boolean complete;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpResponse response) {
            int code = response.status().code();
            status = code == 200 ? 0 : code;
            headers = status == 0 ? null : response.headers().copy();
            body = status == 0 ? null : new BodyPrefix();
        }
        if (body != null && msg instanceof HttpContent content) {
            body.append(content.content());
        }
        boolean last = msg instanceof LastHttpContent;
        complete |= last && status != 0;
        ctx.fireChannelRead(msg);
        if (last && status == 0 && ctx.pipeline().context(this) != null) {
            ctx.pipeline().remove(this);
        }
    }

    /**
     * The tunnel's failure with the proxy's reason: a {@link TunnelRefusedException} caused by {@code failure} when
     * it is Netty's report of the refusal recorded here, {@code failure} itself otherwise (a timeout, a lost
     * connection, an answer cut short).
     *
     * @param credentials what the tunnel sent, masked wherever the proxy echoes it
     */
    Throwable explain(Throwable failure, ProxyCredentials credentials) {
        if (!complete || !(failure instanceof HttpProxyHandler.HttpProxyConnectException)) {
            return failure;
        }
        String reason = RefusalReason.of(headers, body, credentials);
        return new TunnelRefusedException(failure.getMessage() + (reason == null ? "" : ": " + reason), status,
                reason, failure);
    }
}
