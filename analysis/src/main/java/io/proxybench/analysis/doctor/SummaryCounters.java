package io.proxybench.analysis.doctor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.analysis.FigureNames;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * The client's own counters from a run's summary ({@code proxybench run --json}): what no record shows, such as
 * connections closed while idle.
 *
 * @param handshakesPer1000 connections opened per 1,000 requests, as the run's summary gives them; null when it
 *     leaves the figure undefined (no request reached a connection)
 * @param connectionsClosed connections closed by reason ({@code idle_timeout}, {@code evicted}, ...); empty when the
 *     summary predates the field
 */
public record SummaryCounters(Double handshakesPer1000, Map<String, Long> connectionsClosed) {

    public SummaryCounters {
        connectionsClosed = Map.copyOf(connectionsClosed);
    }

    /**
     * Reads the counters out of a summary JSON file.
     *
     * @throws IllegalArgumentException when the file is not a run summary (no {@code handshakes_per_1k}, or the
     *     {@code handshakes_per_1000} of earlier versions)
     */
    public static SummaryCounters read(Path summary) throws IOException {
        JsonNode json;
        try {
            json = new ObjectMapper().readTree(summary.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException(summary + " is not JSON: " + e.getMessage(), e);
        }
        // Summaries written before the figures had one name each call it handshakes_per_1000.
        JsonNode perThousand = json == null ? null : json.has(FigureNames.HANDSHAKES_PER_1K)
                ? json.get(FigureNames.HANDSHAKES_PER_1K) : json.get("handshakes_per_1000");
        if (perThousand == null || !perThousand.isNumber() && !perThousand.isNull()) {
            throw new IllegalArgumentException(summary + " is not a run summary (proxybench run --json): it has no "
                    + FigureNames.HANDSHAKES_PER_1K);
        }
        Map<String, Long> closed = new TreeMap<>();
        json.path("connections_closed").properties().forEach(e -> closed.put(e.getKey(), e.getValue().asLong()));
        return new SummaryCounters(perThousand.isNull() ? null : perThousand.asDouble(), closed);
    }

    /** Closes counted for {@code reason}, 0 when none. */
    long closed(String reason) {
        return connectionsClosed.getOrDefault(reason, 0L);
    }
}
