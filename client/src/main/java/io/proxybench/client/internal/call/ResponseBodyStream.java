package io.proxybench.client.internal.call;

import io.proxybench.client.ProxyResponse;
import io.proxybench.client.ResponseStream;
import io.proxybench.client.internal.exchange.BodySink;
import io.proxybench.client.internal.exchange.ReadControl;
import io.proxybench.client.internal.stream.BodyQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A streamed call's two ends: {@link #head}, completed with a {@link ResponseStream} when the response's head arrives
 * (off the I/O thread, so a continuation that reads the body does not wait for itself), and {@link #completion}, when
 * the body has arrived whole. A call that fails before its head fails both; after it, the body's reads and the
 * completion.
 */
public final class ResponseBodyStream implements BiConsumer<ProxyResponse, Throwable>, Runnable {

    private static final Executor HANDOFF = ForkJoinPool.commonPool();

    private final CompletableFuture<ResponseStream> head;
    private final CompletableFuture<ProxyResponse> completion = new CompletableFuture<>();
    /** The body, from the head on; null before. Written on the event loop, read there too. */
    private volatile BodyQueue queue;
    /** The stream the head completes with, handed to {@link #run} off the event loop; null before the head. */
    private ResponseStream stream;

    /** @param head completed with the stream at the head, or failed with the call */
    public ResponseBodyStream(CompletableFuture<ResponseStream> head) {
        this.head = head;
    }

    /** The head arrived: where its body goes. */
    BodySink head(ProxyResponse response, ReadControl reads, Consumer<Throwable> abort) {
        BodyQueue body = new BodyQueue(reads, abort);
        queue = body;
        stream = new ResponseStream(response, body, completion);
        HANDOFF.execute(this); // run(), on a thread of the pool: the executor's queue orders it after the writes above
        return body;
    }

    /** Completes the head with the stream, off the event loop. */
    @Override
    public void run() {
        if (!head.complete(stream)) {
            stream.close(); // the caller gave up on the head (cancelled): nobody will read the body
        }
    }

    /** The body arrived whole. */
    void end() {
        queue.end();
    }

    /** The call's end, as its {@code done}. */
    @Override
    public void accept(ProxyResponse response, Throwable failure) {
        if (failure == null) {
            completion.complete(response);
            return;
        }
        BodyQueue body = queue;
        if (body != null) {
            body.failed(failure);
        } else {
            HANDOFF.execute(() -> head.completeExceptionally(failure));
        }
        completion.completeExceptionally(failure);
    }
}
