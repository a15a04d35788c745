package io.proxybench.harness;

import io.proxybench.client.ProxyRequest;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One request of a run; times in nanoseconds from the run's start. It gets exactly one record. It is its own
 * {@link RetryingSender.Listener}, so that sending it makes no listener objects (the sender makes one callback per
 * send).
 */
final class Call implements RetryingSender.Listener {
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

    /** The book that sent the call, and what runs once its reply is recorded; set by {@link #sending}. */
    private CallBook book;
    private Runnable then;

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

    /** Readies the call to hear its send: replies go to {@code book}, then {@code then} runs. */
    RetryingSender.Listener sending(CallBook book, Runnable then) {
        this.book = book;
        this.then = then;
        return this;
    }

    @Override
    public boolean wanted() {
        return !recorded();
    }

    @Override
    public void retrying(String firstError) {
        book.retrying(this, firstError);
    }

    /** Records the reply, then runs {@code then} whatever making the record threw. */
    @Override
    public void done(RetryingSender.Result result) {
        try {
            book.recordReply(this, result);
        } finally {
            then.run();
        }
    }
}
