package io.proxybench.audit;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * The clients audit, as measured.
 *
 * @param date the day it ran, ISO 8601
 * @param java the Java runtime it ran on
 * @param where the gateway and target, e.g. the embedded lab
 * @param requests requests per load
 * @param inFlight most requests handed to a client at once
 * @param loads each client at defaults, then with its limits raised
 * @param isolation each client with one client for two sessions, then with its workaround
 * @param requirements what a client needed beyond its defaults to use the gateway at all, set for all its runs, by
 *     client
 */
public record ClientsResult(
        @JsonProperty("date") String date,
        @JsonProperty("java") String java,
        @JsonProperty("where") String where,
        @JsonProperty("requests") int requests,
        @JsonProperty("in_flight") int inFlight,
        @JsonProperty("loads") List<LoadRow> loads,
        @JsonProperty("isolation") List<IsolationRow> isolation,
        @JsonProperty("requirements") Map<String, String> requirements) {}
