package io.proxybench.harness.schedule;

import java.util.Arrays;

/** Every time a schedule hands out, in order. */
final class ScheduleTimes {

    private ScheduleTimes() {
    }

    /** Drains the schedule, then checks that it stays exhausted. */
    static long[] drain(ArrivalSchedule schedule) {
        long[] times = new long[1024];
        int n = 0;
        for (long t = schedule.nextFireTimeNanos(); t != ArrivalSchedule.NONE; t = schedule.nextFireTimeNanos()) {
            if (n == times.length) {
                times = Arrays.copyOf(times, n * 2);
            }
            times[n++] = t;
        }
        if (schedule.nextFireTimeNanos() != ArrivalSchedule.NONE) {
            throw new AssertionError("schedule handed out a time after " + ArrivalSchedule.NONE);
        }
        return Arrays.copyOf(times, n);
    }
}
