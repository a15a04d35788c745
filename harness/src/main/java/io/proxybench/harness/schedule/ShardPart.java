package io.proxybench.harness.schedule;

import io.proxybench.harness.Durations;
import io.proxybench.records.HdrLogMerge;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The part of a run's schedule this process fires, read by {@link ShardSettings#read}: a segment of a sequence that
 * every shard shares, or the whole schedule, and the wall time every shard starts at.
 *
 * @param part the segment fired; {@link ExecutionSegment#WHOLE} for the whole schedule
 * @param sequence the cut points every shard shares; null for a process that fires the whole schedule
 * @param start when the schedule starts; null to start at once
 * @param startAtText {@code start} as it was given, for messages; null with it
 */
public record ShardPart(ExecutionSegment part, SegmentSequence sequence, Instant start, String startAtText) {

    /** How late past its start a shard may begin, in milliseconds, before it refuses to run. */
    public static final long LATE_LIMIT_MILLIS = 1_000;

    /** This process's share of the schedule, 1 when it fires all of it. */
    public double share() {
        return part.share();
    }

    /** The part of {@code global} this process fires. */
    public ArrivalSchedule of(ArrivalSchedule global) {
        return sequence == null ? global : ArrivalSchedule.segment(global, part, sequence);
    }

    /** {@code 1/4:1/2 of 0,1/4,1/2,1} for a shard, written into its records and interval log; null otherwise. */
    public String text() {
        return sequence == null ? null : part + " of " + sequence;
    }

    /**
     * The interval log's comments: the segment, and the start, which every shard of one run shares, so that
     * {@code merge} can tell shards of one run from files of another.
     */
    public List<String> logComments() {
        List<String> comments = new ArrayList<>();
        if (sequence != null) {
            comments.add(HdrLogMerge.SEGMENT + text());
        }
        if (start != null) {
            comments.add(HdrLogMerge.START_AT + start);
        }
        return comments;
    }

    /**
     * Refuses a start that this shard cannot make at {@code now}: passed more than {@link #LATE_LIMIT_MILLIS} ago,
     * or too soon for {@code warmUp} (the timed part of {@code --warmup}, zero without one) to end before it.
     */
    public void checkStart(Duration warmUp, Instant now) {
        if (start == null) {
            return;
        }
        long passedMillis = Duration.between(start, now).toMillis();
        if (passedMillis > LATE_LIMIT_MILLIS) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "--start-at %s passed %.1f s ago: this"
                    + " shard would fire late and crowd its share into less time; give every shard a later time",
                    startAtText, passedMillis / 1e3));
        }
        long lateMillis = Duration.between(start, now.plus(warmUp)).toMillis();
        if (lateMillis > LATE_LIMIT_MILLIS) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "--start-at %s comes before the warm-up"
                    + " (--warmup, %s) could end (%.1f s short); give every shard a later time, or a shorter"
                    + " --warmup (sessions or none for no timed part)", startAtText, Durations.format(warmUp),
                    lateMillis / 1e3));
        }
    }
}
