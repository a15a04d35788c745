package io.proxybench.harness.engine;

import io.proxybench.client.CallException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Wire bytes a failed send cost, as the client saw them: TCP payload both ways, TLS and proxy handshakes included.
 *
 * @param out bytes sent
 * @param in bytes received
 * @param handshake the part of both that set up connections
 */
record WireBytes(long out, long in, long handshake) {

    /** The bytes a failure reports; null when the client could not tell (or the failure is no call's). */
    static WireBytes of(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause instanceof CallException call && call.bytesKnown()
                ? new WireBytes(call.bytesOut(), call.bytesIn(), call.handshakeBytes()) : null;
    }

    /** Both together; a null side adds nothing, and two nulls stay null (nothing known). */
    static WireBytes plus(WireBytes a, WireBytes b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        return new WireBytes(a.out + b.out, a.in + b.in, a.handshake + b.handshake);
    }
}
