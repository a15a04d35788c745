package io.proxybench.analysis.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.records.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class EarlyFailuresTest {

    private static final SetupContext SQUID = new SetupContext("http://127.0.0.1:3128", true, "--proxy",
            "https://127.0.0.1:8443");

    private static RequestRecord failed(String error, String reason) {
        return RequestRecord.builder(0, 0.01).error(error).reason(reason).build();
    }

    private static RequestRecord ok() {
        return RequestRecord.builder(0, 0.01).status(200).build();
    }

    @Test
    void theFirstTwentyAllRefusedForOneReasonAreDiagnosedOnTheTwentieth() {
        EarlyFailures early = new EarlyFailures(SQUID);
        for (int i = 1; i < EarlyFailures.FIRST; i++) {
            assertThat(early.add(failed("connect_407", "ERR_CACHE_ACCESS_DENIED 0"))).as("record %d", i).isEmpty();
        }
        Optional<Diagnosis> d = early.add(failed("connect_407", "ERR_CACHE_ACCESS_DENIED 0"));

        assertThat(d).isPresent();
        assertThat(d.get().error()).isEqualTo("connect_407");
        assertThat(d.get().reason()).isEqualTo("ERR_CACHE_ACCESS_DENIED 0");
        assertThat(d.get().failed()).isEqualTo(20);
        assertThat(d.get().problem()).isEqualTo("the proxy at 127.0.0.1:3128 refused the credentials (407 Proxy"
                + " Authentication Required)");
        assertThat(d.get().fix()).contains("user name and password given in --proxy");
        assertThat(early.add(failed("connect_407", null))).as("decided once").isEmpty();
        assertThat(early.diagnosis()).isEqualTo(d);
    }

    @Test
    void oneSuccessAmongTheFirstMeansTheSetupWorks() {
        EarlyFailures early = new EarlyFailures(SQUID);
        for (int i = 0; i < 5; i++) {
            early.add(failed("connect_407", null));
        }
        early.add(ok());
        for (int i = 0; i < 30; i++) {
            assertThat(early.add(failed("connect_407", null))).isEmpty();
        }
        assertThat(early.diagnosis()).isEmpty();
        assertThat(early.ofFewer()).isEmpty();
    }

    @Test
    void failuresAfterTheSetupOrWithoutOneDominantReasonAreNotASetupDiagnosis() {
        EarlyFailures afterSetup = new EarlyFailures(SQUID);
        EarlyFailures mixed = new EarlyFailures(SQUID);
        for (int i = 0; i < EarlyFailures.FIRST; i++) {
            afterSetup.add(failed("request_TruncatedResponseException", null));
            mixed.add(failed(i % 4 == 0 ? "tcp_ConnectException" : "connect_502", null));
        }
        assertThat(afterSetup.diagnosis()).isEmpty();
        assertThat(mixed.diagnosis()).as("15 of 20 share a label: under 90%").isEmpty();
    }

    @Test
    void eighteenOfTwentyIsEnoughAndTheDiagnosisNamesTheCommonOne() {
        EarlyFailures early = new EarlyFailures(SQUID);
        for (int i = 0; i < EarlyFailures.FIRST; i++) {
            early.add(failed(i < 2 ? "tcp_ConnectTimeoutException" : "tcp_ConnectException", null));
        }
        assertThat(early.diagnosis()).map(Diagnosis::error).contains("tcp_ConnectException");
        assertThat(early.diagnosis().get().problem()).isEqualTo("nothing accepted a connection at 127.0.0.1:3128"
                + " (connection refused)");
    }

    @Test
    void aForwardProxysRefusalAnsweredAsA407StatusIsTheSameSetupFailure() {
        EarlyFailures early = new EarlyFailures(SQUID);
        for (int i = 0; i < EarlyFailures.FIRST; i++) {
            early.add(RequestRecord.builder(0, 0.01).status(407).build());
        }
        assertThat(early.diagnosis()).map(Diagnosis::error).contains("connect_407");
    }

    @Test
    void seventeenOfTwentyIsNotEnough() {
        EarlyFailures early = new EarlyFailures(SQUID);
        for (int i = 0; i < EarlyFailures.FIRST; i++) {
            early.add(failed(i < 3 ? "tcp_ConnectTimeoutException" : "tcp_ConnectException", null));
        }
        assertThat(early.diagnosis()).isEmpty();
    }

    @Test
    void recordsEndingOnSeveralThreadsAtOnceAreLookedAtOnceEachAndDecideOnce() throws Exception {
        for (int round = 0; round < 50; round++) {
            EarlyFailures early = new EarlyFailures(SQUID);
            AtomicInteger decided = new AtomicInteger();
            CountDownLatch go = new CountDownLatch(1);
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                Thread thread = new Thread(() -> {
                    try {
                        go.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    for (int i = 0; i < 10; i++) {
                        early.add(failed("connect_407", null)).ifPresent(d -> decided.incrementAndGet());
                    }
                });
                thread.start();
                threads.add(thread);
            }
            go.countDown();
            for (Thread thread : threads) {
                thread.join();
            }
            assertThat(decided.get()).as("one add of 40 completes the diagnosis").isEqualTo(1);
            assertThat(early.diagnosis().get().first()).isEqualTo(EarlyFailures.FIRST);
        }
    }

    @Test
    void aShortRunIsDiagnosedAtItsEndOnWhatItHad() {
        EarlyFailures early = new EarlyFailures(SQUID);
        for (int i = 0; i < 5; i++) {
            early.add(failed("tls_UntrustedCertificate", "the origin's certificate is not trusted"));
        }
        assertThat(early.diagnosis()).isEmpty();
        assertThat(early.ofFewer()).map(Diagnosis::problem).hasValueSatisfying(p -> assertThat(p)
                .startsWith("the target's certificate (https://127.0.0.1:8443) is not trusted"));
        assertThat(new EarlyFailures(SQUID).ofFewer()).as("nothing ended").isEmpty();
    }
}
