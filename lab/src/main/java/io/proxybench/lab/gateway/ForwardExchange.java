package io.proxybench.lab.gateway;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.proxybench.lab.exits.Exit;
import io.proxybench.lab.exits.NoExitException;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.function.Consumer;

/**
 * One forwarded plain-HTTP request: the gateway terminates it, picks an exit for it (rotating sessions get a new
 * one per request), sends it on an upstream connection from the {@link ForwardPool} and streams the response
 * back. Every method runs on the client connection's event loop; upstream events hop onto it.
 *
 * <p>When the exchange ends, {@code done} learns whether the client connection may carry another request.
 */
final class ForwardExchange {

    private final GatewayContext gw;
    private final ChannelHandlerContext client;
    private final Caller caller;
    private final HostPort named;
    private final HttpRequest request;
    private final boolean clientKeepAlive;
    private final Consumer<Boolean> done;
    private final Queue<HttpContent> early = new ArrayDeque<>();
    private ForwardPool.Key key;
    private Channel upstream;
    private boolean requestComplete;
    private boolean responseStarted;
    private boolean closeClientAfter;
    private boolean upstreamKeepAlive;
    private boolean finished;

    /**
     * @param request the request in origin form, hop-by-hop and proxy headers already removed
     */
    ForwardExchange(GatewayContext gw, ChannelHandlerContext client, Caller caller, HostPort named,
            HttpRequest request, boolean clientKeepAlive, Consumer<Boolean> done) {
        this.gw = gw;
        this.client = client;
        this.caller = caller;
        this.named = named;
        this.request = request;
        this.clientKeepAlive = clientKeepAlive;
        this.done = done;
    }

    void start() {
        gw.resolver().resolve(named.host()).whenComplete((address, error) -> client.executor().execute(() -> {
            if (error != null) {
                reject(HttpResponseStatus.BAD_GATEWAY, "cannot resolve " + named.host());
                return;
            }
            begin(new InetSocketAddress(address, named.port()));
        }));
    }

    private void begin(InetSocketAddress target) {
        if (!client.channel().isActive()) {
            finish(false);
            return;
        }
        if (!gw.config().destinations().allows(target.getAddress())) {
            gw.counters().refusedDestination();
            reject(HttpResponseStatus.FORBIDDEN, gw.config().destinations().refusal(named.toString()));
            return;
        }
        Exit exit;
        try {
            exit = gw.sessions().exitFor(caller.account(), caller.session(), System.nanoTime());
        } catch (NoExitException e) {
            reject(HttpResponseStatus.BAD_GATEWAY, e.getMessage());
            return;
        }
        gw.counters().tunnel(GatewayCounters.Kind.FORWARD, exit.ip());
        key = new ForwardPool.Key(exit, target);
        gw.forwardPool().acquire(key, client.channel().eventLoop()).addListener(f -> {
            if (!f.isSuccess()) {
                reject(HttpResponseStatus.BAD_GATEWAY, "exit " + exit.ip() + " could not connect to " + named
                        + ": " + f.cause().getMessage());
                return;
            }
            attach((Channel) f.getNow());
        });
    }

    private void attach(Channel ch) {
        upstream = ch;
        ch.pipeline().get(ForwardUpstream.class).bind(this);
        ch.write(request);
        HttpContent c;
        while ((c = early.poll()) != null) {
            ch.write(c);
        }
        ch.flush();
        ch.read();
        if (!requestComplete) {
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
        upstream.writeAndFlush(content).addListener((ChannelFutureListener) f -> {
            if (f.isSuccess() && !last) {
                client.read();
            }
        });
    }

    /** A response part from the upstream connection, on any thread. */
    void fromUpstream(HttpObject part) {
        if (!client.executor().inEventLoop()) {
            client.executor().execute(() -> fromUpstream(part));
            return;
        }
        if (finished) {
            ReferenceCountUtil.release(part);
            return;
        }
        if (part instanceof HttpResponse response) {
            responseStarted = true;
            prepare(response);
        }
        boolean last = part instanceof LastHttpContent;
        boolean keepClient = clientKeepAlive && !closeClientAfter;
        Channel up = upstream;
        client.writeAndFlush(part).addListener((ChannelFutureListener) f -> {
            if (f.isSuccess() && !last) {
                up.read();
            } else if (last && !keepClient) {
                f.channel().close();
            }
        });
        if (last) {
            ForwardUpstream handler = up.pipeline().get(ForwardUpstream.class);
            if (handler != null) {
                handler.bind(null);
            }
            if (upstreamKeepAlive && requestComplete) {
                gw.forwardPool().release(key, up);
            } else {
                up.close();
            }
            finish(keepClient);
        }
    }

    /** Decides what outlives the response: the upstream connection, and the client's. */
    private void prepare(HttpResponse response) {
        upstreamKeepAlive = HttpUtil.isKeepAlive(response);
        int code = response.status().code();
        boolean bodyless = request.method().equals(HttpMethod.HEAD) || code == 204 || code == 304
                || code / 100 == 1;
        boolean framed = bodyless || HttpUtil.isContentLengthSet(response)
                || HttpUtil.isTransferEncodingChunked(response);
        closeClientAfter = !framed;
        upstreamKeepAlive &= framed;
        response.headers().remove(HttpHeaderNames.CONNECTION).remove(HttpHeaderNames.KEEP_ALIVE);
        if (!clientKeepAlive || closeClientAfter) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
    }

    /** The upstream connection ended, on any thread. */
    void upstreamClosed() {
        if (!client.executor().inEventLoop()) {
            client.executor().execute(this::upstreamClosed);
            return;
        }
        if (finished) {
            return;
        }
        if (responseStarted) {
            client.close();
            finish(false);
        } else {
            reject(HttpResponseStatus.BAD_GATEWAY, "the target " + named + " closed the connection before"
                    + " answering");
        }
    }

    private void reject(HttpResponseStatus status, String reason) {
        if (finished) {
            return;
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
        early.forEach(ReferenceCountUtil::release);
        early.clear();
        done.accept(keepClient);
    }
}
