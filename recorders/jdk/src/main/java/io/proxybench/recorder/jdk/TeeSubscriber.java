package io.proxybench.recorder.jdk;

import io.proxybench.recorder.core.BodyHead;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The user's body subscriber, with the body's first bytes copied as they pass (the buffers handed on untouched) and
 * the call told once when the body ends: completed, failed, or cancelled by the user.
 */
final class TeeSubscriber<T> implements HttpResponse.BodySubscriber<T> {

    private final HttpResponse.BodySubscriber<T> user;
    private final BodyHead head;
    private final JdkCall call;
    private final AtomicBoolean ended = new AtomicBoolean();
    private volatile long bytes;

    TeeSubscriber(HttpResponse.BodySubscriber<T> user, BodyHead head, JdkCall call) {
        this.user = user;
        this.head = head;
        this.call = call;
    }

    @Override
    public CompletionStage<T> getBody() {
        return user.getBody();
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        user.onSubscribe(new Flow.Subscription() {
            @Override
            public void request(long n) {
                subscription.request(n);
            }

            @Override
            public void cancel() {
                subscription.cancel();
                end(false);
            }
        });
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
        for (ByteBuffer b : items) {
            bytes += b.remaining();
            if (head != null && !head.full()) {
                head.add(b);
            }
        }
        user.onNext(items);
    }

    /** The call hears of the end first: the user's subscriber may complete the response, and the call with it. */
    @Override
    public void onError(Throwable throwable) {
        end(false);
        user.onError(throwable);
    }

    /** The call hears of the end first, so that {@code send} returns with the record written. */
    @Override
    public void onComplete() {
        end(true);
        user.onComplete();
    }

    /** The body ended: {@code whole} when it completed, so that its length is known. */
    private void end(boolean whole) {
        if (ended.compareAndSet(false, true)) {
            call.bodyEnded(whole ? bytes : -1);
        }
    }
}
