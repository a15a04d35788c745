package io.proxybench.experiments.owners;

import io.proxybench.analysis.Percentiles;
import io.proxybench.client.ProxyResponse;
import io.proxybench.experiments.load.Crawl;
import io.proxybench.harness.Trace;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What one lane's answers say: how long each 200 took, and what the lab target's trace in each body reports
 * ({@code conn=}, its connection id, unique across the target's life; {@code ip=}, the exit it saw). A body without
 * {@code conn=} (a real origin's trace, or any other page) leaves the far side unknown. Thread-safe.
 */
final class LaneTally implements Crawl.Observer {

    private final List<Double> okMillis = new ArrayList<>();
    private final Set<String> connections = new HashSet<>();
    private final Set<String> exits = new HashSet<>();
    private int traced;

    @Override
    public synchronized void answered(ProxyResponse response, long nanos) {
        if (response.status() != 200) {
            return;
        }
        okMillis.add(nanos / 1e6);
        Trace trace = Trace.of(response.body());
        String conn = trace.value("conn");
        if (conn != null) {
            traced++;
            connections.add(conn);
            String ip = trace.value("ip");
            if (ip != null) {
                exits.add(ip);
            }
        }
    }

    /** Latency percentiles of the 200s, milliseconds; null when there was none. */
    synchronized Percentiles latencyMillis() {
        return okMillis.isEmpty() ? null : Percentiles.of(okMillis.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** True when every 200 carried a lab trace, so the counts below describe the target's side. */
    synchronized boolean fullyTraced() {
        return traced > 0 && traced == okMillis.size();
    }

    /** 200s that carried a trace. */
    synchronized long tracedRequests() {
        return traced;
    }

    /** Distinct target connections the traces named. */
    synchronized long tracedConnections() {
        return connections.size();
    }

    /** Distinct exit addresses the traces named. */
    synchronized int exitAddresses() {
        return exits.size();
    }
}
