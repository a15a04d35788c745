package io.proxybench.bench.record;

import java.util.function.Function;

/** The timed phases of a request, in the order they happen, each read from a {@link RequestRecord}. */
public enum Phase {
    QUEUE("queue", RequestRecord::queue),
    TCP("tcp", RequestRecord::tcp),
    PROXY_TLS("proxy_tls", RequestRecord::proxyTls),
    SOCKS("socks", RequestRecord::socks),
    CONNECT("connect", RequestRecord::connect),
    TLS("tls", RequestRecord::tls),
    REQUEST("request", RequestRecord::request),
    /** From the scheduled start to done, so it includes start lag and queueing. */
    TOTAL("total", RequestRecord::total);

    private final String jsonName;
    private final Function<RequestRecord, Double> seconds;

    Phase(String jsonName, Function<RequestRecord, Double> seconds) {
        this.jsonName = jsonName;
        this.seconds = seconds;
    }

    /** The field's name in the JSONL records, as in the seed harness. */
    public String jsonName() {
        return jsonName;
    }

    /** This phase's duration in seconds, or {@code null} if the record has none. */
    public Double seconds(RequestRecord record) {
        return seconds.apply(record);
    }
}
