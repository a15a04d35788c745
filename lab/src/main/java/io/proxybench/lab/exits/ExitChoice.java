package io.proxybench.lab.exits;

import java.time.Duration;

/**
 * The exit chosen for one tunnel (or one forward request), and since when that exit has been setting up for the
 * caller. A rotating choice starts its setup now. A sticky session's exit started its setup when the session was
 * bound to it, so the session's later tunnels find the exit set up (or part of the way there): seed 002's "a sticky
 * session keeps the same exit node, and its later tunnels set up faster".
 *
 * @param setupSinceNanos when the exit began its setup for this caller, on the clock passed to
 *     {@link SessionTable#exitFor}
 */
public record ExitChoice(Exit exit, long setupSinceNanos) {

    /**
     * How much of an exit setup of length {@code setup} is left at {@code nowNanos}, in nanoseconds: all of it for
     * a choice made now, none once {@code setup} has passed since {@link #setupSinceNanos}.
     */
    public long setupLeftNanos(Duration setup, long nowNanos) {
        return Math.max(0, setup.toNanos() - (nowNanos - setupSinceNanos));
    }
}
