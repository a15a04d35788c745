package io.proxybench.client.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SessionRouterTest {

    private static final Pattern ID = Pattern.compile("[A-Za-z0-9]{1,64}");
    private static final long T0 = 1_000_000_000_000L;
    private static final long SECOND = 1_000_000_000L;

    static Stream<Supplier<SessionRouter>> routers() {
        return Stream.of(SessionRouter::perRequest, SessionRouter::stickyPerKey,
                () -> SessionRouter.stickyPerWindow(Duration.ofSeconds(30)));
    }

    @Test
    void perRequestGivesADistinctIdForEveryCall() {
        SessionRouter router = SessionRouter.perRequest();
        Set<String> ids = new HashSet<>();

        for (int i = 0; i < 10_000; i++) {
            ids.add(router.sessionFor("task", T0));
        }

        assertThat(ids).hasSize(10_000);
    }

    @Test
    void perRequestRoutersDoNotShareIds() {
        assertThat(SessionRouter.perRequest().sessionFor("k", T0))
                .isNotEqualTo(SessionRouter.perRequest().sessionFor("k", T0));
    }

    @Test
    void stickyPerKeyIsStableForAKeyAndDistinctAcrossKeys() {
        SessionRouter router = SessionRouter.stickyPerKey();

        String first = router.sessionFor("worker-1", T0);

        assertThat(router.sessionFor("worker-1", T0 + 3600 * SECOND)).isEqualTo(first);
        assertThat(router.sessionFor("worker-2", T0)).isNotEqualTo(first);
        assertThat(router.sessionFor("a-1", T0)).isNotEqualTo(router.sessionFor("a1", T0));
        assertThat(router.sessionFor("A1", T0).toLowerCase()).isNotEqualTo(router.sessionFor("a1", T0).toLowerCase());
    }

    @Test
    void stickyIdsAreDeterministicAcrossRouters() {
        assertThat(SessionRouter.stickyPerKey().sessionFor("task-9", T0))
                .isEqualTo(SessionRouter.stickyPerKey().sessionFor("task-9", 0))
                .startsWith("task9");
    }

    @Test
    void windowRotatesExactlyAtTheBoundaryAlignedToTheFirstCall() {
        SessionRouter router = SessionRouter.stickyPerWindow(Duration.ofSeconds(30));

        String w0 = router.sessionFor("k", T0);
        String otherKey = router.sessionFor("other", T0 + 10 * SECOND);

        assertThat(router.sessionFor("k", T0 + 30 * SECOND - 1)).isEqualTo(w0);
        String w1 = router.sessionFor("k", T0 + 30 * SECOND);
        assertThat(w1).isNotEqualTo(w0);
        assertThat(router.sessionFor("k", T0 + 60 * SECOND - 1)).isEqualTo(w1);
        assertThat(router.sessionFor("k", T0 + 60 * SECOND)).isNotEqualTo(w0).isNotEqualTo(w1);
        assertThat(router.sessionFor("other", T0 + 29 * SECOND)).isEqualTo(otherKey);
    }

    @Test
    void timesBeforeTheFirstCallCountAsTheFirstWindow() {
        SessionRouter router = SessionRouter.stickyPerWindow(Duration.ofSeconds(30));

        String w0 = router.sessionFor("k", T0);

        assertThat(router.sessionFor("k", T0 - 45 * SECOND)).isEqualTo(w0);
    }

    @Test
    void blockedRotatesOnlyThatKeyAndOnlyOnce() {
        SessionRouter router = SessionRouter.stickyPerKey();
        String a0 = router.sessionFor("a", T0);
        String b0 = router.sessionFor("b", T0);

        router.blocked("a");
        String a1 = router.sessionFor("a", T0 + 1);

        assertThat(a1).isNotEqualTo(a0);
        assertThat(router.sessionFor("a", T0 + 2)).isEqualTo(a1);
        assertThat(router.sessionFor("b", T0 + 2)).isEqualTo(b0);

        router.blocked("a");
        assertThat(router.sessionFor("a", T0 + 3)).isNotEqualTo(a1).isNotEqualTo(a0);
    }

    @Test
    void blockedRotatesWithinAWindowAndTheNextWindowIsStillNew() {
        SessionRouter router = SessionRouter.stickyPerWindow(Duration.ofSeconds(10));
        String before = router.sessionFor("a", T0);
        String b0 = router.sessionFor("b", T0);

        router.blocked("a");
        String after = router.sessionFor("a", T0 + SECOND);
        String nextWindow = router.sessionFor("a", T0 + 10 * SECOND);

        assertThat(after).isNotEqualTo(before);
        assertThat(router.sessionFor("a", T0 + 2 * SECOND)).isEqualTo(after);
        assertThat(nextWindow).isNotEqualTo(after).isNotEqualTo(before);
        assertThat(router.sessionFor("b", T0 + SECOND)).isEqualTo(b0);
    }

    @Test
    void perRequestIgnoresBlocksBecauseItAlwaysRotates() {
        SessionRouter router = SessionRouter.perRequest();
        String before = router.sessionFor("a", T0);

        router.blocked("a");

        assertThat(router.sessionFor("a", T0)).isNotEqualTo(before);
    }

    @ParameterizedTest
    @MethodSource("routers")
    void idsAreAlwaysLettersAndDigitsWithinTheLabLimit(Supplier<SessionRouter> factory) {
        SessionRouter router = factory.get();
        List<String> keys = List.of("wörker/7 ☃", "x".repeat(500), "", "-_-", "\uD83D\uDE00", "ab cd", "Z9");

        for (String key : keys) {
            router.sessionFor(key, T0);
            router.blocked(key);
            String id = router.sessionFor(key, Long.MAX_VALUE);
            assertThat(id).matches(ID);
            assertThat(Dialect.lab().read("u", "p_session-" + id).session().id()).isEqualTo(id);
        }
    }

    @Test
    void longAndUnicodeKeysStillGetDistinctIds() {
        SessionRouter router = SessionRouter.stickyPerKey();

        assertThat(router.sessionFor("x".repeat(500), T0)).isNotEqualTo(router.sessionFor("x".repeat(499), T0));
        assertThat(router.sessionFor("wörker", T0)).isNotEqualTo(router.sessionFor("wrker", T0));
    }

    @ParameterizedTest
    @MethodSource("routers")
    void nullKeysAreRejected(Supplier<SessionRouter> factory) {
        SessionRouter router = factory.get();

        assertThatThrownBy(() -> router.sessionFor(null, T0)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> router.blocked(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void concurrentCallsForOneStickyKeyAgree() throws Exception {
        SessionRouter router = SessionRouter.stickyPerWindow(Duration.ofSeconds(30));
        int threads = 16;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Callable<Set<String>>> tasks = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                long offset = t;
                tasks.add(() -> {
                    start.await();
                    Set<String> seen = new HashSet<>();
                    for (int i = 0; i < 1_000; i++) {
                        seen.add(router.sessionFor("shared-worker", T0 + offset + i));
                    }
                    return seen;
                });
            }
            List<Future<Set<String>>> futures = new ArrayList<>();
            for (Callable<Set<String>> task : tasks) {
                futures.add(pool.submit(task));
            }
            start.countDown();
            Set<String> all = new HashSet<>();
            for (Future<Set<String>> f : futures) {
                all.addAll(f.get());
            }
            assertThat(all).hasSize(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void concurrentPerRequestCallsNeverRepeatAnId() throws Exception {
        SessionRouter router = SessionRouter.perRequest();
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Future<List<String>>> futures = new ArrayList<>();
            for (int t = 0; t < 16; t++) {
                futures.add(pool.submit(() -> {
                    List<String> ids = new ArrayList<>();
                    for (int i = 0; i < 1_000; i++) {
                        ids.add(router.sessionFor("k", T0));
                    }
                    return ids;
                }));
            }
            Set<String> all = new HashSet<>();
            for (Future<List<String>> f : futures) {
                all.addAll(f.get());
            }
            assertThat(all).hasSize(16_000);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void descriptionsNameTheRotationUnit() {
        assertThat(SessionRouter.perRequest().description())
                .isEqualTo("per request (rotates every request: no reuse possible)");
        assertThat(SessionRouter.stickyPerKey().description()).isEqualTo("sticky per key");
        assertThat(SessionRouter.stickyPerWindow(Duration.ofSeconds(30)).description())
                .isEqualTo("sticky per 30s window");
        assertThat(SessionRouter.stickyPerWindow(Duration.ofMinutes(10)).description())
                .isEqualTo("sticky per 10m window");
        assertThat(SessionRouter.stickyPerWindow(Duration.ofMillis(250)).description())
                .isEqualTo("sticky per 250ms window");
    }

    @Test
    void nonPositiveWindowsAreRejected() {
        assertThatThrownBy(() -> SessionRouter.stickyPerWindow(Duration.ZERO)).hasMessageContaining("must be positive");
        assertThatThrownBy(() -> SessionRouter.stickyPerWindow(Duration.ofSeconds(-1)))
                .hasMessageContaining("must be positive");
    }
}
