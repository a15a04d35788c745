package io.proxybench.it.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.CallException;
import io.proxybench.client.PoolLimits;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ResponseStream;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.testing.Await;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 10,000 calls through the lab, each cancelled at a random point (before it is sent, while it waits for a slot,
 * sets up its tunnel, waits for its head, or reads its body; or a streamed body closed part-read): every call ends
 * exactly once, and afterwards the pool holds nothing (no call in flight, no waiter), and Netty's leak detector, at
 * paranoid in every test, finds no buffer left unreleased (the NoLeaks extension fails the class otherwise).
 */
class CancelManyTest {

    private static final int CALLS = 10_000;
    private static final int IN_FLIGHT = 64;

    @TempDir
    static Path home;

    static Lab lab;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(LabConfig.builder().home(home).build());
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    @Test
    void tenThousandCancelsAtRandomPointsLeaveNothingHeld() throws Exception {
        PoolLimits limits = PoolLimits.builder().maxPerKey(16).keepAlive(Duration.ofSeconds(30))
                .acquireTimeout(Duration.ofSeconds(30)).build();
        // HTTP/2 to the target through CONNECT (a cancel resets a stream), and HTTP/1.1 forwarded in the clear (a
        // cancel closes the connection): both exchanges' ways of ending early.
        String h2 = "https://127.0.0.1:" + lab.targetHttpsPort();
        String h1 = "http://127.0.0.1:" + lab.targetHttpPort();
        String[] paths = {"/cdn-cgi/trace", "/delay/3", "/bytes/200000", "/bytes/2000000"};
        AtomicIntegerArray ended = new AtomicIntegerArray(CALLS);
        AtomicInteger cancelledOnes = new AtomicInteger();
        AtomicInteger unexpected = new AtomicInteger();
        List<String> unexpectedFirst = new ArrayList<>();
        Semaphore slots = new Semaphore(IN_FLIGHT);
        ScheduledExecutorService cancels = Executors.newScheduledThreadPool(2);
        SplittableRandom random = new SplittableRandom(39);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
        try (ProxyClient client = ProxyClient.builder().proxy("http://127.0.0.1:" + lab.gatewayPort())
                .tls(TlsSettings.caFile(lab.caFile())).limits(limits).ioThreads(2).build()) {
            for (int i = 0; i < CALLS; i++) {
                assertThat(slots.tryAcquire(30, TimeUnit.SECONDS)).as("a call ended within 30 s").isTrue();
                assertThat(System.nanoTime() - deadline).as("10,000 calls within 240 s").isNegative();
                int index = i;
                String url = (random.nextBoolean() ? h2 : h1) + paths[random.nextInt(paths.length)];
                long cancelAfterMicros = random.nextInt(4) == 0 ? 0 : random.nextLong(3_000);
                if (random.nextInt(10) == 0) {
                    // A streamed body, read in part on a thread of its own and closed.
                    int readBytes = random.nextInt(300_000);
                    CompletableFuture<ResponseStream> head = client.stream(ProxyRequest.get(url));
                    head.whenCompleteAsync((r, e) -> {
                        if (r != null) {
                            try (r) {
                                r.body().readNBytes(readBytes);
                            } catch (Exception readFailed) {
                                // A body cut by its close is fine here; what matters is what the pool holds.
                            }
                            r.completion().handle((ok, f) -> ended(ended, index, slots));
                        } else {
                            ended(ended, index, slots);
                        }
                    });
                    continue;
                }
                var call = client.send(ProxyRequest.get(url), (r, e) -> {
                    if (e != null && !(e instanceof CallException ce && ce.label().endsWith("_Cancelled"))) {
                        synchronized (unexpectedFirst) {
                            if (unexpectedFirst.isEmpty()) {
                                unexpectedFirst.add(e.toString());
                            }
                        }
                        unexpected.incrementAndGet();
                    }
                    if (e != null) {
                        cancelledOnes.incrementAndGet();
                    }
                    ended(ended, index, slots);
                });
                if (cancelAfterMicros == 0) {
                    call.cancel();
                } else {
                    cancels.schedule(call::cancel, cancelAfterMicros, TimeUnit.MICROSECONDS);
                }
            }
            assertThat(slots.tryAcquire(IN_FLIGHT, 60, TimeUnit.SECONDS)).as("every call ended").isTrue();
            for (int i = 0; i < CALLS; i++) {
                assertThat(ended.get(i)).as("call %d ended once", i).isEqualTo(1);
            }
            assertThat(unexpected.get()).as("failures other than cancels: %s", unexpectedFirst).isZero();
            assertThat(cancelledOnes.get()).as("cancels that took").isGreaterThan(CALLS / 10);
            Await.untilEquals(0, () -> client.poolGauges().acquired());
            Await.untilEquals(0, () -> client.poolGauges().pending());
        } finally {
            cancels.shutdownNow();
        }
    }

    private static Void ended(AtomicIntegerArray ended, int index, Semaphore slots) {
        ended.incrementAndGet(index);
        slots.release();
        return null;
    }
}
