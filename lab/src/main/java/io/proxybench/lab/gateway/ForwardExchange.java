package io.proxybench.lab.gateway;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.proxybench.lab.exits.ExitChoice;
import io.proxybench.lab.exits.NoExitException;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Locale;
import java.util.Queue;
import java.util.function.Consumer;

/**
 * One forwarded plain-HTTP request: the gateway terminates it, picks an exit for it (rotating sessions get a new
 * one per request), sends it on an upstream connection from the {@link ForwardPool} and streams the response
 * back. Every method runs on the client connection's event loop; upstream events hop onto it.
 *
 * <p>When the exchange ends, {@code done} learns whether the client connection may carry another request. The
 * upstream connection goes back to the pool only after a complete, keep-alive response to a complete request;
 * in every other ending it is closed, so none is left behind.
 */
final class ForwardExchange {

    /** Response headers that describe one hop only (RFC 9110 section 7.6.1) and never reach the client. */
    private static final List<CharSequence> HOP_BY_HOP = List.of(HttpHeaderNames.CONNECTION,
            HttpHeaderNames.KEEP_ALIVE, HttpHeaderNames.PROXY_AUTHENTICATE, "proxy-connection", HttpHeaderNames.TE,
            HttpHeaderNames.TRAILER, HttpHeaderNames.UPGRADE);

    private final GatewayContext gw;
    private final ChannelHandlerContext client;
    private final Caller caller;
    private final HostPort named;
    private final HttpRequest request;
    private final boolean clientKeepAlive;
    private final HttpVersion clientVersion;
    private final Consumer<Boolean> done;
    private final Queue<HttpContent> early = new ArrayDeque<>();
    private ExitChoice choice;
    private ForwardPool.Key key;
    /** The caller's slot under the per-user limit, held from its taking to the end of the exchange. */
    private UserSlot slot;
    private Channel upstream;
    private boolean retried;
    private boolean bodySent;
    private boolean requestComplete;
    private boolean responseStarted;
    private boolean interim;
    private boolean closeClientAfter;
    private boolean upstreamKeepAlive;
    private boolean finished;

    /**
     * @param request the request in origin form, hop-by-hop and proxy headers already removed
     * @param clientVersion the client's HTTP version, which decides how the response is framed back
     */
    ForwardExchange(GatewayContext gw, ChannelHandlerContext client, Caller caller, HostPort named,
            HttpRequest request, boolean clientKeepAlive, HttpVersion clientVersion, Consumer<Boolean> done) {
        this.gw = gw;
        this.client = client;
        this.caller = caller;
        this.named = named;
        this.request = request;
        this.clientKeepAlive = clientKeepAlive;
        this.clientVersion = clientVersion;
        this.done = done;
    }

    void start() {
        DestinationPolicy destinations = gw.config().destinations();
        if (!destinations.mayResolve(named.host())) {
            gw.counters().refusedDestination();
            reject(HttpResponseStatus.FORBIDDEN, destinations.nameRefusal(named.toString()));
            return;
        }
        gw.resolver().resolve(named.host()).whenComplete((address, error) -> client.executor().execute(() -> {
            if (error != null) {
                reject(HttpResponseStatus.BAD_GATEWAY, "cannot resolve " + named.host());
                return;
            }
            begin(new InetSocketAddress(address, named.port()));
        }));
    }

    private void begin(InetSocketAddress target) {
        if (finished) {
            return;
        }
        // Taken once the request's head and (usually) its end have been read, so that a refusal keeps the client's
        // connection open, as the refusals below do.
        slot = UserSlot.take(gw, caller);
        if (slot == null) {
            reject(HttpResponseStatus.TOO_MANY_REQUESTS, UserSlot.refusal(gw));
            return;
        }
        if (!gw.config().destinations().allows(target)) {
            gw.counters().refusedDestination();
            reject(HttpResponseStatus.FORBIDDEN, gw.config().destinations().refusal(target, named.toString()));
            return;
        }
        try {
            choice = gw.sessions().exitFor(caller.account(), caller.session(), System.nanoTime());
        } catch (NoExitException e) {
            reject(HttpResponseStatus.BAD_GATEWAY, e.getMessage());
            return;
        }
        gw.counters().tunnel(GatewayCounters.Kind.FORWARD, choice.exit().ip());
        key = new ForwardPool.Key(choice.exit(), target);
        acquire(false);
    }

    private void acquire(boolean fresh) {
        gw.forwardPool().acquire(key, choice, client.channel().eventLoop(), fresh).addListener(f -> {
            Channel ch = (Channel) f.getNow();
            if (finished) {
                if (ch != null) {
                    ch.close();
                }
                return;
            }
            if (!f.isSuccess()) {
                reject(HttpResponseStatus.BAD_GATEWAY, "exit " + key.exit().ip() + " could not connect to " + named
                        + ": " + f.cause().getMessage());
                return;
            }
            attach(ch);
        });
    }

    private void attach(Channel ch) {
        upstream = ch;
        ch.pipeline().get(ForwardUpstream.class).bind(this);
        ch.write(request).addListener(w -> {
            if (!w.isSuccess()) {
                ch.close();
                upstreamClosed(ch);
            }
        });
        HttpContent c;
        while ((c = early.poll()) != null) {
            bodySent |= c.content().isReadable();
            ch.write(c);
        }
        ch.flush();
        ch.read();
        if (!ch.isActive()) {
            upstreamClosed(ch);
        } else if (!requestComplete) {
            client.read();
        }
    }

    /** A chunk of the request body from the client. */
    void fromClient(HttpContent content) {
        if (finished) {
            ReferenceCountUtil.release(content);
            return;
        }
        boolean last = content instanceof LastHttpContent;
        requestComplete |= last;
        if (upstream == null) {
            early.add(content);
            return;
        }
        bodySent |= content.content().isReadable();
        upstream.writeAndFlush(content).addListener((ChannelFutureListener) f -> {
            if (f.isSuccess() && !last) {
                client.read();
            }
        });
    }

    /** A response part from {@code from}, on any thread. */
    void fromUpstream(Channel from, HttpObject part) {
        if (!client.executor().inEventLoop()) {
            client.executor().execute(() -> fromUpstream(from, part));
            return;
        }
        if (finished || from != upstream) {
            ReferenceCountUtil.release(part);
            return;
        }
        if (part instanceof HttpResponse response && response.status().codeClass() == HttpStatusClass.INFORMATIONAL) {
            // An interim response (103 Early Hints; 100 Continue was answered by the gateway itself) and the
            // empty end the codec adds to it: the client waits for the final response only.
            interim = true;
            ReferenceCountUtil.release(part);
            from.read();
            return;
        }
        if (interim) {
            interim = !(part instanceof LastHttpContent);
            ReferenceCountUtil.release(part);
            from.read();
            return;
        }
        if (part instanceof HttpResponse response) {
            responseStarted = true;
            prepare(response);
        }
        boolean last = part instanceof LastHttpContent;
        boolean keepClient = clientKeepAlive && !closeClientAfter && requestComplete;
        client.writeAndFlush(part).addListener((ChannelFutureListener) f -> {
            if (!f.isSuccess()) {
                from.close();
                f.channel().close();
            } else if (!last) {
                from.read();
            } else if (!keepClient) {
                f.channel().close();
            }
        });
        if (last) {
            ForwardUpstream handler = from.pipeline().get(ForwardUpstream.class);
            if (handler != null) {
                handler.bind(null);
            }
            if (upstreamKeepAlive && requestComplete) {
                gw.forwardPool().release(key, from);
            } else {
                from.close();
            }
            finish(keepClient);
        }
    }

    /** Decides what outlives the response, and frames it for the client's HTTP version. */
    private void prepare(HttpResponse response) {
        HttpHeaders headers = response.headers();
        upstreamKeepAlive = HttpUtil.isKeepAlive(response);
        int code = response.status().code();
        boolean bodyless = request.method().equals(HttpMethod.HEAD) || code == 204 || code == 304;
        boolean chunked = HttpUtil.isTransferEncodingChunked(response);
        boolean framed = bodyless || HttpUtil.isContentLengthSet(response) || chunked;
        upstreamKeepAlive &= framed;
        closeClientAfter = !framed;
        for (String listed : headers.getAll(HttpHeaderNames.CONNECTION)) {
            for (String name : listed.split(",")) {
                headers.remove(name.trim().toLowerCase(Locale.ROOT));
            }
        }
        HOP_BY_HOP.forEach(headers::remove);
        if (chunked && clientVersion.equals(HttpVersion.HTTP_1_0)) {
            // HTTP/1.0 has no chunked coding: send the body as is and end it by closing the connection.
            headers.remove(HttpHeaderNames.TRANSFER_ENCODING);
            closeClientAfter = true;
        }
        if (!clientKeepAlive || closeClientAfter) {
            headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        } else if (clientVersion.equals(HttpVersion.HTTP_1_0)) {
            headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
        }
    }

    /** The upstream connection {@code from} ended, on any thread. */
    void upstreamClosed(Channel from) {
        if (!client.executor().inEventLoop()) {
            client.executor().execute(() -> upstreamClosed(from));
            return;
        }
        if (finished || from != upstream) {
            return;
        }
        if (responseStarted) {
            client.close();
            finish(false);
        } else if (!retried && !bodySent && Boolean.TRUE.equals(from.attr(ForwardPool.REUSED).get())) {
            // A pooled connection the target had already given up on: redial once, as Go's transport does.
            retried = true;
            upstream = null;
            from.close();
            if (requestComplete) {
                // attach() handed the request's end to the dead connection: the new one needs it too.
                early.add(LastHttpContent.EMPTY_LAST_CONTENT);
            }
            gw.counters().forwardRetry();
            acquire(true);
        } else {
            reject(HttpResponseStatus.BAD_GATEWAY, "the target " + named + " closed the connection before"
                    + " answering");
        }
    }

    /** The client connection closed: the exchange ends and its upstream connection, if any, is closed. */
    void clientClosed() {
        if (finished) {
            return;
        }
        if (upstream != null) {
            upstream.close();
        }
        finish(false);
    }

    private void reject(HttpResponseStatus status, String reason) {
        if (finished) {
            return;
        }
        if (upstream != null) {
            upstream.close();
        }
        boolean keepAlive = clientKeepAlive && requestComplete;
        Responses.send(client, Responses.text(status, reason), keepAlive);
        finish(keepAlive);
    }

    private void finish(boolean keepClient) {
        if (finished) {
            return;
        }
        finished = true;
        if (slot != null) {
            slot.free();
        }
        early.forEach(ReferenceCountUtil::release);
        early.clear();
        done.accept(keepClient);
    }
}
