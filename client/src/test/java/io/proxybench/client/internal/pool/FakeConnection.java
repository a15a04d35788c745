package io.proxybench.client.internal.pool;

import io.proxybench.client.event.CloseReason;
import java.util.ArrayList;
import java.util.List;

/** A connection that records how the pool closes it; {@code held} is the test's own count of requests on it. */
final class FakeConnection implements Poolable {

    final String name;
    final Object key;
    int maxConcurrent;
    /** Null: decided by {@link #maxConcurrent}, as by default; else what {@link #multiplexes()} says (an h2 stand-in). */
    Boolean multiplexes;
    boolean slotsKnown = true;
    /** What {@link #oneAtATime()} says: an HTTP/1.1 stand-in, whose {@link #maxConcurrent} then stays at most 1. */
    boolean oneAtATime;
    boolean open = true;
    int held;
    final List<CloseReason> closes = new ArrayList<>();
    /** {@link #held} at each close, parallel to {@link #closes}. */
    final List<Integer> heldAtClose = new ArrayList<>();

    FakeConnection(String name, Object key, int maxConcurrent) {
        this.name = name;
        this.key = key;
        this.maxConcurrent = maxConcurrent;
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public int maxConcurrentRequests() {
        return maxConcurrent;
    }

    @Override
    public boolean multiplexes() {
        return multiplexes != null ? multiplexes : Poolable.super.multiplexes();
    }

    @Override
    public boolean oneAtATime() {
        return oneAtATime;
    }

    @Override
    public boolean slotsKnown() {
        return slotsKnown;
    }

    @Override
    public void close(CloseReason reason) {
        closes.add(reason);
        heldAtClose.add(held);
        open = false;
    }

    @Override
    public String toString() {
        return name;
    }
}
