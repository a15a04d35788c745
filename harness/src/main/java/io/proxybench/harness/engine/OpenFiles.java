package io.proxybench.harness.engine;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.OptionalLong;

/**
 * The open-files check made before a run: each request in flight holds a socket, so a limit below the planned
 * concurrency fails requests on the client with EMFILE before they reach the proxy (seed 002 lost 66% of a run
 * that way). Better to refuse to start, naming the fix.
 */
public final class OpenFiles {

    /** Descriptors kept free for the JVM, logs and output files. */
    static final long HEADROOM = 128;

    private OpenFiles() {}

    /**
     * The problem with running {@code plannedInFlight} requests under {@code limit} open files, if there is one.
     *
     * @return a one-line message naming the numbers and the fix, or null when the limit is enough
     */
    static String problem(long plannedInFlight, long limit) {
        long needed = plannedInFlight + HEADROOM;
        if (limit >= needed) {
            return null;
        }
        // The JVM raises its soft limit to the hard one at start, so the limit seen here is usually the hard one.
        return "the open-files limit is " + limit + " but about " + plannedInFlight + " requests may be in flight"
                + " (each holds a socket; " + needed + " descriptors needed): raise it with 'ulimit -n "
                + Math.max(needed, 65535) + "' in this shell (above the hard limit only as root, or through"
                + " /etc/security/limits.conf or LimitNOFILE), or lower the concurrency with --max-in-flight";
    }

    /** Checks this process's limit; throws {@link IllegalStateException} with {@link #problem}'s message. */
    public static void check(long plannedInFlight) {
        OptionalLong limit = limit();
        if (limit.isPresent()) {
            String problem = problem(plannedInFlight, limit.getAsLong());
            if (problem != null) {
                throw new IllegalStateException(problem);
            }
        }
    }

    /** This process's open-files limit, where the platform tells it. */
    static OptionalLong limit() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
            return OptionalLong.of(unix.getMaxFileDescriptorCount());
        }
        return OptionalLong.empty();
    }
}
