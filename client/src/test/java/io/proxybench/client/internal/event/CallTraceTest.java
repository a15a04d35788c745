package io.proxybench.client.internal.event;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.event.CallInfo;
import io.proxybench.client.event.EventListener;
import io.proxybench.client.event.Phase;
import io.proxybench.client.event.PhaseTimings;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

class CallTraceTest {

    private final CallTrace trace = new CallTrace(new CallInfo(1, "GET", URI.create("https://example.test/"), null, 1),
            EventListener.NONE);

    @Test
    void onlyTheEndedPhasesHaveADurationAndAPhaseTwiceHoldsTheSum() throws Exception {
        trace.queueStart();
        trace.queueEnd(1_234);
        trace.dnsStart("proxy.test");
        Thread.sleep(2);
        trace.dnsEnd("proxy.test", List.of());
        PhaseTimings once = trace.timings();
        trace.dnsStart("example.test");
        Thread.sleep(2);
        trace.dnsEnd("example.test", List.of());
        trace.connectStart(InetSocketAddress.createUnresolved("example.test", 443));

        PhaseTimings timings = trace.timings();
        assertThat(timings.get(Phase.QUEUE)).isEqualTo(1_234);
        assertThat(timings.get(Phase.DNS)).isGreaterThan(once.get(Phase.DNS)).isGreaterThanOrEqualTo(4_000_000);
        assertThat(timings.has(Phase.TCP)).as("begun, not ended").isFalse();
        assertThat(timings.has(Phase.REQUEST)).isFalse();
    }

    @Test
    void theTcpPhaseSpansARaceFromItsFirstAttemptToTheOneThatConnected() throws Exception {
        InetSocketAddress refused = new InetSocketAddress("127.0.0.2", 80);
        InetSocketAddress served = new InetSocketAddress("::1", 80);
        long before = System.nanoTime();
        trace.connectStart(refused);
        Thread.sleep(3);
        trace.connectFailed(refused, new ConnectException("refused"));
        trace.connectStart(served);
        Thread.sleep(3);
        trace.connectEnd(served);
        long after = System.nanoTime();

        assertThat(trace.current()).isEqualTo(Phase.TCP);
        assertThat(trace.timings().get(Phase.TCP)).as("both attempts, counted once")
                .isBetween(6_000_000L, after - before);
    }

    @Test
    void theRequestPhasesStartReadingIsGivenBackAndTheClockIsReadOnlyBeforeThereIsOne() throws Exception {
        long before = System.nanoTime();
        assertThat(trace.requestStartedOrNow()).as("not begun: now").isGreaterThanOrEqualTo(before);
        trace.requestHeadersStart();
        long started = trace.requestStartedOrNow();
        Thread.sleep(2);
        assertThat(trace.requestStartedOrNow()).as("begun: its reading, every time").isEqualTo(started);
        trace.responseBodyEnd(3);
        long ended = System.nanoTime();

        assertThat(trace.requestStartedOrNow()).as("ended: still its start").isEqualTo(started);
        assertThat(trace.timings().get(Phase.REQUEST)).isBetween(2_000_000L, ended - started);
    }

    @Test
    void aTimingsTakenEarlierDoesNotChangeWithTheCall() {
        trace.requestHeadersStart();
        PhaseTimings before = trace.timings();
        trace.responseBodyEnd(10);

        assertThat(before.has(Phase.REQUEST)).isFalse();
        assertThat(trace.timings().get(Phase.REQUEST)).isNotNegative();
    }

    @Test
    void aCallOnAnOpenConnectionHasTheWaitAndTheRequestOnlyAndANewOneHasItsSetupToo() throws Exception {
        trace.queueStart();
        trace.queueEnd(500);
        trace.requestHeadersStart();
        Thread.sleep(1);
        trace.responseBodyEnd(3);

        PhaseTimings reused = trace.timings();
        assertThat(reused.nanos()).containsOnlyKeys(Phase.QUEUE, Phase.REQUEST);
        assertThat(reused.get(Phase.QUEUE)).isEqualTo(500);
        assertThat(reused.get(Phase.REQUEST)).isGreaterThanOrEqualTo(1_000_000);

        CallTrace fresh = new CallTrace(new CallInfo(2, "GET", URI.create("https://example.test/"), null, 1),
                EventListener.NONE);
        fresh.queueEnd(0);
        fresh.connectStart(InetSocketAddress.createUnresolved("example.test", 443));
        fresh.connectEnd(InetSocketAddress.createUnresolved("example.test", 443));
        fresh.originTlsStart();
        fresh.originTlsEnd("TLSv1.3", "http/1.1");
        fresh.requestHeadersStart();
        fresh.responseBodyEnd(3);
        assertThat(fresh.timings().nanos()).containsOnlyKeys(Phase.QUEUE, Phase.TCP, Phase.TLS, Phase.REQUEST);
        assertThat(fresh.timings()).isEqualTo(fresh.timings()).isNotEqualTo(reused);
    }
}
