package io.proxybench.experiments.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** A worker crawl that gives up closes every client it was given, even one a worker was still making. */
class CrawlTest {

    /** Nothing listens on port 1 of the loopback address: a request there fails at once, refused. */
    private static final String NOWHERE = "http://127.0.0.1:1";
    /** Long enough for task 0's refused request on a loaded machine (300 ms was not, under a full test run). */
    private static final Duration LIMIT = Duration.ofSeconds(1);

    @Test
    void aCrawlThatGivesUpLeavesNoClientOpen() throws Exception {
        List<ProxyClient> made = new ArrayList<>();
        try {
            // Task 0's request is refused at once. Task 1's client is asked for only after the crawl started waiting
            // for its workers, and takes twice the crawl's limit to make: the crawl gives up meanwhile.
            Crawl.run(2, 1, 1, task -> {
                if (task == 1) {
                    sleep(2 * LIMIT.toNanos());
                }
                ProxyClient client = ProxyClient.builder().proxy(NOWHERE).ioThreads(1).build();
                synchronized (made) {
                    made.add(client);
                }
                return client;
            }, i -> ProxyRequest.get("http://127.0.0.1:1/"), LIMIT);
        } catch (TimeoutException expected) {
            // The usual outcome. Should the timeout fire only after task 1's client was made, the crawl finishes
            // instead, and must have closed both clients all the same.
        }

        synchronized (made) {
            assertThat(made).as("both tasks' clients, the second made while the crawl gave up").hasSize(2);
            for (ProxyClient client : made) {
                Throwable failure = client.send(ProxyRequest.get("http://127.0.0.1:1/"))
                        .handle((r, e) -> e).get(5, TimeUnit.SECONDS);
                assertThat(failure).as("a closed client refuses to send").hasMessage("the client is closed");
            }
        }
    }

    private static void sleep(long nanos) {
        try {
            TimeUnit.NANOSECONDS.sleep(nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
