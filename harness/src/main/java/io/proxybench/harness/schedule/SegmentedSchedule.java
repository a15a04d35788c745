package io.proxybench.harness.schedule;

/**
 * One shard's part of a global schedule: the global schedule's requests, in order, of which it hands out those whose
 * index falls on its segment's positions of the sequence's cycle (see {@link SegmentSequence}). Every shard walks the
 * whole global schedule, so a random one (Poisson) gives each shard the same times to pick from.
 */
final class SegmentedSchedule implements ArrivalSchedule {

    private final ArrivalSchedule global;
    private final ExecutionSegment segment;
    private final SegmentSequence sequence;
    private final int[] owners;
    private final int index;
    /** The cycle positions this segment owns, in order. */
    private final int[] positions;
    private long globalIndex;

    SegmentedSchedule(ArrivalSchedule global, ExecutionSegment segment, SegmentSequence sequence) {
        this.global = global;
        this.segment = segment;
        this.sequence = sequence;
        this.index = sequence.indexOf(segment);
        this.owners = sequence.owners();
        int owned = 0;
        for (int owner : owners) {
            owned += owner == index ? 1 : 0;
        }
        this.positions = new int[owned];
        for (int j = 0, k = 0; j < owners.length; j++) {
            if (owners[j] == index) {
                positions[k++] = j;
            }
        }
    }

    @Override
    public long nextFireTimeNanos() {
        while (true) {
            long t = global.nextFireTimeNanos();
            if (t == NONE) {
                return NONE;
            }
            if (owns(globalIndex++)) {
                return t;
            }
        }
    }

    private boolean owns(long i) {
        return owners[(int) (i % owners.length)] == index;
    }

    /** Request {@code n} of this shard is the global schedule's request at its owned position of its cycle. */
    @Override
    public long globalIndex(long n) {
        return n / positions.length * owners.length + positions[(int) (n % positions.length)];
    }

    /** This shard's count of a global count known in advance: whole cycles, then the owned part of the last. */
    @Override
    public long plannedCount() {
        long total = global.plannedCount();
        if (total == NONE) {
            return NONE;
        }
        long count = total / owners.length * positions.length;
        for (int j = 0; j < total % owners.length; j++) {
            count += owners[j] == index ? 1 : 0;
        }
        return count;
    }

    @Override
    public String describe() {
        return global.describe() + ", segment " + segment + " of " + sequence;
    }
}
