package io.proxybench.lab.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.lab.Lab;
import io.proxybench.lab.LabClient;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.target.StatsSnapshot;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 001's churn: in forward mode the gateway owns the far connection, and its idle cap decides reuse. With 16
 * concurrent requests per round through one exit, a cap of 2 leaves the target seeing about one request per
 * connection; a cap of 16 lets requests per connection grow with the number of rounds.
 */
class ForwardIdleCapTest {

    static final int CONCURRENCY = 16;
    static final int ROUNDS = 5;

    @TempDir
    Path home;

    @Test
    void capOfTwoChurnsConnections() throws Exception {
        double perConnection = requestsPerTargetConnection(2);
        assertThat(perConnection).isLessThan(1.5);
    }

    @Test
    void capOfSixteenLetsReuseGrowWithRequests() throws Exception {
        double perConnection = requestsPerTargetConnection(16);
        assertThat(perConnection).isGreaterThan(ROUNDS * 0.6);
    }

    /** Target requests per target connection seen from the one exit, after ROUNDS rounds of CONCURRENCY. */
    private double requestsPerTargetConnection(int cap) throws Exception {
        try (Lab lab = Lab.start(LabConfig.builder().home(home).forwardIdleCap(cap).build())) {
            LabClient client = new LabClient(lab);
            // The delay holds each upstream connection long enough that a round's requests really overlap.
            String uri = "http://127.0.0.1:" + lab.targetHttpPort() + "/delay/50";
            String credentials = "u:p_session-cap" + cap;
            ExecutorService pool = Executors.newFixedThreadPool(CONCURRENCY);
            CyclicBarrier round = new CyclicBarrier(CONCURRENCY);
            try {
                List<Future<Set<Integer>>> workers = new ArrayList<>();
                for (int w = 0; w < CONCURRENCY; w++) {
                    workers.add(pool.submit(() -> {
                        Set<Integer> statuses = new HashSet<>();
                        try (Socket s = client.gatewaySocket()) {
                            for (int r = 0; r < ROUNDS; r++) {
                                round.await(20, TimeUnit.SECONDS);
                                statuses.add(LabClient.forward(s, uri, credentials).status());
                            }
                        }
                        return statuses;
                    }));
                }
                for (Future<Set<Integer>> f : workers) {
                    assertThat(f.get(60, TimeUnit.SECONDS)).containsOnly(200);
                }
            } finally {
                pool.shutdownNow();
            }
            StatsSnapshot stats = lab.targetStats();
            assertThat(stats.perIp()).hasSize(1);
            StatsSnapshot.Ip exit = stats.perIp().values().iterator().next();
            assertThat(exit.requests()).isEqualTo((long) CONCURRENCY * ROUNDS);
            GatewayCounters.Snapshot counters = lab.gatewayCounters();
            assertThat(counters.upstreamDials()).isEqualTo(exit.connections());
            System.out.printf("forward idle cap %d: %d requests over %d target connections%n", cap, exit.requests(), exit.connections());
            return (double) exit.requests() / exit.connections();
        }
    }
}
