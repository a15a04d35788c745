package io.proxybench.harness.schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.commons.lang3.math.Fraction;

/**
 * The cut points that every shard of a run shares, k6's execution segment sequence, e.g. {@code 0,1/4,1/2,1}: they
 * decide which shard fires which request of the global schedule. Request {@code i} goes to the segment that owns
 * position {@code i mod L} of a cycle, {@code L} being the least common denominator of the points; in each cycle, a
 * segment of length {@code s} owns exactly {@code s * L} positions, handed out so that each segment's positions are
 * spread evenly through the cycle (every next position goes to the segment furthest behind its share).
 *
 * @param points the cut points, strictly increasing from 0 to 1
 */
public record SegmentSequence(List<Fraction> points) {

    /** Longest cycle accepted: a sequence's least common denominator beyond this is refused by name. */
    static final int MAX_CYCLE = 1 << 20;

    public SegmentSequence {
        points = List.copyOf(points);
        if (points.size() < 2 || !points.get(0).equals(Fraction.ZERO)
                || !points.get(points.size() - 1).equals(Fraction.ONE)) {
            throw new IllegalArgumentException("segment sequence " + text(points) + " must start at 0 and end at 1,"
                    + " e.g. 0,1/4,1/2,1");
        }
        for (int k = 1; k < points.size(); k++) {
            if (points.get(k).compareTo(points.get(k - 1)) <= 0) {
                throw new IllegalArgumentException("segment sequence " + text(points) + " must increase strictly,"
                        + " e.g. 0,1/4,1/2,1");
            }
        }
        cycle(points);
    }

    /** Reads {@code 0,1/4,1/2,1} (fractions, decimals or percentages). */
    public static SegmentSequence parse(String text) {
        List<Fraction> points = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            points.add(ExecutionSegment.point(part, text).reduce());
        }
        return new SegmentSequence(points);
    }

    /** {@code 0,1/n,2/n,...,1}: {@code n} equal segments, as {@code run --shard I/N} cuts a schedule. */
    public static SegmentSequence even(int n) {
        List<Fraction> points = new ArrayList<>();
        for (int i = 0; i <= n; i++) {
            points.add(Fraction.getReducedFraction(i, n));
        }
        return new SegmentSequence(points);
    }

    /**
     * k6's default when a shard names no sequence: {@code 0}, the segment's ends and {@code 1}. Shards that each use
     * their own default agree only when their segments are the halves, thirds, ... of one split; give every shard
     * the same {@code --segment-sequence} otherwise.
     */
    public static SegmentSequence around(ExecutionSegment segment) {
        TreeSet<Fraction> points = new TreeSet<>(List.of(Fraction.ZERO, segment.from(), segment.to(), Fraction.ONE));
        return new SegmentSequence(new ArrayList<>(points));
    }

    /** Which of this sequence's segments {@code segment} is; it must be one of them. */
    public int indexOf(ExecutionSegment segment) {
        int k = points.indexOf(segment.from());
        if (k < 0 || k + 1 >= points.size() || !points.get(k + 1).equals(segment.to())) {
            throw new IllegalArgumentException("segment " + segment + " is not one of the sequence " + text(points)
                    + "'s segments; pick two neighbouring points, e.g. " + points.get(0) + ":" + points.get(1));
        }
        return k;
    }

    /** The segments, in order. */
    public List<ExecutionSegment> segments() {
        List<ExecutionSegment> out = new ArrayList<>();
        for (int k = 1; k < points.size(); k++) {
            out.add(new ExecutionSegment(points.get(k - 1), points.get(k)));
        }
        return out;
    }

    /**
     * For each position of a cycle, the index of the segment that owns it. Each next position goes to the segment
     * whose owned count falls furthest below its share of the positions so far (ties to the first such segment).
     */
    int[] owners() {
        int cycle = cycle(points);
        int n = points.size() - 1;
        long[] share = new long[n];
        for (int k = 0; k < n; k++) {
            Fraction length = points.get(k + 1).subtract(points.get(k));
            share[k] = (long) length.getNumerator() * (cycle / length.getDenominator());
        }
        long[] owned = new long[n];
        int[] owners = new int[cycle];
        for (int j = 0; j < cycle; j++) {
            int best = 0;
            long bestDeficit = Long.MIN_VALUE;
            for (int k = 0; k < n; k++) {
                // Deficit after j + 1 positions, scaled by the cycle: share * (j + 1) / cycle - owned.
                long deficit = share[k] * (j + 1) - owned[k] * cycle;
                if (deficit > bestDeficit) {
                    best = k;
                    bestDeficit = deficit;
                }
            }
            owners[j] = best;
            owned[best]++;
        }
        return owners;
    }

    /** The least common denominator of the points: the length of a cycle. */
    private static int cycle(List<Fraction> points) {
        long lcd = 1;
        for (Fraction p : points) {
            long d = p.getDenominator();
            lcd = lcd / gcd(lcd, d) * d;
            if (lcd > MAX_CYCLE) {
                throw new IllegalArgumentException("segment sequence " + text(points) + " has a least common"
                        + " denominator above " + MAX_CYCLE + "; use fractions with smaller denominators");
            }
        }
        return (int) lcd;
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    private static String text(List<Fraction> points) {
        return points.stream().map(ExecutionSegment::text).collect(Collectors.joining(","));
    }

    @Override
    public String toString() {
        return text(points);
    }
}
