package io.proxybench.watch.live;

/**
 * A sticky session's observed life: from the first check that saw its exit to the last one before a check saw
 * another. A lower bound of the true life (the exit may have changed any time between two checks). Not
 * thread-safe: its owner's lock guards it.
 */
final class StickyLife {

    private String exit;
    private double firstSeen;
    private double lastSeen;
    private double lastLife = Double.NaN;

    /** A sticky check at {@code seconds} (any clock, the same for every call) that saw {@code ip}. */
    void seen(String ip, double seconds) {
        if (exit == null) {
            exit = ip;
            firstSeen = lastSeen = seconds;
        } else if (exit.equals(ip)) {
            lastSeen = seconds;
        } else {
            lastLife = lastSeen - firstSeen;
            exit = ip;
            firstSeen = lastSeen = seconds;
        }
    }

    /** How long the current session has kept its exit, seconds; NaN before any. */
    double age() {
        return exit == null ? Double.NaN : lastSeen - firstSeen;
    }

    /** The last ended session's observed life, seconds; NaN until one ends. */
    double lastLife() {
        return lastLife;
    }
}
