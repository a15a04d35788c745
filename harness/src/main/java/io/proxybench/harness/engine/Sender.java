package io.proxybench.harness.engine;

import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Sends one request for a runner, e.g. {@code ProxyClient::send}: tells {@code done} once, with the response and
 * null or with null and the failure. It must not block; it may tell {@code done} before it returns.
 */
@FunctionalInterface
public interface Sender {

    void send(ProxyRequest request, BiConsumer<? super ProxyResponse, ? super Throwable> done);

    /** A sender over one that returns a future (as {@link ProxyClient#send(ProxyRequest)}, or a test's fake). */
    static Sender of(Function<ProxyRequest, CompletableFuture<ProxyResponse>> sender) {
        return (request, done) -> sender.apply(request).whenComplete(done);
    }
}
