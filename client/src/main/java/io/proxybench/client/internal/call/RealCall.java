package io.proxybench.client.internal.call;

import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;
import io.proxybench.client.Call;
import io.proxybench.client.CallException;
import io.proxybench.client.Headers;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.Redirect;
import io.proxybench.client.RedirectPolicy;
import io.proxybench.client.RetryPolicy;
import io.proxybench.client.Timeouts;
import io.proxybench.client.WireBytes;
import io.proxybench.client.cookie.CookieJars;
import io.proxybench.client.event.CallInfo;
import io.proxybench.client.event.Phase;
import io.proxybench.client.internal.connect.Route;
import io.proxybench.client.internal.event.CallTrace;
import io.proxybench.client.internal.exchange.ClientConnection;
import io.proxybench.client.internal.exchange.ExchangeLimits;
import io.proxybench.client.internal.metrics.ClientCounters;
import io.proxybench.client.internal.pool.ConnectionPool;
import io.proxybench.client.internal.pool.Grant;
import io.proxybench.client.internal.redirect.FollowUp;
import io.proxybench.client.internal.redirect.RedirectException;
import io.proxybench.client.internal.redirect.Redirects;
import io.proxybench.client.proxy.SessionRouter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * One call: its route, then attempts. An attempt encodes the request, finds a connection ({@link ConnectionFinder})
 * and runs the exchange ({@link ExchangeSender}); a reused connection that gave no response on the first attempt is
 * left for a second attempt on a new connection. The call fails with a {@link CallException} naming the phase that
 * failed, the wire bytes every attempt cost and whether the last attempt's connection was reused, opened for it, or
 * none.
 *
 * <p>The call is its exchanges' {@link ExchangeSender.Ended} and tells its end to a callback: no future of its own and
 * no chain of stages when an open connection is at hand (the usual case on a busy key).
 *
 * <p>Cancelling ({@link #cancel}, from any thread, and the call timeout) ends the call in the phase it is in: an
 * exchange is aborted (an HTTP/1.1 connection closed, an HTTP/2 stream reset), a wait for a pool slot is given up
 * (the slot goes to the next waiter). A connection being set up is not torn down: its setup is worth keeping, so it
 * finishes and goes to the pool idle. Invariant: {@code done} is told once, at the cancel when the call cannot be
 * stopped at once, else when its step unwinds.
 */
final class RealCall implements ExchangeSender.Ended, Call {

    private static final InternalLogger LOG = InternalLoggerFactory.getInstance(RealCall.class);
    private static final AtomicReferenceFieldUpdater<RealCall, Throwable> CANCELLED =
            AtomicReferenceFieldUpdater.newUpdater(RealCall.class, Throwable.class, "cancelled");
    private static final AtomicReferenceFieldUpdater<RealCall, Object> TOLD =
            AtomicReferenceFieldUpdater.newUpdater(RealCall.class, Object.class, "told");
    private static final AtomicReferenceFieldUpdater<RealCall, PendingRetry> PENDING =
            AtomicReferenceFieldUpdater.newUpdater(RealCall.class, PendingRetry.class, "pendingRetry");

    /** The caller's request, which a retry sends again. */
    private final ProxyRequest original;
    /** The request of the hop in progress: the caller's, or the one its last redirect asked for. */
    private ProxyRequest request;
    /** The retry policy's attempts made so far, the one in progress included. */
    private int attempts = 1;
    /** The next hop goes out on a new connection (a retry's). */
    private boolean fresh;
    private final ClientParts parts;
    /** Told the call's end, once. */
    private final BiConsumer<? super ProxyResponse, ? super Throwable> done;
    /** The call's stream, or null when its body is buffered. */
    private final ResponseBodyStream stream;
    private final ExchangeLimits limits;
    /** The attempt in progress: its route, trace and encoded request, and what the earlier attempts cost. */
    private Routed routed;
    private CallTrace trace;
    private FullHttpRequest http;
    private WireBytes earlier;
    /** Why the call was cancelled; null while it was not. */
    private volatile Throwable cancelled;
    /** Non-null once {@code done} was told. */
    private volatile Object told;
    /** Aborts the exchange in progress; null when none is. */
    private volatile Consumer<Throwable> abort;
    /** The pool's grant being waited for; null when none is. */
    private volatile CompletableFuture<Grant<ClientConnection>> waiting;
    /**
     * The next attempt while it waits out its backoff; null otherwise. Whoever takes it (the timer, or a cancel)
     * starts that attempt's events, so a cancel during the wait ends the next attempt, never the one that ended.
     */
    private volatile PendingRetry pendingRetry;
    /** The call timeout's timer; null without one. */
    private ScheduledFuture<?> deadline;
    /** The redirects followed so far, in order; null before the first. */
    private List<Redirect> hops;
    /** What the response in progress asks for, decided at its head: the next hop, or why its redirect is refused. */
    private FollowUp followUp;
    private RedirectException refused;

    RealCall(ProxyRequest request, ClientParts parts, ResponseBodyStream stream,
            BiConsumer<? super ProxyResponse, ? super Throwable> done) {
        this.request = request;
        this.original = request;
        this.parts = parts;
        this.stream = stream;
        this.done = done;
        Timeouts timeouts = request.timeouts() != null ? request.timeouts() : parts.timeouts();
        this.limits = parts.limits(timeouts);
    }

    /** Tells {@code done} the call's end; an exception it throws is logged, never let into the I/O thread. */
    static void tell(BiConsumer<? super ProxyResponse, ? super Throwable> done, ProxyResponse response,
            Throwable failure) {
        try {
            done.accept(response, failure);
        } catch (RuntimeException | Error e) {
            LOG.warn("a call's callback threw; the call had ended (fix the callback)", e);
        }
    }

    /** Tells the call's end, once: a later end (a cancelled call's step unwinding) is dropped. */
    private void finish(ProxyResponse response, Throwable failure) {
        if (!TOLD.compareAndSet(this, null, Boolean.TRUE)) {
            return;
        }
        ScheduledFuture<?> timer = deadline;
        if (timer != null) {
            timer.cancel(false);
        }
        tell(done, response, failure);
    }

    /** Sends the request; never blocks, never throws: a failure is told to {@code done}. */
    void execute(CallTrace trace) {
        Timeouts timeouts = request.timeouts() != null ? request.timeouts() : parts.timeouts();
        if (!timeouts.call().isZero()) {
            deadline = parts.timers().schedule(() -> cancel(new CallTimeoutException(timeouts.call())),
                    timeouts.call().toNanos(), TimeUnit.NANOSECONDS);
        }
        hop(trace, WireBytes.NONE);
    }

    /** Sends the request of a hop (the first, or a redirect's); {@code earlier}: what the hops before it cost. */
    private void hop(CallTrace trace, WireBytes earlier) {
        this.trace = trace;
        trace.callStart();
        Routed routed;
        try {
            routed = parts.routes().route(request);
        } catch (RuntimeException e) {
            trace.callFailed(e);
            finish(null, failure(trace.current(), e, earlier, null));
            return;
        }
        trace.proxySelected(routed.route().proxy());
        this.routed = routed;
        attempt(request.newConnection() || fresh, trace, earlier);
    }

    @Override
    public void cancel() {
        cancel(new CancellationException("the call was cancelled"));
    }

    /**
     * Ends the call with {@code why} in whatever phase it is in; nothing once it has ended or was cancelled already.
     * See the class comment.
     */
    void cancel(Throwable why) {
        if (told != null || !CANCELLED.compareAndSet(this, null, why)) {
            return;
        }
        Consumer<Throwable> exchange = abort;
        if (exchange != null) {
            exchange.accept(why); // the exchange fails, and recover() ends the call
            return;
        }
        CompletableFuture<Grant<ClientConnection>> slot = waiting;
        if (slot != null && slot.cancel(false)) {
            return; // the acquire fails, and recover() ends the call
        }
        // Routing, encoding or setting a connection up: the step cannot be stopped; the call ends now, and the step,
        // once done, sees the cancellation and gives back what it got. Or waiting out a retry's backoff: the next
        // attempt, not yet started, is the one that ends.
        CallTrace t = trace;
        WireBytes spent = earlier == null ? WireBytes.NONE : earlier;
        PendingRetry next = PENDING.getAndSet(this, null);
        if (next != null) { // its events start and end here, in its first phase
            t = next.trace();
            spent = next.spent();
            t.callStart();
        }
        t.callFailed(why);
        finish(null, failure(t.current(), why, spent, null));
    }

    @Override
    public boolean isCancelled() {
        return cancelled != null;
    }

    /**
     * @param fresh on a new connection, never an open one
     * @param earlier what the call's earlier attempts cost
     */
    private void attempt(boolean fresh, CallTrace trace, WireBytes earlier) {
        this.trace = trace;
        this.earlier = earlier;
        FullHttpRequest http;
        try {
            http = parts.encoder().encode(withCookies(request), routed.route(), routed.hostHeader());
        } catch (IllegalArgumentException e) {
            trace.callFailed(e);
            finish(null, failure(Phase.REQUEST, e, earlier, null));
            return;
        }
        this.http = http;
        ConnectionFinder finder = parts.finder();
        Grant<ClientConnection> now = finder.grantNow(routed.route(), fresh);
        if (now != null && now.kind() == Grant.Kind.REUSE) {
            try {
                finder.reused(now, routed.exit(), trace);
            } catch (RuntimeException | Error e) {
                recover(e, false);
                return;
            }
            send(now.connection(), true);
            return;
        }
        CompletableFuture<Grant<ClientConnection>> granted;
        if (now != null) {
            granted = CompletableFuture.completedFuture(now);
        } else {
            granted = finder.acquire(routed.route(), fresh);
            waiting = granted;
            if (cancelled != null) {
                granted.cancel(false); // cancelled while asking: the pool hands the slot on
            }
        }
        finder.connection(granted, routed, trace).whenComplete((acquired, error) -> {
            waiting = null;
            if (error != null) {
                recover(error, false);
            } else {
                send(acquired.connection(), acquired.reused());
            }
        });
    }

    /**
     * Hands the request to the exchange, which releases it whatever happens (h2: later) and tells {@link #exchanged}
     * once; it throws nothing back. A call cancelled meanwhile gives the connection back unused.
     */
    private void send(ClientConnection connection, boolean reused) {
        if (cancelled != null) {
            http.release();
            parts.pool().release(connection, true, null, System.nanoTime());
            if (told == null) {
                trace.callFailed(cancelled);
                finish(null, failure(trace.current(), cancelled, earlier, reused));
            }
            return;
        }
        parts.exchange().send(http, routed, connection, reused, trace, earlier, stream, limits,
                parts.decompression() && !request.headers().contains("accept-encoding"), this);
    }

    @Override
    public void started(Consumer<Throwable> abort) {
        this.abort = abort;
        Throwable why = cancelled;
        if (why != null) {
            abort.accept(why); // cancelled as the exchange began
        }
    }

    /**
     * A response's head: its cookies go to the request's session's jar, and the call decides whether it follows the
     * response (a redirect the policy follows, or one it refuses): then the response's body is read and dropped, and
     * {@link #exchanged} goes on to the next hop or fails.
     */
    @Override
    public boolean head(int status, Headers headers) {
        CookieJars jars = parts.cookies();
        if (jars != null && headers.contains("Set-Cookie")) {
            jars.forSession(request.sessionKey()).store(request.uri(), headers.values("Set-Cookie"));
        }
        followUp = null;
        refused = null;
        if (status < 300 || status > 399) {
            return false;
        }
        try {
            followUp = Redirects.nextOfFields(parts.redirects(), request, status,
                    headers.values("Location"), hops == null ? List.of() : hops).orElse(null);
        } catch (RedirectException e) {
            refused = e;
        }
        return followUp != null || refused != null;
    }

    /**
     * The request as sent: with the session's cookies for its URL, unless the caller set a Cookie header of its own
     * (or the client keeps no cookies).
     */
    private ProxyRequest withCookies(ProxyRequest request) {
        CookieJars jars = parts.cookies();
        if (jars == null) {
            return request;
        }
        if (request.headers().contains("cookie")) {
            return request;
        }
        return jars.forSession(request.sessionKey()).cookieHeader(request.uri())
                .map(cookies -> request.withHeader("Cookie", cookies)).orElse(request);
    }

    @Override
    public void exchanged(ProxyResponse response, AttemptFailed failure) {
        abort = null;
        if (failure != null) {
            recover(failure, true);
        } else if (refused != null) {
            trace.callFailed(refused);
            finish(null, new CallException(Phase.REQUEST, refused, response.bytesOut(), response.bytesIn(),
                    response.handshakeBytes(), response.reused()));
        } else if (followUp != null) {
            follow(response);
        } else {
            ProxyResponse whole = hops == null ? response : response.toBuilder().redirects(hops).build();
            if (!retried(whole)) {
                finish(whole, null);
            }
        }
    }

    /**
     * Sends the call again when the retry policy asks for it after {@code response}: after the server's
     * {@code Retry-After} (when it sends one the policy honours; a longer one ends the call with the response) or the
     * policy's backoff, through a new session when the response says the session is blocked.
     *
     * @return whether the call goes on
     */
    private boolean retried(ProxyResponse response) {
        RetryPolicy policy = parts.retries();
        // A stream's response was handed to its reader at the head: it is the call's, whatever its status.
        if (stream != null || attempts >= policy.maxAttempts() || cancelled != null
                || !policy.retries(response, original.method())) {
            return false;
        }
        Duration wait = RetryAfter.parse(response.headers(), Instant.now());
        if (wait != null && wait.compareTo(policy.retryAfterMax()) > 0) {
            return false;
        }
        if (policy.rotates(response) && original.sessionKey() != null && parts.router() != null) {
            parts.router().blocked(original.sessionKey());
        }
        retry(wait != null ? wait : policy.backoff(attempts + 1, ThreadLocalRandom.current().nextDouble()),
                response.wireBytes());
        return true;
    }

    /** Sends the caller's request again after {@code wait}, on a new connection, carrying what the call cost. */
    private void retry(Duration wait, WireBytes spent) {
        attempts++;
        pendingRetry = new PendingRetry(new CallTrace(trace.call().retry(), trace.listener()), spent);
        parts.timers().schedule(() -> {
            if (cancelled != null || told != null) {
                return; // cancelled while it waited: the cancel told the call's end
            }
            PendingRetry next = PENDING.getAndSet(this, null);
            if (next == null) {
                return; // a cancel took it meanwhile, and told the call's end
            }
            request = original;
            hops = null;
            fresh = true;
            hop(next.trace(), next.spent());
        }, wait.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** An attempt of the retry policy's, waiting out its backoff: its trace, and what the call cost before it. */
    private record PendingRetry(CallTrace trace, WireBytes spent) {}

    /** Sends the request the redirect asks for, on the same session, carrying what the call has cost so far. */
    private void follow(ProxyResponse redirected) {
        FollowUp next = followUp;
        followUp = null;
        if (hops == null) {
            hops = new ArrayList<>(4);
        }
        hops.add(next.hop().withResponse(ownPart(redirected, earlier)));
        request = next.request();
        if (cancelled != null) {
            finish(null, failure(Phase.REQUEST, cancelled, redirected.wireBytes(), redirected.reused()));
            return;
        }
        CallInfo info = trace.call();
        hop(new CallTrace(new CallInfo(info.id(), request.method(), request.uri(), request.sessionKey(), 1),
                trace.listener()), redirected.wireBytes());
    }

    /**
     * {@code response} with the wire bytes of its own hop only: without {@code before}, what the call had cost when
     * the hop began (unknown costs leave it as it is).
     */
    private static ProxyResponse ownPart(ProxyResponse response, WireBytes before) {
        if (before == null || before.equals(WireBytes.UNKNOWN) || before.equals(WireBytes.NONE)) {
            return response;
        }
        return response.toBuilder().bytesOut(response.bytesOut() - before.out())
                .bytesIn(response.bytesIn() - before.in())
                .handshakeBytes(response.handshakeBytes() - before.handshake()).redirects(List.of()).build();
    }

    /**
     * A failed attempt: sends again on a new connection when the exchange asked for a retry (unless the call was
     * cancelled), else fails the call. {@code handedOver}: whether the exchange took the request (and so releases it).
     * A failure that does not say what the attempt cost (one no step expected) leaves the call's bytes unknown.
     */
    private void recover(Throwable error, boolean handedOver) {
        Throwable unwrapped = FailureCause.unwrap(error);
        AttemptFailed failed = unwrapped instanceof AttemptFailed f ? f
                : new AttemptFailed(unwrapped, WireBytes.UNKNOWN, null, false);
        Throwable cause = cancelled != null ? cancelled : failed.getCause();
        WireBytes spent = earlier.plus(failed.spent());
        if (!handedOver && http.refCnt() > 0) {
            http.release();
        }
        if (failed.retry() && cancelled == null) {
            parts.counters().retried(routed.exit());
            attempt(true, new CallTrace(trace.call().retry(), trace.listener()), spent);
            return;
        }
        if (told != null) {
            return;
        }
        trace.callFailed(cause);
        Phase phase = cause instanceof CallException ce ? ce.phase() : trace.current();
        RetryPolicy policy = parts.retries();
        if (cancelled == null && attempts < policy.maxAttempts() && policy.retries(phase, original.method())
                && spent != WireBytes.UNKNOWN) {
            retry(policy.backoff(attempts + 1, ThreadLocalRandom.current().nextDouble()), spent);
            return;
        }
        finish(null, cause instanceof CallException ce ? ce : failure(trace.current(), cause, spent, failed.reused()));
    }

    /** Whether the caller set a header named {@code name} (lower case). */
    /** @param reused whether the failing attempt's connection was open before it; null when it had none */
    private static CallException failure(Phase phase, Throwable cause, WireBytes spent, Boolean reused) {
        return new CallException(phase, cause, spent.out(), spent.in(), spent.handshake(), reused);
    }

    /** The client's parts every call uses. */
    record ClientParts(Routes routes, RequestEncoder encoder, ConnectionFinder finder, ExchangeSender exchange,
            ClientCounters counters, ConnectionPool<Route, Object, ClientConnection> pool, Timeouts timeouts,
            ScheduledExecutorService timers, ExchangeLimits defaultLimits, RedirectPolicy redirects,
            CookieJars cookies, RetryPolicy retries, SessionRouter router, boolean decompression) {

        /** The exchange limits of {@code timeouts}: the client's own object when they are the client's. */
        ExchangeLimits limits(Timeouts timeouts) {
            return timeouts == this.timeouts ? defaultLimits
                    : new ExchangeLimits(timeouts.responseHead().toNanos(), timeouts.readIdle().toNanos());
        }
    }
}
