package io.proxybench.audit;

import io.proxybench.client.proxy.ProxyCredentials;
import io.proxybench.harness.Durations;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Sends {@code requests} GETs through a client with at most {@code inFlight} handed to it at once, each sent as soon as
 * an earlier one ends, within a time limit: bounded in count and in time. Seed 002's workload (1,000 requests, 200
 * in flight) at its defaults.
 */
final class Load {

    private Load() {}

    /**
     * Runs the load and returns what it saw, frozen. Requests not answered within {@code limit} count as failed.
     *
     * @param mask hides the credentials in any error message a client produced
     */
    static LoadTally run(AuditedClient.Handle client, URI url, ProxyCredentials credentials, int requests, int inFlight,
            Duration limit, Mask mask) throws InterruptedException {
        LoadTally tally = new LoadTally(requests);
        Semaphore slots = new Semaphore(inFlight);
        CountDownLatch ended = new CountDownLatch(requests);
        long deadline = System.nanoTime() + limit.toNanos();
        int sent = 0;
        for (; sent < requests; sent++) {
            if (!slots.tryAcquire(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
                break;
            }
            long start = System.nanoTime();
            tally.started(start);
            CompletableFuture<Answer> answer;
            try {
                answer = client.get(url, credentials);
            } catch (RuntimeException e) {
                answer = CompletableFuture.failedFuture(e);
            }
            answer.whenComplete((a, e) -> {
                long end = System.nanoTime();
                try {
                    if (e == null) {
                        tally.answer(start, end, a);
                    } else {
                        tally.failure(end, mask.error(e));
                    }
                } finally {
                    slots.release();
                    ended.countDown();
                }
            });
        }
        boolean all = ended.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        if (!all) {
            int unanswered = requests - tally.done();
            for (int i = 0; i < unanswered; i++) {
                tally.failure(System.nanoTime(), "no answer within the time limit of " + Durations.format(limit)
                        + (sent < requests ? " (" + (requests - sent) + " never sent)" : ""));
            }
        }
        tally.freeze();
        return tally;
    }
}
