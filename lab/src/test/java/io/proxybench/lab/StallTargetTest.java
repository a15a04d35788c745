package io.proxybench.lab;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Lab#stallTarget} and the admin endpoint's {@code POST /stall?ms=N}, driven by the JDK's HTTP client
 * straight at the target (HTTP/1.1 and h2). Every timing assertion is a lower bound that follows from the stall
 * (a held response cannot come before the stall's end), except one: a request after the stall is not held for
 * another stall length. Times are {@link System#nanoTime()}, the clock the target's stall runs on.
 */
class StallTargetTest {

    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(20);

    @TempDir
    static Path home;

    static Lab lab;
    static HttpClient http1;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(LabConfig.builder().home(home).build());
        http1 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    private static HttpRequest get(String url) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(REQUEST_TIMEOUT).build();
    }

    private static String target(String path) {
        return "http://127.0.0.1:" + lab.targetHttpPort() + path;
    }

    private static HttpResponse<String> admin(String method, String pathAndQuery) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + lab.adminPort() + pathAndQuery))
                .timeout(REQUEST_TIMEOUT).method(method, HttpRequest.BodyPublishers.noBody()).build();
        return http1.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** Nanoseconds from {@code startNanos} until {@code send} has the whole response. */
    private static long timed(long startNanos, Send send) throws Exception {
        HttpResponse<String> response = send.send();
        long elapsed = System.nanoTime() - startNanos;
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return elapsed;
    }

    private interface Send {
        HttpResponse<String> send() throws Exception;
    }

    @Test
    void aRequestDuringAStallIsAnsweredNoEarlierThanItsEndAndOneAfterItIsNotHeld() throws Exception {
        Duration length = Duration.ofMillis(800);
        long before = System.nanoTime();
        Duration remaining = lab.stallTarget(length);
        assertThat(remaining).isGreaterThanOrEqualTo(length);
        // The stall ends at (call time + remaining) >= before + remaining.
        long held = timed(before, () -> http1.send(get(target("/cdn-cgi/trace")), HttpResponse.BodyHandlers.ofString()));
        assertThat(held).isGreaterThanOrEqualTo(remaining.toNanos());

        long after = System.nanoTime();
        long free = timed(after, () -> http1.send(get(target("/cdn-cgi/trace")), HttpResponse.BodyHandlers.ofString()));
        assertThat(free).as("a request after the stall's end is not held for another stall")
                .isLessThan(length.toNanos());
    }

    @Test
    void aReplyAlreadyPendingWhenTheStallStartsWaitsForItsEnd() throws Exception {
        long delayMs = 1_000;
        long requestsBefore = lab.targetStats().requestsTotal();
        long sent = System.nanoTime();
        CompletableFuture<HttpResponse<String>> pending =
                http1.sendAsync(get(target("/delay/" + delayMs)), HttpResponse.BodyHandlers.ofString());
        long waitUntil = sent + TimeUnit.MILLISECONDS.toNanos(delayMs / 2);
        while (lab.targetStats().requestsTotal() == requestsBefore && System.nanoTime() < waitUntil) {
            Thread.sleep(1);
        }
        assertThat(lab.targetStats().requestsTotal()).as("the delayed request reached the target")
                .isEqualTo(requestsBefore + 1);
        long before = System.nanoTime();
        Duration remaining = lab.stallTarget(Duration.ofMillis(1_500));
        assertThat(System.nanoTime() - sent)
                .as("the stall started before the delayed reply came due (the request left at 'sent')")
                .isLessThan(TimeUnit.MILLISECONDS.toNanos(delayMs));
        long held = timed(before, () -> pending.get(REQUEST_TIMEOUT.toSeconds(), TimeUnit.SECONDS));
        assertThat(held).isGreaterThanOrEqualTo(remaining.toNanos());
        assertThat(pending.get().body()).isEqualTo("delayed 1000 ms\n");
    }

    @Test
    void h2StreamsAreHeldToo() throws Exception {
        HttpClient h2 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2)
                .sslContext(LabClient.trusting(lab.caFile())).build();
        String url = "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace";
        HttpResponse<String> warm = h2.send(get(url), HttpResponse.BodyHandlers.ofString());
        assertThat(warm.version()).isEqualTo(HttpClient.Version.HTTP_2);

        long before = System.nanoTime();
        Duration remaining = lab.stallTarget(Duration.ofMillis(600));
        CompletableFuture<HttpResponse<String>> a = h2.sendAsync(get(url), HttpResponse.BodyHandlers.ofString());
        CompletableFuture<HttpResponse<String>> b = h2.sendAsync(get(url), HttpResponse.BodyHandlers.ofString());
        long heldA = timed(before, () -> a.get(REQUEST_TIMEOUT.toSeconds(), TimeUnit.SECONDS));
        long heldB = timed(before, () -> b.get(REQUEST_TIMEOUT.toSeconds(), TimeUnit.SECONDS));
        assertThat(heldA).isGreaterThanOrEqualTo(remaining.toNanos());
        assertThat(heldB).isGreaterThanOrEqualTo(remaining.toNanos());
        assertThat(a.get().body()).contains("http=http/2");
    }

    @Test
    void postStallOnTheAdminPortStallsTheTarget() throws Exception {
        long before = System.nanoTime();
        HttpResponse<String> reply = admin("POST", "/stall?ms=600");
        assertThat(reply.statusCode()).as(reply.body()).isEqualTo(200);
        assertThat(reply.headers().firstValue("content-type")).hasValue("application/json");
        JsonNode body = new ObjectMapper().readTree(reply.body());
        assertThat(body.path("stall_ms").asLong()).isEqualTo(600);
        long remainingMs = body.path("remaining_ms").asLong();
        assertThat(remainingMs).isBetween(1L, 600L);
        // The stall began after 'before', so it ends after before + 600 ms.
        long held = timed(before, () -> http1.send(get(target("/cdn-cgi/trace")), HttpResponse.BodyHandlers.ofString()));
        assertThat(held).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(600));
    }

    @Test
    void badStallRequestsAreRefusedWithTheReasonAndStallNothing() throws Exception {
        String[][] cases = {
            {"/stall", "needs one ms=N"},
            {"/stall?ms=1&ms=2", "needs one ms=N"},
            {"/stall?ms=abc", "ms must be a whole number of milliseconds, got 'abc'"},
            {"/stall?ms=1.5", "got '1.5'"},
            {"/stall?ms=0", "more than 0 and at most 600000 ms, got 0 ms"},
            {"/stall?ms=-5", "got -5 ms"},
            {"/stall?ms=600001", "got 600001 ms"},
            {"/stall?ms=99999999999999999999", "got '99999999999999999999'"},
        };
        for (String[] c : cases) {
            HttpResponse<String> reply = admin("POST", c[0]);
            assertThat(reply.statusCode()).as(c[0]).isEqualTo(400);
            assertThat(reply.body()).as(c[0]).contains(c[1]);
        }
        HttpResponse<String> get = admin("GET", "/stall?ms=5");
        assertThat(get.statusCode()).isEqualTo(405);
        assertThat(get.body()).contains("use POST /stall?ms=N");
        assertThat(admin("GET", "/nothing").body()).contains("POST /stall?ms=N");
        assertThat(admin("GET", "/counters").statusCode()).isEqualTo(200);
        // None of them started a stall: a 1 ms stall now ends 1 ms from now, not with a longer running one.
        JsonNode probe = new ObjectMapper().readTree(admin("POST", "/stall?ms=1").body());
        assertThat(probe.path("remaining_ms").asLong()).isLessThanOrEqualTo(1);
    }
}
