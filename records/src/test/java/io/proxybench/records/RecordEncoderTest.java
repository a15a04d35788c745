package io.proxybench.records;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RecordEncoderTest {
    private final RecordEncoder encoder = new RecordEncoder();

    @Test
    void writesTheFieldsJacksonWritesInItsOrderAndTheyReadBackAsTheSameRecord() throws Exception {
        for (RequestRecord r : List.of(RequestRecordJsonTest.FULL, RequestRecordJsonTest.FAILED,
                RequestRecordJsonTest.REDIRECT)) {
            String line = encode(r);
            assertThat(names(line)).isEqualTo(names(Jsonl.MAPPER.writeValueAsString(r)));
            assertThat(Jsonl.MAPPER.readValue(line, RequestRecord.class)).isEqualTo(r);
        }
    }

    @Test
    void aTimeMadeFromNanosecondsIsWrittenAsTheirDecimalAndReadsBackExactly() throws Exception {
        RequestRecord r = RequestRecord.builder(45_708 / 1e9, 6_449_948 / 1e9).startLag(0.0)
                .total(1_000_000_000L / 1e9).request(-1_500 / 1e9).build();
        String line = encode(r);
        assertThat(line).startsWith("{\"sched\":0.000045708,\"done\":0.006449948,\"start_lag\":0.0,")
                .contains("\"request\":-0.0000015,\"total\":1.0}");
        assertThat(Jsonl.MAPPER.readValue(line, RequestRecord.class)).isEqualTo(r);
    }

    @Test
    void everyOtherDoubleReadsBackAsItself() throws Exception {
        SplittableRandom random = new SplittableRandom(25);
        List<Double> odd = new ArrayList<>(List.of(-0.0, 1e-12, 0.1 + 0.2, 1e300, 2e7 + 0.25, Double.MIN_VALUE,
                (double) (1L << 60) / 1e9, Long.MIN_VALUE / 1e9, -1.5, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY));
        for (int i = 0; i < 2_000; i++) {
            odd.add(random.nextDouble() * Math.pow(10, random.nextInt(-6, 8)));
            odd.add(random.nextLong(0, 100_000_000_000L) / 1e9);
        }
        for (double value : odd) {
            RequestRecord r = RequestRecord.builder(value, value).startLag(value).tcp(value).build();
            assertThat(Jsonl.MAPPER.readValue(encode(r), RequestRecord.class)).as("%s", value).isEqualTo(r);
            assertThat(Jsonl.MAPPER.readTree(encode(r))).as("%s", value)
                    .isEqualTo(Jsonl.MAPPER.readTree(Jsonl.MAPPER.writeValueAsString(r)));
        }
    }

    @Test
    void textIsEscapedAsJsonAndTheBufferIsReusedLineAfterLine() throws Exception {
        RequestRecord text = RequestRecord.builder(1, 2).body("é \"quoted\" \\ tab\t line\n 😀 \u0001")
                .session("half \ud800 a pair").build();
        RequestRecord small = RequestRecord.builder(3, 4).status(204).conn(Long.MIN_VALUE).attempt(-2)
                .reused(false).challenge(true).build();
        assertThat(Jsonl.MAPPER.readValue(encode(text), RequestRecord.class)).isEqualTo(text);
        assertThat(encode(small)).isEqualTo("{\"sched\":3.0,\"done\":4.0,\"start_lag\":0.0,\"status\":204,"
                + "\"reused\":false,\"conn\":-9223372036854775808,\"attempt\":-2,\"challenge\":true}");
        assertThat(Jsonl.MAPPER.readValue(encode(small), RequestRecord.class)).isEqualTo(small);
        // The bytes the UTF-8 generator wrote before: an unpaired surrogate is escaped there.
        encoder.encode(text);
        assertThat(Arrays.copyOf(encoder.bytes(), encoder.length())).isEqualTo(Jsonl.MAPPER.writeValueAsBytes(text));
    }

    private String encode(RequestRecord r) {
        encoder.encode(r);
        return new String(encoder.bytes(), 0, encoder.length(), StandardCharsets.UTF_8);
    }

    private static List<String> names(String json) throws Exception {
        List<String> names = new ArrayList<>();
        JsonNode node = Jsonl.MAPPER.readTree(json);
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
