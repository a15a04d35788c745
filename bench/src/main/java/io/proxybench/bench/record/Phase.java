package io.proxybench.bench.record;

import java.util.function.Function;

/**
 * The timed phases of a request as the records hold them, in the order they happen: the client's phases
 * ({@link io.proxybench.client.event.Phase}) under the same names, plus {@link #TOTAL}.
 */
public enum Phase {
    QUEUE(io.proxybench.client.event.Phase.QUEUE, RequestRecord::queue),
    DNS(io.proxybench.client.event.Phase.DNS, RequestRecord::dns),
    TCP(io.proxybench.client.event.Phase.TCP, RequestRecord::tcp),
    PROXY_TLS(io.proxybench.client.event.Phase.PROXY_TLS, RequestRecord::proxyTls),
    SOCKS(io.proxybench.client.event.Phase.SOCKS, RequestRecord::socks),
    CONNECT(io.proxybench.client.event.Phase.CONNECT, RequestRecord::connect),
    TLS(io.proxybench.client.event.Phase.TLS, RequestRecord::tls),
    REQUEST(io.proxybench.client.event.Phase.REQUEST, RequestRecord::request),
    /** From the scheduled start to done, so it includes start lag, queueing and retries; no client phase. */
    TOTAL(null, RequestRecord::total);

    private final io.proxybench.client.event.Phase clientPhase;
    private final Function<RequestRecord, Double> seconds;

    Phase(io.proxybench.client.event.Phase clientPhase, Function<RequestRecord, Double> seconds) {
        this.clientPhase = clientPhase;
        this.seconds = seconds;
    }

    /** The field's name in the JSONL records (as in the seed harness), the client phase's label. */
    public String jsonName() {
        return clientPhase == null ? "total" : clientPhase.label();
    }

    /** The client's phase this one records, null for {@link #TOTAL}. */
    public io.proxybench.client.event.Phase clientPhase() {
        return clientPhase;
    }

    /** This phase's duration in seconds, or {@code null} if the record has none. */
    public Double seconds(RequestRecord record) {
        return seconds.apply(record);
    }
}
