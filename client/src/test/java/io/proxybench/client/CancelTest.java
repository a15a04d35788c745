package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.event.CallInfo;
import io.proxybench.client.event.EventListener;
import io.proxybench.client.event.Phase;
import io.proxybench.client.testing.Await;
import io.proxybench.client.testing.CountingPeer;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A cancelled call ends in the phase it was in, says so ({@code <phase>_Cancelled}), and holds nothing: its pool slot
 * goes to the next call, its connection is closed mid-exchange or pooled once set up.
 */
class CancelTest {

    private static final String OK = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";

    /** The failure {@code done} was told, waiting for it. */
    private static CallException told(CompletableFuture<Throwable> failure) throws Exception {
        Throwable t = failure.get(20, TimeUnit.SECONDS);
        assertThat(t).isInstanceOf(CallException.class);
        return (CallException) t;
    }

    private static Call send(ProxyClient client, String url, CompletableFuture<Throwable> failure) {
        return client.send(ProxyRequest.get(url), (r, e) -> failure.complete(e));
    }

    /** A {@code callFailed} event as the listener heard it. */
    private record Failed(CallInfo call, Phase phase, Throwable cause) {}

    /** A listener factory that records every call's {@code callFailed} into {@code failed}. */
    private static EventListener.Factory recording(List<Failed> failed) {
        return info -> new EventListener() {
            @Override
            public void callFailed(CallInfo call, Phase phase, Throwable cause) {
                failed.add(new Failed(call, phase, cause));
            }
        };
    }

    /** The listener heard one failure, in {@code phase}, with the cancellation: the label the call failed with. */
    private static void heardCancelledOnce(List<Failed> failed, CallException e, Phase phase) {
        assertThat(failed).hasSize(1);
        Failed f = failed.get(0);
        assertThat(f.phase()).isEqualTo(phase).isEqualTo(e.phase());
        assertThat(f.cause()).isInstanceOf(CancellationException.class).isSameAs(e.getCause());
        assertThat(f.phase().label() + "_Cancelled").isEqualTo(e.label());
        assertThat(f.call().attempt()).isEqualTo(1);
    }

    @Test
    void aCallCancelledInItsExchangeClosesTheConnectionAndFreesItsSlotAndIsToldOnceInTheRequestPhase()
            throws Exception {
        CountDownLatch asked = new CountDownLatch(1);
        List<Failed> failed = new CopyOnWriteArrayList<>();
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            c.readHead();
            asked.countDown(); // and never answers
        }); ProxyClient client = ProxyClient.builder().eventListenerFactory(recording(failed)).build()) {
            CompletableFuture<Throwable> failure = new CompletableFuture<>();
            Call call = send(client, "http://127.0.0.1:" + origin.port() + "/", failure);
            assertThat(asked.await(20, TimeUnit.SECONDS)).isTrue();
            call.cancel();
            CallException e = told(failure);
            assertThat(e.label()).isEqualTo("request_Cancelled");
            assertThat(e.getCause()).isInstanceOf(CancellationException.class);
            assertThat(call.isCancelled()).isTrue();
            origin.nextEnded(); // the client closed the connection
            assertThat(client.poolGauges().acquired()).isZero();
            assertThat(client.poolGauges().total()).isZero();
            heardCancelledOnce(failed, e, Phase.REQUEST);
        }
    }

    @Test
    void cancellingTheFutureCancelsTheCall() throws Exception {
        CountDownLatch asked = new CountDownLatch(1);
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            c.readHead();
            asked.countDown();
        }); ProxyClient client = ProxyClient.builder().build()) {
            CompletableFuture<ProxyResponse> call = client.send(ProxyRequest.get("http://127.0.0.1:" + origin.port()
                    + "/"));
            assertThat(asked.await(20, TimeUnit.SECONDS)).isTrue();
            assertThat(call.cancel(true)).isTrue();
            origin.nextEnded();
            Await.untilEquals(0, () -> client.poolGauges().total());
        }
    }

    @Test
    void aCallCancelledWhileWaitingForASlotGivesItUpAndTheNextCallGetsIt() throws Exception {
        CountDownLatch firstAsked = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<Failed> failed = new CopyOnWriteArrayList<>();
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            c.readHead();
            firstAsked.countDown();
            release.await(20, TimeUnit.SECONDS);
            c.write(OK);
            c.readHead();
            c.write(OK);
        }); ProxyClient client = ProxyClient.builder().limits(PoolLimits.builder().maxPerKey(1).build())
                .eventListenerFactory(recording(failed)).build()) {
            String url = "http://127.0.0.1:" + origin.port() + "/";
            CompletableFuture<ProxyResponse> first = client.send(ProxyRequest.get(url));
            assertThat(firstAsked.await(20, TimeUnit.SECONDS)).isTrue();
            CompletableFuture<Throwable> failure = new CompletableFuture<>();
            Call waiting = send(client, url, failure);
            Await.untilEquals(1, () -> client.poolGauges().pending());
            waiting.cancel();
            CallException e = told(failure);
            heardCancelledOnce(failed, e, Phase.QUEUE);
            assertThat(e.bytesOut()).isZero();
            release.countDown();
            assertThat(first.get(20, TimeUnit.SECONDS).status()).isEqualTo(200);
            ProxyResponse third = client.send(ProxyRequest.get(url)).get(20, TimeUnit.SECONDS);
            assertThat(third.reused()).as("the slot the cancelled call gave up").isTrue();
            Await.untilEquals(0, () -> client.poolGauges().pending());
            assertThat(client.poolGauges().acquired()).isZero();
        }
    }

    @Test
    void aCallCancelledWhileItsConnectionIsSetUpEndsAtOnceAndTheConnectionIsPooled() throws Exception {
        CountDownLatch connectAsked = new CountDownLatch(1);
        CountDownLatch answer = new CountDownLatch(1);
        List<Failed> failed = new CopyOnWriteArrayList<>();
        try (CountingPeer proxy = new CountingPeer((c, i) -> {
            c.readHead(); // CONNECT
            connectAsked.countDown();
            answer.await(20, TimeUnit.SECONDS);
            c.write("HTTP/1.1 200 Connection established\r\n\r\n");
            c.readHead();
            c.write(OK);
        }); ProxyClient client = ProxyClient.builder().proxy("http://127.0.0.1:" + proxy.port()).forceConnect(true)
                .eventListenerFactory(recording(failed)).build()) {
            CompletableFuture<Throwable> failure = new CompletableFuture<>();
            Call call = send(client, "http://origin.test/", failure);
            assertThat(connectAsked.await(20, TimeUnit.SECONDS)).isTrue();
            call.cancel();
            CallException e = told(failure);
            answer.countDown();
            Await.untilEquals(1, () -> client.poolGauges().idle());
            heardCancelledOnce(failed, e, Phase.CONNECT); // the setup finished after the cancel, and told nothing more
            assertThat(client.poolGauges().acquired()).isZero();
            ProxyResponse next = client.send(ProxyRequest.get("http://origin.test/")).get(20, TimeUnit.SECONDS);
            assertThat(next.reused()).as("the tunnel the cancelled call set up").isTrue();
        }
    }

    @Test
    void cancellingAnEndedCallChangesNothing() throws Exception {
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            c.readHead();
            c.write(OK);
        }); ProxyClient client = ProxyClient.builder().build()) {
            AtomicReference<ProxyResponse> got = new AtomicReference<>();
            CountDownLatch done = new CountDownLatch(1);
            Call call = client.send(ProxyRequest.get("http://127.0.0.1:" + origin.port() + "/"), (r, e) -> {
                got.set(r);
                done.countDown();
            });
            assertThat(done.await(20, TimeUnit.SECONDS)).isTrue();
            call.cancel();
            assertThat(got.get().status()).isEqualTo(200);
            assertThat(client.poolGauges().idle()).isEqualTo(1);
        }
    }
}
