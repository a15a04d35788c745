package io.proxybench.harness.engine;

import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.WireBytes;
import java.util.function.BiConsumer;

/**
 * Sends a request, and after a failure sends it again on a new connection (for a rotating gateway, a new tunnel
 * and so a new exit), up to {@code retries} more times. A response of any status ends it: blocks are answers, and
 * what to do about them is the session router's business, not a retry's.
 */
final class RetryingSender {

    /**
     * Who asked for a send, told how it goes (called on the thread that completed a send). It is also each send's
     * callback, and holds its request's sends so far, so that a send makes no object; one request at a time.
     */
    abstract static class Listener implements BiConsumer<ProxyResponse, Throwable> {
        private RetryingSender sentBy;
        /** Whether the send under way has told its end: a sender that then throws has not failed it. */
        private boolean told;
        /** The request of the send under way: the one given, or the retry's copy for a new connection. */
        private ProxyRequest request;
        /** Written before each send; volatile, so that another thread (a run's drain) may read them at any time. */
        private volatile int sends;
        private volatile String firstError;
        private WireBytes failedBytes;

        /** A listener for {@code request}, which it is sent once. */
        Listener(ProxyRequest request) {
            this.request = request;
        }

        /** Times the request was sent so far: 0 before its first send. */
        final int sends() {
            return sends;
        }

        /** The first send's error label once a retry is under way (so when {@code sends() > 1}), else null. */
        final String firstError() {
            return firstError;
        }

        /**
         * The wire bytes of the sends that failed (once it is {@link #done}, all of them when the request failed), as
         * far as the client could tell; null when it could tell none.
         */
        final WireBytes failedBytes() {
            return failedBytes;
        }

        /** Whether the result still matters (e.g. the request has no record yet): a retry is sent only then. */
        abstract boolean wanted();

        /** A retry is about to be sent; {@link #firstError()} is set and {@link #sends()} counts it already. */
        abstract void retrying();

        /**
         * The request ended with the last send's {@code response}, or its {@code failure} (one of them is null); called
         * once. {@link #sends()}, {@link #firstError()} and {@link #failedBytes()} say the rest.
         */
        abstract void done(ProxyResponse response, Throwable failure);

        /** The send under way ended: the client's callback. */
        @Override
        public final void accept(ProxyResponse response, Throwable failure) {
            told = true;
            sentBy.replied(this, response, failure);
        }
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
     * Sends the listener's request, once per listener; retries only while the listener {@link Listener#wanted()
     * wants} the result, telling it before each retry, and tells it {@link Listener#done} once, on the thread that
     * completed the last send. A failure is told, never thrown.
     */
    void send(Listener listener) {
        listener.sentBy = this;
        listener.sends = 1;
        sendNow(listener);
    }

    private void sendNow(Listener listener) {
        listener.told = false;
        try {
            sender.send(listener.request, listener);
        } catch (RuntimeException e) {
            if (listener.told) {
                // The send ended first and what ran after it threw: a bug there, not a failed send to answer twice.
                throw e;
            }
            replied(listener, null, e);
        }
    }

    private void replied(Listener listener, ProxyResponse response, Throwable failure) {
        if (failure != null) {
            listener.failedBytes = plusKnown(listener.failedBytes, Records.failureBytes(failure));
        }
        if (failure != null && listener.sends <= retries && listener.wanted()) {
            if (listener.firstError == null) {
                listener.firstError = Records.errorLabel(failure);
            }
            listener.request = listener.request.withNewConnection();
            listener.sends++;
            listener.retrying();
            sendNow(listener);
        } else {
            listener.done(response, failure);
        }
    }

    /** Both together; a null side (bytes the client could not tell) adds nothing, and two nulls stay null. */
    private static WireBytes plusKnown(WireBytes a, WireBytes b) {
        return a == null || b == null ? (a == null ? b : a) : a.plus(b);
    }
}
