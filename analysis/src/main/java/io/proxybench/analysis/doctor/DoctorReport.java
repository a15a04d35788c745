package io.proxybench.analysis.doctor;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * What {@code proxybench doctor} found in a run's records.
 *
 * @param sources the record files (one per client)
 * @param records records read
 * @param answered records with a connection ({@code conn}, {@code reused}); the base of every per-1,000 figure
 * @param newConnections answered records that opened their connection
 * @param handshakesPer1000 {@code newConnections} per 1,000 answered requests
 * @param counterHandshakesPer1000 the same figure from the client's counters (run summary), null without one
 * @param connectionsClosed connections closed by reason from the client's counters, null without a summary
 * @param newConnectionsBy new connections by why they were opened ({@code session_start} and {@code concurrency}
 *     are the ones the traffic needed)
 * @param findings likely causes, the costliest first; empty when nothing reached the threshold
 * @param minPer1000 the threshold: a cause is named when it cost at least this many per 1,000 requests
 * @param verdict one line: the likely cause, or that none was found, with the figure
 * @param notes what the records could not show
 */
public record DoctorReport(
        @JsonProperty("sources") List<String> sources,
        @JsonProperty("records") int records,
        @JsonProperty("answered") int answered,
        @JsonProperty("new_connections") int newConnections,
        @JsonProperty("handshakes_per_1000") double handshakesPer1000,
        @JsonProperty("counter_handshakes_per_1000") Double counterHandshakesPer1000,
        @JsonProperty("connections_closed") Map<String, Long> connectionsClosed,
        @JsonProperty("new_connections_by") Map<String, Integer> newConnectionsBy,
        @JsonProperty("findings") List<Finding> findings,
        @JsonProperty("min_per_1000") double minPer1000,
        @JsonProperty("verdict") String verdict,
        @JsonProperty("notes") List<String> notes) {}
