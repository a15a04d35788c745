package io.proxybench.client.internal.call;

import io.proxybench.client.internal.connect.Route;

/**
 * Where a call goes and what it is counted under.
 *
 * @param route the pool key, with its keep-alive
 * @param exit the exit label (proxy user, endpoint and session; never a password), or {@code direct}
 * @param session the sticky session id the credentials asked for, null when rotating, direct or unreadable
 * @param hostHeader the origin's Host header
 */
record Routed(Route route, String exit, String session, String hostHeader) {}
