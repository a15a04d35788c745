package io.proxybench.harness;

import io.proxybench.client.ProxyRequest;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** One request of a run; times in nanoseconds from the run's start. It gets exactly one record. */
final class Call {
    final long schedNanos;
    final ProxyRequest request;
    private static final VarHandle RECORDED;

    static {
        try {
            RECORDED = MethodHandles.lookup().findVarHandle(Call.class, "recorded", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Set once, by whoever records the call first (its reply or the drain); a field, not an object per call. */
    private volatile boolean recorded;
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

    boolean recorded() {
        return recorded;
    }

    /** Marks the call recorded; true for the one caller that did, false once it was. */
    boolean markRecorded() {
        return RECORDED.compareAndSet(this, false, true);
    }
}
