package io.proxybench.harness;

import io.proxybench.client.ProxyRequest;
import java.util.concurrent.atomic.AtomicBoolean;

/** One request of a run; times in nanoseconds from the run's start. It gets exactly one record. */
final class Call {
    final long schedNanos;
    final ProxyRequest request;
    final AtomicBoolean recorded = new AtomicBoolean();
    /** When it was first handed to the sender, -1 until then. */
    volatile long sentNanos = -1;
    /** Sends so far (0 until sent); written before each send, read by the drain. */
    volatile int sends;
    /** The first send's error once a retry is under way, for the drain's record. */
    volatile String firstError;

    Call(long schedNanos, ProxyRequest request) {
        this.schedNanos = schedNanos;
        this.request = request;
    }
}
