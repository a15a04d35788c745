package io.proxybench.analysis.doctor;

import java.util.Arrays;
import java.util.BitSet;

/**
 * The connection ids of one client: for each, the pool key that last used it (by the key's number, from 1) and
 * whether a request opened it. A client numbers its connections from 1, so this takes 4 bytes and a bit per
 * connection up to the largest id seen, whatever the records; ids outside {@code [0, LIMIT)} are not tracked (never
 * used, never opened), which bounds it at 64 MiB.
 */
final class ConnIds {
    /** Ids from here on are not tracked: 2^24. */
    static final long LIMIT = 1L << 24;

    private int[] keys = new int[1024];
    private final BitSet opened = new BitSet();

    /** Whether {@code id} is within the ids tracked. */
    static boolean tracked(long id) {
        return id >= 0 && id < LIMIT;
    }

    /** The number of the key that last used {@code id}; 0 when none did, or the id is not tracked. */
    int lastKey(long id) {
        return tracked(id) && id < keys.length ? keys[(int) id] : 0;
    }

    /** Records that key number {@code key} (from 1) used {@code id}. */
    void use(long id, int key) {
        if (!tracked(id)) {
            return;
        }
        if (id >= keys.length) {
            keys = Arrays.copyOf(keys, (int) Math.min(LIMIT, Math.max(2L * keys.length, id + 1)));
        }
        keys[(int) id] = key;
    }

    /** Records that a request opened {@code id}; whether one had opened it before (false for an id not tracked). */
    boolean open(long id) {
        if (!tracked(id)) {
            return false;
        }
        boolean before = opened.get((int) id);
        opened.set((int) id);
        return before;
    }
}
