package io.proxybench.harness.engine;

import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One request of a run; times in nanoseconds from the run's start. It gets exactly one record. It is its own
 * {@link RetryingSender.Listener}, which is also each send's callback, so that sending it makes no object.
 */
final class Call extends RetryingSender.Listener {
    final long schedNanos;
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
    /** Its neighbours while it is in its book's {@link UnrecordedCalls}; guarded by that list's lock. */
    Call prev;
    Call next;

    /** The closed loop's worker that sent it ({@link ClosedLoop}); 0 in an open loop. */
    final int worker;

    /** The book that sent the call; set by {@link #sentBy}. */
    private CallBook book;

    /** A call of an open loop. */
    Call(long schedNanos, ProxyRequest request) {
        this(schedNanos, request, 0);
    }

    /** A call of a closed loop's {@code worker}. */
    Call(long schedNanos, ProxyRequest request, int worker) {
        super(request);
        this.schedNanos = schedNanos;
        this.worker = worker;
    }

    boolean recorded() {
        return recorded;
    }

    /** Marks the call recorded; true for the one caller that did, false once it was. */
    boolean markRecorded() {
        return RECORDED.compareAndSet(this, false, true);
    }

    /** Readies the call to hear its send: replies go to {@code book}. */
    Call sentBy(CallBook book) {
        this.book = book;
        return this;
    }

    @Override
    boolean wanted() {
        return !recorded();
    }

    @Override
    void retrying() {
        book.retrying();
    }

    /** Records the reply, then tells the book's runner, whatever making the record threw. */
    @Override
    void done(ProxyResponse response, Throwable failure) {
        try {
            book.recordReply(this, response, failure);
        } finally {
            book.replied(this);
        }
    }
}
