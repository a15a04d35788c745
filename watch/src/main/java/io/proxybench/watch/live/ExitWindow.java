package io.proxybench.watch.live;

import java.util.HashSet;
import java.util.Set;

/**
 * The exit IPs of the last {@link #SIZE} rotating checks that reported one: how many distinct exits and networks a
 * rotating provider gives right now (1 when rotation has stopped). A fixed ring, so its memory never grows. Not
 * thread-safe: its owner's lock guards it.
 */
final class ExitWindow {

    static final int SIZE = 100;

    private final String[] ips = new String[SIZE];
    private int next;
    private int filled;

    void add(String ip) {
        ips[next] = ip;
        next = (next + 1) % SIZE;
        filled = Math.min(SIZE, filled + 1);
    }

    /** Distinct exits in the window; 0 before any. */
    int exits() {
        Set<String> distinct = new HashSet<>();
        for (int i = 0; i < filled; i++) {
            distinct.add(ips[i]);
        }
        return distinct.size();
    }

    /** Distinct /24s (IPv6: /48s) in the window. */
    int subnets() {
        Set<String> distinct = new HashSet<>();
        for (int i = 0; i < filled; i++) {
            distinct.add(Subnets.of(ips[i]));
        }
        return distinct.size();
    }

    /** How many checks the window holds, up to {@link #SIZE}. */
    int filled() {
        return filled;
    }
}
