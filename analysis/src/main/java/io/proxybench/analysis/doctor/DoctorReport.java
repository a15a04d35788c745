package io.proxybench.analysis.doctor;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.proxybench.analysis.FigureNames;
import io.proxybench.analysis.read.HistorySpan;
import java.util.List;
import java.util.Map;

/**
 * What {@code proxybench doctor} found in a run's records.
 *
 * @param sources the record files (one per client)
 * @param records records read
 * @param answered records that say whether their connection was new or reused ({@code reused}): those with a
 *     connection, and failed setups; the base of every per-1,000 figure
 * @param newConnections those that opened their connection, failed setups included: the figure
 *     {@code connections_opened}
 * @param handshakesPer1000 {@code newConnections} per 1,000 of {@code answered}: the figure {@code handshakes_per_1k},
 *     as {@code run} and {@code analyze} give it; null when {@code answered} is 0
 * @param counterHandshakesPer1000 the same figure from the run's summary ({@code --summary}), null without one
 * @param connectionsClosed connections closed by reason from the client's counters, null without a summary
 * @param newConnectionsBy new connections by why they were opened ({@code session_start} and {@code concurrency}
 *     are the ones the traffic needed)
 * @param findings likely causes, the costliest first; empty when nothing reached the threshold
 * @param minPer1000 the threshold: a cause is named when it cost at least this many per 1,000 requests
 * @param verdict one line: the likely cause, or that none was found, with the figure
 * @param notes what the records could not show
 * @param history the window of a watch's history the records are, named in the heading; null (and left out of the
 *     JSON) for records files
 */
public record DoctorReport(
        @JsonProperty("sources") List<String> sources,
        @JsonProperty("records") int records,
        @JsonProperty("records_with_connection") int answered,
        @JsonProperty(FigureNames.CONNECTIONS_OPENED) int newConnections,
        @JsonProperty(FigureNames.HANDSHAKES_PER_1K) Double handshakesPer1000,
        @JsonProperty("summary_handshakes_per_1k") Double counterHandshakesPer1000,
        @JsonProperty("connections_closed") Map<String, Long> connectionsClosed,
        @JsonProperty("new_connections_by") Map<String, Integer> newConnectionsBy,
        @JsonProperty("findings") List<Finding> findings,
        @JsonProperty("min_per_1000") double minPer1000,
        @JsonProperty("verdict") String verdict,
        @JsonProperty("notes") List<String> notes,
        @JsonProperty("history") @JsonInclude(JsonInclude.Include.NON_NULL) HistorySpan history) {

    /** This report of the window {@code span} of a watch's history. */
    public DoctorReport withHistory(HistorySpan span) {
        return new DoctorReport(sources, records, answered, newConnections, handshakesPer1000,
                counterHandshakesPer1000, connectionsClosed, newConnectionsBy, findings, minPer1000, verdict, notes,
                span);
    }
}
