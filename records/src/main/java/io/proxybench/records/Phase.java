package io.proxybench.records;

import java.util.Locale;
import java.util.function.Function;

/**
 * The timed phases of a request as the records hold them, in the order they happen: the client's phases under the
 * same names, plus {@link #TOTAL}.
 */
public enum Phase {
    QUEUE(RequestRecord::queue),
    DNS(RequestRecord::dns),
    TCP(RequestRecord::tcp),
    PROXY_TLS(RequestRecord::proxyTls),
    SOCKS(RequestRecord::socks),
    CONNECT(RequestRecord::connect),
    TLS(RequestRecord::tls),
    REQUEST(RequestRecord::request),
    /** From the scheduled start to done, so it includes start lag, queueing and retries. */
    TOTAL(RequestRecord::total);

    private final Function<RequestRecord, Double> seconds;
    private final String jsonName;

    Phase(Function<RequestRecord, Double> seconds) {
        this.seconds = seconds;
        this.jsonName = name().toLowerCase(Locale.ROOT);
    }

    /** The field's name in the JSONL records (as in the seed harness), e.g. {@code proxy_tls}. */
    public String jsonName() {
        return jsonName;
    }

    /** This phase's duration in seconds, or {@code null} if the record has none. */
    public Double seconds(RequestRecord record) {
        return seconds.apply(record);
    }
}
