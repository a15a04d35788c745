package io.proxybench.recorder.labcheck;

import java.util.Set;

/**
 * Which record fields a recorder fills, by their JSON names.
 *
 * @param always present in every record of an answered request
 * @param onNewConnections present in every record whose request opened its connection ({@code reused} false)
 * @param never absent from every record: what the client does not let its recorder see
 */
public record Fields(Set<String> always, Set<String> onNewConnections, Set<String> never) {}
