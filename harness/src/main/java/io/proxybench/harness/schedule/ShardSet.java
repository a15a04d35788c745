package io.proxybench.harness.schedule;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks that files meant as the shards of one run are that: each names one segment of one shared sequence (as
 * {@code run --segment} writes it, {@code 1/4:1/2 of 0,1/4,1/2,1}), and together they hold every segment of the
 * sequence exactly once. A file may hold several segments (the output of {@code proxybench merge}), each then in no
 * other file. Files that name no segment at all are taken as they are, merged without a check.
 */
public final class ShardSet {

    /** What one file says about its segment. */
    public record Shard(String file, Set<String> segments) {}

    private ShardSet() {}

    /**
     * Checks {@code shards}.
     *
     * @throws IllegalArgumentException naming the file or segment that is wrong: a file without one among files
     *     with one, two sequences, a segment held twice or missing
     */
    public static void check(List<Shard> shards) {
        // Each segment with the file it came from; a merged file brings several.
        Map<String, String> fileOfText = new LinkedHashMap<>();
        String unmarked = null;
        for (Shard s : shards) {
            if (s.segments().isEmpty()) {
                unmarked = unmarked == null ? s.file() : unmarked;
            }
            for (String text : s.segments()) {
                String other = fileOfText.putIfAbsent(text, s.file());
                if (other != null) {
                    throw new IllegalArgumentException("segment " + text + " is in both " + other + " and "
                            + s.file() + ": a shard counted twice");
                }
            }
        }
        if (fileOfText.isEmpty()) {
            return;
        }
        if (unmarked != null) {
            Map.Entry<String, String> first = fileOfText.entrySet().iterator().next();
            throw new IllegalArgumentException(unmarked + " names no segment, but " + first.getValue()
                    + " holds segment " + first.getKey() + "; analyze the shards of one run together, and a run of"
                    + " the whole schedule alone");
        }
        SegmentSequence sequence = null;
        String sequenceFile = null;
        Map<ExecutionSegment, String> fileOf = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : fileOfText.entrySet()) {
            String text = e.getKey();
            int of = text.indexOf(" of ");
            if (of < 0) {
                throw new IllegalArgumentException(e.getValue() + " names segment '" + text + "', not FROM:TO of"
                        + " POINTS as run --segment writes it");
            }
            ExecutionSegment segment = ExecutionSegment.parse(text.substring(0, of));
            SegmentSequence seq = SegmentSequence.parse(text.substring(of + " of ".length()));
            if (sequence == null) {
                sequence = seq;
                sequenceFile = e.getValue();
            } else if (!sequence.equals(seq)) {
                throw new IllegalArgumentException(e.getValue() + " cuts the schedule at " + seq + " but "
                        + sequenceFile + " at " + sequence + "; shards of one run share one --segment-sequence");
            }
            String other = fileOf.putIfAbsent(segment, e.getValue());
            if (other != null) {
                throw new IllegalArgumentException("segment " + segment + " is written two ways, in " + other
                        + " and " + e.getValue() + ": a shard counted twice");
            }
        }
        for (ExecutionSegment segment : sequence.segments()) {
            if (!fileOf.containsKey(segment)) {
                throw new IllegalArgumentException("segment " + segment + " of " + sequence + " is missing: no file"
                        + " holds its records");
            }
        }
    }
}
