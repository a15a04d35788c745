package io.proxybench.harness.schedule;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which part of a run spread over several processes this one fires, as {@code run} is given it: {@code --segment}
 * and {@code --segment-sequence}, or {@code --shard I/N} for N equal parts, and the wall time every shard starts at
 * ({@code --start-at}), each as text, null when not given. {@link #read} checks them together; its messages name
 * the settings as the command line spells them, which {@code alternate}'s windows share.
 *
 * @param shard {@code I/N}: shard I (from 0) of N equal ones
 * @param segment {@code FROM:TO}, an {@link ExecutionSegment}
 * @param segmentSequence the cut points every shard shares, a {@link SegmentSequence}
 * @param startAt a UTC instant such as {@code 2026-11-30T14:00:00Z}
 */
public record ShardSettings(String shard, String segment, String segmentSequence, String startAt) {

    /** The most shards {@code --shard} cuts a schedule into. */
    public static final int MAX_SHARDS = 10_000;

    private static final Pattern SHARD = Pattern.compile("(\\d+)/(\\d+)");

    /** Whether a part of the schedule was asked for, by {@code --shard} or {@code --segment}. */
    public boolean splits() {
        return shard != null || segment != null;
    }

    /**
     * This process's part; without a shard or segment, the whole schedule.
     *
     * @param closedLoop whether the run is a closed loop, which has no schedule to split
     * @throws IllegalArgumentException naming the setting at fault and the fix
     */
    public ShardPart read(boolean closedLoop) {
        if (shard != null && (segment != null || segmentSequence != null)) {
            throw new IllegalArgumentException("--shard " + shard + " replaces --segment and --segment-sequence;"
                    + " give one or the other");
        }
        Instant start = startAt == null ? null : startAt(startAt);
        if (segment == null && shard == null) {
            if (segmentSequence != null) {
                throw new IllegalArgumentException("--segment-sequence goes with --segment, the part this shard fires");
            }
            return new ShardPart(ExecutionSegment.WHOLE, null, start, startAt);
        }
        if (closedLoop) {
            throw new IllegalArgumentException((shard != null ? "--shard" : "--segment") + " splits an open-loop"
                    + " schedule; shard a closed loop by giving each process its own --closed-loop workers");
        }
        if (shard != null) {
            return readShard(start);
        }
        ExecutionSegment part = ExecutionSegment.parse(segment);
        SegmentSequence sequence = segmentSequence == null ? SegmentSequence.around(part)
                : SegmentSequence.parse(segmentSequence);
        sequence.indexOf(part);
        return new ShardPart(part, sequence, start, startAt);
    }

    /** Shard I of N equal ones, from {@code --shard I/N}. */
    private ShardPart readShard(Instant start) {
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
        SegmentSequence sequence = SegmentSequence.even(count);
        return new ShardPart(sequence.segments().get(index), sequence, start, startAt);
    }

    /** The instant a {@code --start-at} names; a bad argument names the form it takes. */
    public static Instant startAt(String text) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("--start-at " + text + " is not a UTC time such as"
                    + " 2026-11-30T14:00:00Z");
        }
    }
}
