package io.proxybench.experiments.bytes;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.proxybench.client.ProxyResponse;
import java.util.List;

/**
 * Mean wire bytes of one request of a kind, from the client's counters: TCP payload below every TLS layer, so the
 * CONNECT exchange and both TLS handshakes count, IP and TCP headers do not.
 *
 * @param samples requests measured
 * @param out mean bytes sent
 * @param in mean bytes received
 * @param total {@code out + in}
 * @param handshake mean bytes of the CONNECT exchange and the TLS handshake within {@code total}; 0 on a reused tunnel
 */
public record BytesPerRequest(
        @JsonProperty("samples") int samples,
        @JsonProperty("out") double out,
        @JsonProperty("in") double in,
        @JsonProperty("total") double total,
        @JsonProperty("handshake") double handshake) {

    /** The means over {@code responses}, which must not be empty. */
    public static BytesPerRequest of(List<ProxyResponse> responses) {
        if (responses.isEmpty()) {
            throw new IllegalArgumentException("no responses to measure");
        }
        double out = responses.stream().mapToLong(ProxyResponse::bytesOut).average().orElseThrow();
        double in = responses.stream().mapToLong(ProxyResponse::bytesIn).average().orElseThrow();
        double handshake = responses.stream().mapToLong(ProxyResponse::handshakeBytes).average().orElseThrow();
        return new BytesPerRequest(responses.size(), out, in, out + in, handshake);
    }

    /** {@link #total} rounded to whole bytes, for projections. */
    public long roundedTotal() {
        return Math.round(total);
    }
}
