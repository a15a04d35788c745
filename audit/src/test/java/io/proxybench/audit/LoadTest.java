package io.proxybench.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.proxy.ProxyCredentials;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The load loop and its tally with a client that answers from memory: no sockets. */
class LoadTest {

    private static final URI URL = URI.create("https://example.test/cdn-cgi/trace");
    private static final ProxyCredentials ACCOUNT = new ProxyCredentials("u", "pw-7f3a");

    @Test
    void neverHandsMoreThanInFlightToTheClientAndCountsExitsStatusesAndProtocols() throws Exception {
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        AtomicInteger sent = new AtomicInteger();
        AuditedClient.Handle client = handle((url, c) -> {
            most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            int n = sent.getAndIncrement();
            return CompletableFuture.supplyAsync(() -> {
                inFlight.decrementAndGet();
                return n % 10 == 9 ? new Answer(503, "busy", Answer.HTTP11)
                        : new Answer(200, "ip=127.0.0." + (n % 3 == 0 ? 1 : 2) + "\nloc=ZZ\n", Answer.H2);
            }, CompletableFuture.delayedExecutor(2, java.util.concurrent.TimeUnit.MILLISECONDS));
        });

        LoadTally t = Load.run(client, URL, ACCOUNT, 100, 7, Duration.ofSeconds(30), new Mask(List.of(ACCOUNT)));

        assertThat(most.get()).as("most requests handed over at once").isLessThanOrEqualTo(7);
        assertThat(t.ok()).isEqualTo(90);
        assertThat(t.failed()).isEqualTo(10);
        assertThat(t.firstError()).isEqualTo("status 503");
        assertThat(t.http()).containsEntry(Answer.H2, 90L).containsEntry(Answer.HTTP11, 10L);
        long first = t.exits().get("127.0.0.1");
        assertThat(first + t.exits().get("127.0.0.2")).isEqualTo(90);
        assertThat(t.topExitShare()).isEqualTo(Math.max(first, 90 - first) / 90.0);
        assertThat(t.latency().count()).isEqualTo(90);
        assertThat(t.seconds()).isPositive();
    }

    @Test
    void requestsUnansweredAtTheTimeLimitCountAsFailedAndSoDoThoseNeverSent() throws Exception {
        AuditedClient.Handle silent = handle((url, c) -> new CompletableFuture<>());

        LoadTally t = Load.run(silent, URL, ACCOUNT, 10, 4, Duration.ofMillis(200), new Mask(List.of(ACCOUNT)));

        assertThat(t.ok()).isZero();
        assertThat(t.failed()).isEqualTo(10);
        assertThat(t.firstError()).isEqualTo("no answer within the time limit of 200ms (6 never sent)");
        assertThat(t.latency()).isNull();
        assertThat(t.topExitShare()).isNull();
    }

    /** A closing client fails what it still holds, and a late answer may still come: neither counts twice. */
    @Test
    void whatArrivesAfterTheTimeLimitCountsNoMore() throws Exception {
        java.util.List<CompletableFuture<Answer>> held = new java.util.ArrayList<>();
        AuditedClient.Handle slow = handle((url, c) -> {
            CompletableFuture<Answer> f = new CompletableFuture<>();
            synchronized (held) {
                held.add(f);
            }
            return f;
        });

        LoadTally t = Load.run(slow, URL, ACCOUNT, 10, 4, Duration.ofMillis(200), new Mask(List.of(ACCOUNT)));
        double seconds = t.seconds();
        synchronized (held) {
            held.get(0).complete(new Answer(200, "ip=127.0.0.9\n", Answer.HTTP11));
            held.forEach(f -> f.completeExceptionally(new java.io.IOException("client closed")));
        }

        assertThat(t.ok() + t.failed()).as("each request counted once").isEqualTo(10);
        assertThat(t.failed()).isEqualTo(10);
        assertThat(t.exits()).isEmpty();
        assertThat(t.seconds()).isEqualTo(seconds);
    }

    @Test
    void anAnswerThatCannotBeTalliedStillFreesItsSlot() throws Exception {
        AuditedClient.Handle nullBody = handle((url, c) -> CompletableFuture.completedFuture(
                new Answer(200, null, Answer.HTTP11)));

        LoadTally t = Load.run(nullBody, URL, ACCOUNT, 6, 1, Duration.ofSeconds(5), new Mask(List.of(ACCOUNT)));

        assertThat(t.ok()).isEqualTo(6);
        assertThat(t.untraced()).isEqualTo(6);
    }

    @Test
    void aClientThatThrowsFailsItsRequestWithTheCredentialsMasked() throws Exception {
        AuditedClient.Handle throwing = handle((url, c) -> {
            throw new IllegalStateException("bad account u:" + c.password());
        });

        LoadTally t = Load.run(throwing, URL, ACCOUNT, 3, 1, Duration.ofSeconds(5), new Mask(List.of(ACCOUNT)));

        assertThat(t.failed()).isEqualTo(3);
        assertThat(t.firstError()).isEqualTo("IllegalStateException: bad account u:****");
    }

    @Test
    void anAnswerThatIsNotATraceIsOkButNamesNoExit() throws Exception {
        AuditedClient.Handle plain = handle((url, c) -> CompletableFuture.completedFuture(
                new Answer(200, "<html>hello</html>", Answer.HTTP11)));

        LoadTally t = Load.run(plain, URL, ACCOUNT, 5, 2, Duration.ofSeconds(5), new Mask(List.of(ACCOUNT)));

        assertThat(t.ok()).isEqualTo(5);
        assertThat(t.untraced()).isEqualTo(5);
        assertThat(t.exits()).isEmpty();
        assertThat(t.topExitShare()).isNull();
    }

    private interface Get {
        CompletableFuture<Answer> get(URI url, ProxyCredentials credentials);
    }

    private static AuditedClient.Handle handle(Get get) {
        return new AuditedClient.Handle() {
            @Override
            public CompletableFuture<Answer> get(URI url, ProxyCredentials credentials) {
                return get.get(url, credentials);
            }

            @Override
            public void close() {}
        };
    }
}
