package io.proxybench.harness;

import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Sends a request, and after a failure sends it again on a new connection (for a rotating gateway, a new tunnel
 * and so a new exit), up to {@code retries} more times. A response of any status ends it: blocks are answers, and
 * what to do about them is the session router's business, not a retry's.
 */
final class RetryingSender {

    /**
     * How a request ended.
     *
     * @param response the last send's response, null if it failed
     * @param failure the last send's failure, null if it was answered
     * @param sends times the request was sent, at least 1
     * @param firstError the first send's error label when {@code sends > 1}, else null
     * @param failedBytes the wire bytes of the sends that failed (all of them when the request failed), as far as
     *     the client could tell; null when it could tell none
     */
    record Result(ProxyResponse response, Throwable failure, int sends, String firstError, WireBytes failedBytes) {}

    private final Function<ProxyRequest, CompletableFuture<ProxyResponse>> sender;
    private final int retries;

    /**
     * @param sender sends one request; must not block
     * @param retries sends after the first at most, 0 for none
     */
    RetryingSender(Function<ProxyRequest, CompletableFuture<ProxyResponse>> sender, int retries) {
        if (retries < 0) {
            throw new IllegalArgumentException("retries must be >= 0, got " + retries);
        }
        this.sender = sender;
        this.retries = retries;
    }

    /**
     * Sends {@code request}; retries only while {@code wanted} says the result still matters (e.g. the request has
     * no record yet), calling {@code onRetry} with the first send's error label before each retry, and gives
     * {@code done} the {@link Result} once, on the thread that completed the last send. A failure is in the result,
     * never thrown.
     */
    void send(ProxyRequest request, BooleanSupplier wanted, Consumer<String> onRetry, Consumer<Result> done) {
        attempt(request, 1, null, null, wanted, onRetry, done);
    }

    private void attempt(ProxyRequest request, int sends, String firstError, WireBytes failedBytes,
            BooleanSupplier wanted, Consumer<String> onRetry, Consumer<Result> done) {
        CompletableFuture<ProxyResponse> reply;
        try {
            reply = sender.apply(request);
        } catch (RuntimeException e) {
            reply = CompletableFuture.failedFuture(e);
        }
        reply.whenComplete((response, failure) -> {
            WireBytes failed = failure == null ? failedBytes : WireBytes.plus(failedBytes, WireBytes.of(failure));
            if (failure != null && sends <= retries && wanted.getAsBoolean()) {
                String first = firstError != null ? firstError : Records.errorLabel(failure);
                onRetry.accept(first);
                attempt(request.withNewConnection(), sends + 1, first, failed, wanted, onRetry, done);
            } else {
                done.accept(new Result(response, failure, sends, firstError, failed));
            }
        });
    }
}
