package io.proxybench.harness.engine;

import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.event.ConnectionInfo;
import io.proxybench.client.event.Phase;
import io.proxybench.client.event.PhaseTimings;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * A sender whose replies a script decides per request number (read from the URL path {@code /N}): complete with a
 * response or fail after some fake time, or never. Each send can cost fake time, to make the runner start late.
 */
final class FakeSender implements Function<ProxyRequest, CompletableFuture<ProxyResponse>>, Sender {

    /** What to do with request {@code number}, sent {@code sentNanos} after the run's start. */
    interface Script {
        Reply reply(long number, long sentNanos);
    }

    /** As {@link Script}, knowing which send of the request this is (1 for the first) and whether it is fresh. */
    interface AttemptScript {
        Reply reply(long number, long sentNanos, int send, boolean newConnection);
    }

    /** A reply {@code delayNanos} after the send, or none when {@code never}. */
    record Reply(long delayNanos, ProxyResponse response, Throwable failure, boolean never) {
        static Reply ok(long delayNanos) {
            return ok(delayNanos, 200);
        }

        static Reply ok(long delayNanos, int status) {
            return new Reply(delayNanos, FakeSender.response(status, "ip=203.0.113.9\nloc=DE\n"), null, false);
        }

        static Reply fail(long delayNanos, Throwable failure) {
            return new Reply(delayNanos, null, failure, false);
        }

        /** A reply no record can be made of: a call that succeeded with no response, which a real one never does. */
        static Reply unrecordable(long delayNanos) {
            return new Reply(delayNanos, null, null, false);
        }

        static Reply none() {
            return new Reply(0, null, null, true);
        }
    }

    private final FakeClock clock;
    private final AttemptScript script;
    private final long sendCostNanos;
    private final List<Long> sent = new ArrayList<>();
    private final Map<Long, Integer> sends = new HashMap<>();

    FakeSender(FakeClock clock, long sendCostNanos, Script script) {
        this(clock, sendCostNanos, (AttemptScript) (n, sentNanos, send, fresh) -> script.reply(n, sentNanos));
    }

    FakeSender(FakeClock clock, long sendCostNanos, AttemptScript script) {
        this.clock = clock;
        this.script = script;
        this.sendCostNanos = sendCostNanos;
    }

    /** The request for number {@code n}, as the runner's request function. */
    static ProxyRequest request(long n) {
        return ProxyRequest.get("http://target.test/" + n);
    }

    /** A response over a new HTTP/1.1 tunnel, with TCP 2 ms, CONNECT 3 ms, REQUEST 5 ms. */
    static ProxyResponse response(int status, String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        PhaseTimings timings = PhaseTimings.of(
                Map.of(Phase.TCP, 2_000_000L, Phase.CONNECT, 3_000_000L, Phase.REQUEST, 5_000_000L));
        return ProxyResponse.builder().status(status).body(bytes).bodyBytes(bytes.length)
                .connection(new ConnectionInfo(7, null, "http/1.1", true, null)).timings(timings).bytesOut(120)
                .bytesIn(340).handshakeBytes(90).build();
    }

    /** Request numbers in the order they were sent, once per send. */
    List<Long> sent() {
        return sent;
    }

    @Override
    public void send(ProxyRequest request, BiConsumer<? super ProxyResponse, ? super Throwable> done) {
        apply(request).whenComplete(done);
    }

    @Override
    public CompletableFuture<ProxyResponse> apply(ProxyRequest request) {
        long number = Long.parseLong(request.uri().getPath().substring(1));
        sent.add(number);
        int send = sends.merge(number, 1, Integer::sum);
        Reply reply = script.reply(number, clock.elapsedNanos(), send, request.newConnection());
        CompletableFuture<ProxyResponse> future = new CompletableFuture<>();
        if (!reply.never()) {
            clock.at(clock.elapsedNanos() + reply.delayNanos(), () -> {
                if (reply.failure() != null) {
                    future.completeExceptionally(reply.failure());
                } else {
                    future.complete(reply.response());
                }
            });
        }
        if (sendCostNanos > 0) {
            clock.advance(sendCostNanos);
        }
        return future;
    }
}
