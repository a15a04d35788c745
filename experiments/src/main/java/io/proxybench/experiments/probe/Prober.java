package io.proxybench.experiments.probe;

import io.proxybench.client.CallException;
import io.proxybench.client.PoolLimits;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.RedirectPolicy;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.harness.Trace;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Sends the probe's requests within its budget and reads the target's trace from each answer. Every request counts
 * against the budget before it is sent, so the probe never sends more than it was allowed.
 */
final class Prober {

    /** The trace of a request that got no answer: no values. */
    private static final Trace NO_TRACE = Trace.of(new byte[0]);

    private final ProbeSetup setup;
    private final AtomicInteger sent = new AtomicInteger();
    /** Makes this probe's session keys its own: a second probe within a session's lifetime starts afresh. */
    private final String nonce = Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);

    Prober(ProbeSetup setup) {
        this.setup = setup;
    }

    /**
     * One request's answer: its status and the target's trace, or the failure in one line with its error label
     * ({@code connect_407}) and the proxy's reason; label and reason are null when the failure was not the client's
     * (no answer in time), the reason also when the proxy gave none.
     */
    record Answer(int status, Trace trace, String error, String label, String reason, ProxyResponse response) {

        boolean ok() {
            return error == null && status >= 200 && status < 300;
        }

        String ip() {
            return trace.value("ip");
        }

        /** The status, or the failure, as a report shows it. */
        String outcome() {
            return error != null ? error : "HTTP " + status;
        }
    }

    /** A session key of this probe's own, e.g. {@code hold-k3x9...}. */
    String key(String name) {
        return name + "-" + nonce;
    }

    int sent() {
        return sent.get();
    }

    /** Whether {@code n} more requests fit the budget; takes them when they do. */
    boolean take(int n) {
        while (true) {
            int now = sent.get();
            if (now + n > setup.budget()) {
                return false;
            }
            if (sent.compareAndSet(now, now + n)) {
                return true;
            }
        }
    }

    /** A client through {@code proxy} (null: direct) with the setup's TLS, tuned by {@code tune}. */
    ProxyClient client(ProxySpec proxy, Consumer<ProxyClient.Builder> tune) {
        ProxyClient.Builder b = ProxyClient.builder().redirects(RedirectPolicy.none()).tls(setup.tls()).proxy(proxy)
                .ioThreads(1);
        tune.accept(b);
        return b.build();
    }

    /** A client that closes each connection after its request: every request is a new tunnel. */
    ProxyClient oneShotClient(ProxySpec proxy, Consumer<ProxyClient.Builder> tune) {
        return client(proxy, b -> {
            b.limits(PoolLimits.builder().keepAlive(Duration.ZERO).build());
            tune.accept(b);
        });
    }

    /** Sends one request already taken from the budget, and waits for its answer. */
    Answer send(ProxyClient client, ProxyRequest request) {
        return await(client.send(request));
    }

    /** Sends {@code requests} at once (already taken from the budget) and waits for every answer. */
    List<Answer> sendAll(ProxyClient client, List<ProxyRequest> requests) {
        List<CompletableFuture<ProxyResponse>> calls = new ArrayList<>();
        requests.forEach(r -> calls.add(client.send(r)));
        List<Answer> answers = new ArrayList<>();
        calls.forEach(c -> answers.add(await(c)));
        return answers;
    }

    private Answer await(CompletableFuture<ProxyResponse> call) {
        try {
            ProxyResponse r = call.get(setup.timeout().toMillis(), TimeUnit.MILLISECONDS);
            return new Answer(r.status(), Trace.of(r.body()), null, null, null, r);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof CallException ce) {
                String why = ce.reason() == null ? ce.label() : ce.label() + ": " + ce.reason();
                return new Answer(0, NO_TRACE, why, ce.label(), ce.reason(), null);
            }
            return new Answer(0, NO_TRACE, firstLine(cause.getMessage() != null ? cause.getMessage()
                    : cause.getClass().getSimpleName()), null, null, null);
        } catch (TimeoutException e) {
            call.cancel(true);
            return new Answer(0, NO_TRACE, "no answer within " + setup.timeout().toSeconds() + " s", null, null,
                    null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Answer(0, NO_TRACE, "interrupted", null, null, null);
        }
    }

    private static String firstLine(String text) {
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(0, nl);
    }

    /** Waits {@code millis}; an interrupt ends the probe. */
    static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("probe interrupted", e);
        }
    }
}
