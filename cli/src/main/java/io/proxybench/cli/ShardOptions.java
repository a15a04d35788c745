package io.proxybench.cli;

import io.proxybench.harness.Durations;
import io.proxybench.harness.schedule.ArrivalSchedule;
import io.proxybench.harness.schedule.ExecutionSegment;
import io.proxybench.harness.schedule.SegmentSequence;
import io.proxybench.records.HdrLogMerge;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/**
 * {@code run}'s options for one shard of a run spread over several processes: which part of the global schedule
 * this process fires ({@code --segment} and {@code --segment-sequence}, or {@code --shard I/N} for N equal parts),
 * and the wall time every shard starts at ({@code --start-at}).
 */
final class ShardOptions {

    /** How late past {@code --start-at} a shard may begin, in milliseconds, before it refuses to run. */
    static final long LATE_LIMIT_MILLIS = 1_000;
    /** The most shards {@code --shard} cuts a schedule into. */
    static final int MAX_SHARDS = 10_000;

    private static final Pattern SHARD = Pattern.compile("(\\d+)/(\\d+)");

    @Option(names = "--segment", paramLabel = "FROM:TO",
            description = {"Fire only this shard's part of the schedule (k6's execution segment), e.g. 0:1/4 or"
                    + " 1/4:1/2; fractions, decimals or percentages.",
                "Shards whose segments tile 0:1 and share one --segment-sequence fire every request of the schedule"
                    + " once between them, each at its global time (Poisson too, with one --seed). Records and the"
                    + " interval log name the segment; proxybench merge joins them."})
    String segment;

    @Option(names = "--segment-sequence", paramLabel = "POINTS",
            description = "The cut points every shard shares, e.g. 0,1/4,1/2,3/4,1 (default: 0, the segment's ends"
                    + " and 1, as in k6; give every shard the same one when the segments differ in size).")
    String segmentSequence;

    @Option(names = "--shard", paramLabel = "I/N",
            description = "Shard I (from 0) of N equal ones: --shard 1/4 is --segment 1/4:2/4 --segment-sequence"
                    + " 0,1/4,2/4,3/4,1 (e.g. --shard $(JOB_COMPLETION_INDEX)/4 in a Kubernetes Indexed Job).")
    String shard;

    @Option(names = "--start-at", paramLabel = "INSTANT",
            description = "Wait until this UTC time (e.g. 2026-11-30T14:00:00Z) before the schedule starts, so that"
                    + " shards started apart run as one; a shard more than 1 s late refuses to run.")
    String startAt;

    private ExecutionSegment part = ExecutionSegment.WHOLE;
    private SegmentSequence sequence;
    private Instant start;

    /**
     * Reads the options; without them the process fires the whole schedule at once.
     *
     * @param closedLoop whether the run is a closed loop, which has no schedule to split
     */
    void read(boolean closedLoop) {
        if (shard != null && (segment != null || segmentSequence != null)) {
            throw new IllegalArgumentException("--shard " + shard + " replaces --segment and --segment-sequence;"
                    + " give one or the other");
        }
        if (startAt != null) {
            start = startAt(startAt);
        }
        if (segment == null && shard == null) {
            if (segmentSequence != null) {
                throw new IllegalArgumentException("--segment-sequence goes with --segment, the part this shard fires");
            }
            return;
        }
        if (closedLoop) {
            throw new IllegalArgumentException((shard != null ? "--shard" : "--segment") + " splits an open-loop"
                    + " schedule; shard a closed loop by giving each process its own --closed-loop workers");
        }
        if (shard != null) {
            readShard();
            return;
        }
        part = ExecutionSegment.parse(segment);
        sequence = segmentSequence == null ? SegmentSequence.around(part) : SegmentSequence.parse(segmentSequence);
        sequence.indexOf(part);
    }

    private void readShard() {
        Matcher m = SHARD.matcher(shard);
        int index;
        int count;
        try {
            if (!m.matches()) {
                throw new NumberFormatException();
            }
            index = Integer.parseInt(m.group(1));
            count = Integer.parseInt(m.group(2));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--shard " + shard + " is not I/N, shard I (from 0) of N, e.g. 0/4");
        }
        if (count < 1 || count > MAX_SHARDS || index >= count) {
            throw new IllegalArgumentException("--shard " + shard + ": I must be from 0 to N-1 and N from 1 to "
                    + MAX_SHARDS + ", e.g. 0/4 to 3/4 for four shards");
        }
        sequence = SegmentSequence.even(count);
        part = sequence.segments().get(index);
    }

    /** This process's share of the schedule, 1 when it fires all of it. */
    double share() {
        return part.share();
    }

    /** The part of {@code global} this process fires. */
    ArrivalSchedule of(ArrivalSchedule global) {
        return sequence == null ? global : ArrivalSchedule.segment(global, part, sequence);
    }

    /** {@code 1/4:1/2 of 0,1/4,1/2,1} for a shard, written into its records and interval log; null otherwise. */
    String text() {
        return sequence == null ? null : part + " of " + sequence;
    }

    /**
     * The interval log's comments: the segment, and {@code --start-at}, which every shard of one run shares, so that
     * {@code merge} can tell shards of one run from files of another.
     */
    List<String> logComments() {
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
     * Refuses a {@code --start-at} that this shard cannot make: passed more than {@link #LATE_LIMIT_MILLIS} ago,
     * or too soon for {@code warmUp} (the timed part of {@code --warmup}, zero without one) to end before it.
     */
    void checkStart(Duration warmUp) {
        if (start == null) {
            return;
        }
        Instant now = Instant.now();
        long passedMillis = Duration.between(start, now).toMillis();
        if (passedMillis > LATE_LIMIT_MILLIS) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "--start-at %s passed %.1f s ago: this"
                    + " shard would fire late and crowd its share into less time; give every shard a later time",
                    startAt, passedMillis / 1e3));
        }
        long lateMillis = Duration.between(start, now.plus(warmUp)).toMillis();
        if (lateMillis > LATE_LIMIT_MILLIS) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "--start-at %s comes before the warm-up"
                    + " (--warmup, %s) could end (%.1f s short); give every shard a later time, or a shorter"
                    + " --warmup (sessions or none for no timed part)", startAt, Durations.format(warmUp),
                    lateMillis / 1e3));
        }
    }

    /** The {@code --start-at} instant; null without one. */
    Instant start() {
        return start;
    }

    /** The instant a {@code --start-at} names; a bad argument names the form it takes. */
    static Instant startAt(String text) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("--start-at " + text + " is not a UTC time such as"
                    + " 2026-11-30T14:00:00Z");
        }
    }
}
