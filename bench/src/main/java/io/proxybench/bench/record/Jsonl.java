package io.proxybench.bench.record;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/** The JSON mapper shared by {@link JsonlWriter} and {@link JsonlReader}. */
final class Jsonl {
    /** Thread-safe once configured; unknown fields (e.g. from newer or foreign harnesses) are ignored. */
    static final ObjectMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private Jsonl() {
    }
}
