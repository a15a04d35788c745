package io.proxybench.experiments.keepalive;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * Seed 001's cold-share table and the measurement next to it.
 *
 * @param formula {@code exp(-T / gap)} for each gap and keep-alive of the table, gap by gap
 * @param sigmas the tolerance of each measured row, in standard errors
 * @param rowSeconds how long each measured row's schedule ran, seconds (the rows run at once)
 * @param measured one row per measured keep-alive and gap
 */
public record KeepAliveResult(
        @JsonProperty("formula") List<KeepAliveFormulaCell> formula,
        @JsonProperty("sigmas") double sigmas,
        @JsonProperty("row_seconds") double rowSeconds,
        @JsonProperty("measured") List<KeepAliveRow> measured) {}
