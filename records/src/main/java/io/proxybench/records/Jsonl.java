package io.proxybench.records;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.module.blackbird.BlackbirdModule;

/** The JSON mapper shared by {@link JsonlWriter} and {@link RecordStream}. */
final class Jsonl {
    /**
     * Thread-safe once configured; unknown fields (e.g. from newer or foreign harnesses) are ignored, anything after
     * a line's value is an error (it would be a record lost). Doubles are written and read by Jackson's fast
     * routines: what is written reads back as the same double, and text reads as {@link Double#parseDouble} reads
     * it.
     */
    static final ObjectMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
            .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
            .addModule(new BlackbirdModule())
            .build();

    private Jsonl() {
    }
}
