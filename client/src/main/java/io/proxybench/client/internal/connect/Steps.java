package io.proxybench.client.internal.connect;

import io.netty.channel.Channel;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** What every connect step does the same way: fail a setup, run a step from a Netty listener, unwrap a cause. */
final class Steps {

    private Steps() {}

    /**
     * Runs a setup step from a Netty listener, where an exception would only be logged: it fails the setup
     * instead, so no call waits forever and no socket stays open.
     */
    static void guarded(CompletableFuture<?> result, Channel ch, Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            fail(result, ch, e);
        }
    }

    static void fail(CompletableFuture<?> result, Channel ch, Throwable cause) {
        ch.close();
        result.completeExceptionally(cause);
    }

    static Throwable unwrap(Throwable t) {
        while (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
