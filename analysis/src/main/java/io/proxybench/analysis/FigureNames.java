package io.proxybench.analysis;

import java.util.List;
import java.util.Map;

/**
 * The one name of each figure a run has, as {@code --fail-if} takes it: the same word is the JSON key in {@code run},
 * {@code analyze}, {@code compare} and {@code doctor}, the Prometheus metric {@code proxybench_NAME} (a counter's
 * series {@code proxybench_NAME_total}), and the row of the docs' Figures table. Each is defined once, by the method
 * that returns it: {@link io.proxybench.analysis.stats.RunStatistics}'s own counts, or one of its views
 * ({@code OutcomeView}, {@code WireView}, {@code TimelineView}, {@code ExitView}; percentiles {@code LatencyView}).
 *
 * <p>Units: shares are from 0 to 1, {@link #MAX_START_LAG} is in milliseconds, bytes are bytes, {@link #STEADY_RPS} is
 * successes per second; latency percentiles are {@code pNN(PHASE)} in thresholds and {@code phases_ms} in JSON.
 */
public final class FigureNames {

    public static final String RECORDS = "records";
    public static final String OK = "ok";
    public static final String SUCCESS_RATE = "success_rate";
    public static final String FAILURE_RATE = "failure_rate";
    public static final String HARD_BLOCK_RATE = "hard_block_rate";
    public static final String SOFT_BLOCK_RATE = "soft_block_rate";
    public static final String BLOCK_RATE = "block_rate";
    public static final String PROXY_FAILURE_RATE = "proxy_failure_rate";
    public static final String HANDSHAKES_PER_1K = "handshakes_per_1k";
    public static final String REUSE_RATE = "reuse_rate";
    public static final String CONNECTIONS_OPENED = "connections_opened";
    public static final String BYTES_PER_SUCCESS = "bytes_per_success";
    public static final String STEADY_RPS = "steady_rps";
    public static final String UNIQUE_EXITS = "unique_exits";
    public static final String UNIQUE_SUBNETS = "unique_subnets";
    public static final String RETRIED = "retried";
    public static final String MAX_START_LAG = "max_start_lag";

    /**
     * Names earlier versions wrote for the same figures, read for one more version where a file kept them (a run
     * summary given to {@code doctor --summary}), never written.
     */
    public static final Map<String, String> OLD_NAMES = Map.of(
            "handshakes_per_1000", HANDSHAKES_PER_1K,
            "unique_exit_ips", UNIQUE_EXITS,
            "unique_ips", UNIQUE_EXITS,
            "bytes_per_ok", BYTES_PER_SUCCESS,
            "scheduled", RECORDS,
            "max_start_lag_ms", MAX_START_LAG,
            "steady_ok_per_s", STEADY_RPS);

    /** Every name, in the order of the docs' Figures table. */
    public static final List<String> ALL = List.of(RECORDS, OK, SUCCESS_RATE, FAILURE_RATE, HARD_BLOCK_RATE,
            SOFT_BLOCK_RATE, BLOCK_RATE, PROXY_FAILURE_RATE, HANDSHAKES_PER_1K, REUSE_RATE, CONNECTIONS_OPENED,
            BYTES_PER_SUCCESS, STEADY_RPS, UNIQUE_EXITS, UNIQUE_SUBNETS, RETRIED, MAX_START_LAG);

    private FigureNames() {}
}
