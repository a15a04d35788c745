package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.proxybench.client.event.CallInfo;
import io.proxybench.client.event.EventListener;
import io.proxybench.client.event.Phase;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.client.testing.CountingPeer;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The retry policy sends a call again on the failures and responses it names, after the server's Retry-After or its
 * backoff, through a new session when the response says the session is blocked; never a POST's response.
 */
class RetryPolicyTest {

    private static final String OK = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";
    private static final RetryPolicy QUICK = RetryPolicy.builder().maxAttempts(3).onStatuses(503)
            .backoff(Duration.ofMillis(1), Duration.ofMillis(5)).build();

    private static String unavailable(String retryAfter) {
        return "HTTP/1.1 503 Busy\r\n" + (retryAfter == null ? "" : "Retry-After: " + retryAfter + "\r\n")
                + "Content-Length: 4\r\n\r\nbusy";
    }

    @Test
    void aStatusThePolicyNamesIsRetriedAfterItsRetryAfterOnANewConnection() throws Exception {
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            c.readHead();
            c.write(i == 0 ? unavailable("0") : OK);
        }); ProxyClient client = ProxyClient.builder().retries(QUICK).build()) {
            ProxyResponse r = client.send(ProxyRequest.get("http://127.0.0.1:" + origin.port() + "/"))
                    .get(20, TimeUnit.SECONDS);
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.attempt()).isEqualTo(2);
            assertThat(r.reused()).as("a retry goes out on a new connection").isFalse();
            assertThat(client.counters().total().created()).isEqualTo(2);
        }
    }

    @Test
    void aRetryAfterLongerThanThePolicyWaitsEndsTheCallWithTheResponse() throws Exception {
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            c.readHead();
            c.write(unavailable("3600"));
        }); ProxyClient client = ProxyClient.builder().retries(QUICK).build()) {
            ProxyResponse r = client.send(ProxyRequest.get("http://127.0.0.1:" + origin.port() + "/"))
                    .get(20, TimeUnit.SECONDS);
            assertThat(r.status()).isEqualTo(503);
            assertThat(r.attempt()).isEqualTo(1);
        }
    }

    @Test
    void aPostsResponseIsNotRetriedAndTheAttemptsAreCapped() throws Exception {
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            c.readHead();
            if (c.read() >= 0) { // the POST's one-byte body, or the next request's first byte
                c.write(unavailable(null));
            }
        }); ProxyClient client = ProxyClient.builder().retries(QUICK).build()) {
            String url = "http://127.0.0.1:" + origin.port() + "/";
            ProxyResponse post = client.send(ProxyRequest.get(url).withMethod("POST").withBody(new byte[1]))
                    .get(20, TimeUnit.SECONDS);
            assertThat(post.status()).isEqualTo(503);
            assertThat(post.attempt()).isEqualTo(1);
        }
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            c.readHead();
            c.write(unavailable(null));
        }); ProxyClient client = ProxyClient.builder().retries(QUICK).build()) {
            ProxyResponse get = client.send(ProxyRequest.get("http://127.0.0.1:" + origin.port() + "/"))
                    .get(20, TimeUnit.SECONDS);
            assertThat(get.status()).isEqualTo(503);
            assertThat(get.attempt()).as("three attempts, no more").isEqualTo(3);
        }
    }

    @Test
    void aSetupFailureInANamedPhaseIsRetriedEachAttemptItsOwnStartAndEnd() throws Exception {
        List<String> events = new CopyOnWriteArrayList<>();
        try (CountingPeer proxy = new CountingPeer((c, i) -> {
            c.readHead();
            if (i == 0) {
                c.write("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n");
                return;
            }
            c.write("HTTP/1.1 200 Connection established\r\n\r\n");
            c.readHead();
            c.write(OK);
        }); ProxyClient client = ProxyClient.builder().proxy("http://127.0.0.1:" + proxy.port()).forceConnect(true)
                .retries(RetryPolicy.builder().onPhases(Phase.CONNECT).backoff(Duration.ofMillis(1),
                        Duration.ofMillis(5)).build()).eventListenerFactory(recording(events)).build()) {
            ProxyResponse r = client.send(ProxyRequest.get("http://origin.test/")).get(20, TimeUnit.SECONDS);
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.attempt()).isEqualTo(2);
            assertThat(r.bytesOut()).as("both attempts' bytes").isGreaterThan(2L * "CONNECT origin.test:80".length());
            String id = events.get(0).split(" ")[1];
            assertThat(events).containsExactly("callStart " + id + " 1", "callFailed " + id + " 1 CONNECT",
                    "callStart " + id + " 2", "callEnd " + id + " 2");
        }
    }

    @Test
    void aBlockedResponseSendsTheNextAttemptThroughANewSession() throws Exception {
        Attempts a = throughASession("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n",
                RetryPolicy.builder().rotateSessionOn(403));
        assertThat(a.response().status()).isEqualTo(200);
        assertThat(a.credentials()).hasSize(2);
        assertThat(a.credentials().get(1)).as("a new session's credentials").isNotEqualTo(a.credentials().get(0));
    }

    /** A call's response and the {@code Proxy-Authorization} line of each of its requests, in order. */
    private record Attempts(ProxyResponse response, List<String> credentials) {}

    /**
     * A GET on session {@code worker-1} through a proxy that answers its first request with {@code first} and the
     * others with 200 "ok", retried by {@code retries} (with a backoff of a few milliseconds).
     */
    private static Attempts throughASession(String first, RetryPolicy.Builder retries) throws Exception {
        List<String> credentials = new CopyOnWriteArrayList<>();
        try (CountingPeer proxy = new CountingPeer((c, i) -> {
            while (true) {
                String head = c.readHead();
                credentials.add(head.lines().filter(l -> l.toLowerCase(Locale.ROOT)
                        .startsWith("proxy-authorization:")).findFirst()
                        .orElse(""));
                c.write(credentials.size() == 1 ? first : OK);
            }
        }); ProxyClient client = ProxyClient.builder().proxy("http://user:pass@127.0.0.1:" + proxy.port())
                .sessions(SessionTemplate.parse("{pass}_session-{id}"), SessionRouter.stickyPerKey())
                .retries(retries.backoff(Duration.ofMillis(1), Duration.ofMillis(5)).build()).build()) {
            ProxyResponse r = client.send(ProxyRequest.get("http://origin.test/").withSessionKey("worker-1"))
                    .get(20, TimeUnit.SECONDS);
            return new Attempts(r, credentials);
        }
    }

    /** A listener factory recording each call's start and end as {@code <event> <call id> <attempt>[ <phase>]}. */
    private static EventListener.Factory recording(List<String> events) {
        return info -> new EventListener() {
            @Override
            public void callStart(CallInfo call) {
                events.add("callStart " + call.id() + " " + call.attempt());
            }

            @Override
            public void callEnd(CallInfo call) {
                events.add("callEnd " + call.id() + " " + call.attempt());
            }

            @Override
            public void callFailed(CallInfo call, Phase phase, Throwable cause) {
                events.add("callFailed " + call.id() + " " + call.attempt() + " " + phase);
            }
        };
    }

    @Test
    void aCallCancelledWhileItWaitsToBeRetriedEndsAtOnceAsItsNextAttempt() throws Exception {
        List<String> events = new CopyOnWriteArrayList<>();
        CountDownLatch answered = new CountDownLatch(1);
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            c.readHead();
            c.write(unavailable(null));
            answered.countDown();
        }); ProxyClient client = ProxyClient.builder().retries(RetryPolicy.builder().onStatuses(503)
                .backoff(Duration.ofMinutes(10), Duration.ofMinutes(10)).build())
                .eventListenerFactory(recording(events)).build()) {
            CompletableFuture<Throwable> failure = new CompletableFuture<>();
            Call call = client.send(ProxyRequest.get("http://127.0.0.1:" + origin.port() + "/"),
                    (r, e) -> failure.complete(e));
            assertThat(answered.await(20, TimeUnit.SECONDS)).isTrue();
            Thread.sleep(200); // the 503 read: the retry waits its ten minutes
            call.cancel();
            CallException e = (CallException) failure.get(20, TimeUnit.SECONDS);
            assertThat(e.label()).isEqualTo("queue_Cancelled");
            String id = events.get(0).split(" ")[1];
            assertThat(events).containsExactly("callStart " + id + " 1", "callEnd " + id + " 1",
                    "callStart " + id + " 2", "callFailed " + id + " 2 QUEUE");
        }
    }

    @Test
    void eachAttemptOfARetriedResponseIsItsOwnStartAndEndWithItsNumber() throws Exception {
        List<String> events = new CopyOnWriteArrayList<>();
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            c.readHead();
            c.write(i < 2 ? unavailable(null) : OK);
        }); ProxyClient client = ProxyClient.builder().retries(QUICK).eventListenerFactory(recording(events))
                .build()) {
            ProxyResponse r = client.send(ProxyRequest.get("http://127.0.0.1:" + origin.port() + "/"))
                    .get(20, TimeUnit.SECONDS);
            assertThat(r.attempt()).isEqualTo(3);
            String id = events.get(0).split(" ")[1];
            assertThat(events).containsExactly("callStart " + id + " 1", "callEnd " + id + " 1",
                    "callStart " + id + " 2", "callEnd " + id + " 2", "callStart " + id + " 3", "callEnd " + id + " 3");
        }
    }

    @Test
    void aBlockTestOnTheBodySendsTheNextAttemptThroughANewSession() throws Exception {
        Attempts a = throughASession("HTTP/1.1 200 OK\r\nContent-Length: 7\r\n\r\ncaptcha",
                RetryPolicy.builder().rotateSessionWhen(r -> r.bodyText().contains("captcha")));
        assertThat(a.response().bodyText()).isEqualTo("ok");
        assertThat(a.response().attempt()).isEqualTo(2);
        assertThat(a.credentials()).hasSize(2);
        assertThat(a.credentials().get(0)).as("the session's credentials were sent")
                .startsWithIgnoringCase("proxy-authorization:");
        assertThat(a.credentials().get(1)).as("a new session's credentials").isNotEqualTo(a.credentials().get(0));
    }

    @Test
    void aFailureAfterTheRequestWasSentIsRetriedForAGetButNotForAPost() throws Exception {
        RetryPolicy onRequest = RetryPolicy.builder().onPhases(Phase.REQUEST).backoff(Duration.ofMillis(1),
                Duration.ofMillis(5)).build();
        AtomicInteger posts = new AtomicInteger();
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            c.readHead();
            c.read(); // the one-byte body
            posts.incrementAndGet();
            c.hangUp(); // no response
        }); ProxyClient client = ProxyClient.builder().retries(onRequest).build()) {
            CompletableFuture<ProxyResponse> post = client.send(ProxyRequest.get("http://127.0.0.1:" + origin.port()
                    + "/").withMethod("POST").withBody(new byte[1]));
            Throwable e = catchThrowableOfType(ExecutionException.class,
                    () -> post.get(20, TimeUnit.SECONDS)).getCause();
            assertThat(e).isInstanceOf(CallException.class);
            assertThat(((CallException) e).phase()).isEqualTo(Phase.REQUEST);
            Thread.sleep(200); // a retry, were there one, would have its 5 ms backoff by now
            assertThat(posts.get()).as("the POST sent once").isEqualTo(1);
        }
        AtomicInteger gets = new AtomicInteger();
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            c.readHead();
            gets.incrementAndGet();
            if (i == 0) {
                c.hangUp();
            } else {
                c.write(OK);
            }
        }); ProxyClient client = ProxyClient.builder().retries(onRequest).build()) {
            ProxyResponse get = client.send(ProxyRequest.get("http://127.0.0.1:" + origin.port() + "/"))
                    .get(20, TimeUnit.SECONDS);
            assertThat(get.status()).isEqualTo(200);
            assertThat(get.attempt()).isEqualTo(2);
            assertThat(gets.get()).isEqualTo(2);
        }
    }

    @Test
    void backoffGrowsToItsCapWithFullJitter() {
        RetryPolicy p = RetryPolicy.builder().backoff(Duration.ofMillis(100), Duration.ofSeconds(1)).build();
        assertThat(p.backoff(2, 0.999)).isLessThan(Duration.ofMillis(100));
        assertThat(p.backoff(3, 0.999)).isBetween(Duration.ofMillis(150), Duration.ofMillis(200));
        assertThat(p.backoff(10, 0.999)).isBetween(Duration.ofMillis(990), Duration.ofSeconds(1));
        assertThat(p.backoff(200, 0.5)).isEqualTo(Duration.ofMillis(500));
        assertThat(p.backoff(5, 0.0)).isZero();
    }
}
