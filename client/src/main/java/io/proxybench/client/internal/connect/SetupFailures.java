package io.proxybench.client.internal.connect;

import io.netty.channel.Channel;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * How a connection's setup fails, the same way at every step: the channel closes and the setup's future fails with the
 * cause, also when a step run from a Netty listener throws; and the cause a caller sees is the first that is not a
 * {@link CompletionException} wrapper.
 */
final class SetupFailures {

    private SetupFailures() {}

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

    /** Closes {@code ch} and fails {@code result} with {@code cause}. */
    static void fail(CompletableFuture<?> result, Channel ch, Throwable cause) {
        ch.close();
        result.completeExceptionally(cause);
    }

    /** {@code t} without its {@link CompletionException} wrappers. */
    static Throwable unwrap(Throwable t) {
        while (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
