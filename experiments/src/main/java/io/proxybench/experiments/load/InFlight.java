package io.proxybench.experiments.load;

/**
 * How many requests an experiment may keep in flight at once. Each may hold a connection of its own (to the gateway,
 * and through it to the origin), so the bound is one on sockets too: one cap for every experiment's concurrency.
 */
public final class InFlight {

    /** Most requests in flight at once, per lane, mode or burst. */
    public static final int MAX = 1024;

    private InFlight() {}

    /**
     * {@code n}, checked to be 1 to {@link #MAX}.
     *
     * @param option the command-line option {@code n} came from, named in the error
     * @throws IllegalArgumentException naming the option, its value and the range to use
     */
    public static int check(String option, int n) {
        if (n < 1 || n > MAX) {
            throw new IllegalArgumentException(option + " " + n + " is out of range: use 1 to " + MAX
                    + " (each request in flight may open a connection of its own)");
        }
        return n;
    }
}
