package io.proxybench.client.internal.call;

import io.proxybench.client.internal.exchange.ClientConnection;

/** The connection an attempt got, and whether it was open before (reused) or opened for it. */
record Acquired(ClientConnection connection, boolean reused) {}
