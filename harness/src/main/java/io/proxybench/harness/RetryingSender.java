package io.proxybench.harness;

import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import java.util.function.BiConsumer;

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

    /** Who asked for a send, told how it goes; called on the thread that completed a send. */
    interface Listener {
        /** Whether the result still matters (e.g. the request has no record yet): a retry is sent only then. */
        boolean wanted();

        /** A retry is about to be sent; {@code firstError} is the first send's error label. */
        void retrying(String firstError);

        /** The request ended, answered or not; called once. */
        void done(Result result);
    }

    private final Sender sender;
    private final int retries;

    /**
     * @param sender sends one request; must not block
     * @param retries sends after the first at most, 0 for none
     */
    RetryingSender(Sender sender, int retries) {
        if (retries < 0) {
            throw new IllegalArgumentException("retries must be >= 0, got " + retries);
        }
        this.sender = sender;
        this.retries = retries;
    }

    /**
     * Sends {@code request}; retries only while the listener {@link Listener#wanted() wants} the result, telling it
     * before each retry, and gives it the {@link Result} once, on the thread that completed the last send. A failure
     * is in the result, never thrown.
     */
    void send(ProxyRequest request, Listener listener) {
        attempt(request, 1, null, null, listener);
    }

    private void attempt(ProxyRequest request, int sends, String firstError, WireBytes failedBytes,
            Listener listener) {
        BiConsumer<ProxyResponse, Throwable> replied = (response, failure) -> {
            WireBytes failed = failure == null ? failedBytes : WireBytes.plus(failedBytes, WireBytes.of(failure));
            if (failure != null && sends <= retries && listener.wanted()) {
                String first = firstError != null ? firstError : Records.errorLabel(failure);
                listener.retrying(first);
                attempt(request.withNewConnection(), sends + 1, first, failed, listener);
            } else {
                listener.done(new Result(response, failure, sends, firstError, failed));
            }
        };
        try {
            sender.send(request, replied);
        } catch (RuntimeException e) {
            replied.accept(null, e);
        }
    }
}
