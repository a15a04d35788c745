package io.proxybench.analysis.compare;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One line of {@code alternate}'s index {@code windows.jsonl}: a window that finished. Lines are appended as windows
 * finish, in the order they ran, so an interrupted command keeps every finished window. No proxy URL appears.
 *
 * @param round the round, from 1
 * @param label the provider's label
 * @param file the records file, relative to the index's folder, e.g. {@code a/window-01.jsonl}; its interval log
 *     is beside it with {@code .hlog} appended
 * @param started when the window's run was launched (UTC, ISO-8601, milliseconds)
 * @param ended when the window's run returned, its last request answered or timed out
 * @param records the run's records: every scheduled request has one
 * @param ok the records with status 200
 */
public record WindowEntry(
        @JsonProperty("round") int round,
        @JsonProperty("label") String label,
        @JsonProperty("file") String file,
        @JsonProperty("started") String started,
        @JsonProperty("ended") String ended,
        @JsonProperty("records") long records,
        @JsonProperty("ok") long ok) {

    /** The index's file name in the folder {@code alternate} writes. */
    public static final String INDEX = "windows.jsonl";
}
