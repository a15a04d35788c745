package io.proxybench.client.pool;

/** A pool key: {@code name} decides sharing, {@code exit} the per-exit cap. */
record TestKey(String name, String exit) {

    @Override
    public String toString() {
        return name + "@" + exit;
    }
}
