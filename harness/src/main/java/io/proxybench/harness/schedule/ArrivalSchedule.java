package io.proxybench.harness.schedule;

import java.time.Duration;
import java.util.List;

/**
 * When each request of an open-loop run is scheduled to start. The schedule is pure: it never reads a clock,
 * so the harness compares these times with its own clock and counts latency from them.
 *
 * <p>An instance is a cursor: each call to {@link #nextFireTimeNanos()} consumes one request. Not thread-safe.
 */
public interface ArrivalSchedule {

    /** Returned by {@link #nextFireTimeNanos()} once the schedule is exhausted, and by {@link #plannedCount()} when unknown. */
    long NONE = -1;

    /**
     * The scheduled start of the next request, in nanoseconds from the run's start: 0-based and non-decreasing
     * across calls, or {@link #NONE} once every request has been handed out (and on every later call).
     */
    long nextFireTimeNanos();

    /** How many requests the schedule hands out in all, or {@link #NONE} when that is random. */
    long plannedCount();

    /** One line for reports, e.g. {@code constant 200/s for 20s}. */
    String describe();

    /**
     * The index, in the whole run's schedule, of this schedule's request {@code n} (0-based): {@code n} itself
     * unless this is one shard's part of a schedule. A request's identity (its URL, its session) follows this
     * index, so that shards send what one process would have sent.
     */
    default long globalIndex(long n) {
        return n;
    }

    /** Request {@code i} at {@code i / ratePerSec} seconds, for every such time before {@code duration}. */
    static ArrivalSchedule constant(double ratePerSec, Duration duration) {
        return new ConstantRate(new Stage(ratePerSec, duration), 0);
    }

    /** Each stage at its constant rate, back to back: a stage starts exactly where the previous one ends. */
    static ArrivalSchedule stages(List<Stage> stages) {
        return new Stages(stages);
    }

    /**
     * Groups of {@code size} requests sharing one scheduled time, at 0, {@code every}, 2·{@code every}, ... for
     * every such time before {@code duration}.
     */
    static ArrivalSchedule bursts(int size, Duration every, Duration duration) {
        return new Bursts(size, every, duration);
    }

    /**
     * Poisson arrivals: exponentially distributed gaps with mean {@code 1 / ratePerSec} seconds, for every time
     * before {@code duration}. The same seed gives the same times.
     */
    static ArrivalSchedule poisson(double ratePerSec, Duration duration, long seed) {
        return new Poisson(new Stage(ratePerSec, duration), seed);
    }

    /**
     * The part of {@code global} that one shard fires: the requests whose positions {@code sequence} gives to
     * {@code segment}. Shards with the segments of one sequence fire every request of {@code global} exactly once
     * between them, at its global time.
     *
     * @throws IllegalArgumentException when {@code segment} is not one of {@code sequence}'s segments
     */
    static ArrivalSchedule segment(ArrivalSchedule global, ExecutionSegment segment, SegmentSequence sequence) {
        return new SegmentedSchedule(global, segment, sequence);
    }

    /**
     * Parses the CLI form {@code RATE:DURATION[,RATE:DURATION...]}, e.g. {@code 100/s:10s,500/s:20s}.
     *
     * @throws IllegalArgumentException naming the bad part and the expected form
     */
    static List<Stage> parseStages(String spec) {
        return StageSyntax.parse(spec);
    }
}
