package io.proxybench.client.internal.pool;

import java.time.Duration;

/**
 * A pool key: {@code name} decides sharing, {@code exit} the per-exit cap, {@code keepAlive} the key's own keep-alive
 * (null for the pool's).
 */
record TestKey(String name, String exit, Duration keepAlive) {

    TestKey(String name, String exit) {
        this(name, exit, null);
    }

    @Override
    public String toString() {
        return name + "@" + exit;
    }
}
