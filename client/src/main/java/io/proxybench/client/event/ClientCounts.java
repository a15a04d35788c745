package io.proxybench.client.event;

import java.util.Map;

/**
 * A client's counters at one moment: in total and per exit label (proxy user, endpoint and session; never a
 * password), ordered by label.
 *
 * @param total every exit together
 * @param perExit the same counts per exit label
 */
public record ClientCounts(Counts total, Map<String, Counts> perExit) {}
