package io.proxybench.harness.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class UnrecordedCallsTest {

    private final UnrecordedCalls calls = new UnrecordedCalls();

    private static Call call(long n) {
        return new Call(n, FakeSender.request(n));
    }

    @Test
    void aCallRemovedFromAnyPlaceLeavesTheOthersListedAndARepeatedOrUnknownRemoveChangesNothing() {
        Call a = call(1);
        Call b = call(2);
        Call c = call(3);
        Call d = call(4);
        for (Call each : List.of(a, b, c, d)) {
            calls.add(each);
        }
        assertThat(calls.snapshot()).containsExactly(d, c, b, a);

        calls.remove(b);
        assertThat(calls.snapshot()).containsExactly(d, c, a);
        calls.remove(d);
        assertThat(calls.snapshot()).containsExactly(c, a);
        calls.remove(a);
        calls.remove(a);
        calls.remove(call(5));
        assertThat(calls.snapshot()).containsExactly(c);
        assertThat(calls.isEmpty()).isFalse();

        calls.remove(c);
        assertThat(calls.snapshot()).isEmpty();
        assertThat(calls.isEmpty()).isTrue();
        calls.add(b);
        assertThat(calls.snapshot()).containsExactly(b);
    }

    @Test
    void callsAddedAndRemovedOnSeveralThreadsAtOnceLeaveExactlyTheOnesNotRemoved() throws Exception {
        int threads = 4;
        int perThread = 20_000;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<List<Call>>> kept = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int base = t * perThread;
                kept.add(pool.submit(() -> {
                    List<Call> mine = new ArrayList<>();
                    for (int i = 0; i < perThread; i++) {
                        Call each = call(base + i);
                        calls.add(each);
                        if (i % 10 == 0) {
                            mine.add(each);
                        } else {
                            calls.remove(each);
                        }
                    }
                    return mine;
                }));
            }
            List<Call> expected = new ArrayList<>();
            for (Future<List<Call>> each : kept) {
                expected.addAll(each.get(60, TimeUnit.SECONDS));
            }
            assertThat(calls.snapshot()).containsExactlyInAnyOrderElementsOf(expected);
            expected.forEach(calls::remove);
            assertThat(calls.isEmpty()).isTrue();
            assertThat(calls.snapshot()).isEmpty();
        } finally {
            pool.shutdownNow();
        }
    }
}
