package io.proxybench.harness.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * The calls of a run that have no record yet: a list threaded through the calls themselves ({@link Call#prev},
 * {@link Call#next}), so that listing one makes no object. Calls are added by the thread that sends them and removed
 * by the one that records them, so every change holds this object's lock.
 */
final class UnrecordedCalls {

    /** The latest call added; null when there is none. */
    private Call head;
    private volatile int size;

    synchronized void add(Call call) {
        call.next = head;
        if (head != null) {
            head.prev = call;
        }
        head = call;
        size++;
    }

    /** Removes {@code call}; a call not in the list (never added, or removed already) leaves it as it is. */
    synchronized void remove(Call call) {
        if (call.prev == null && head != call) {
            return;
        }
        if (call.prev != null) {
            call.prev.next = call.next;
        } else {
            head = call.next;
        }
        if (call.next != null) {
            call.next.prev = call.prev;
        }
        call.prev = null;
        call.next = null;
        size--;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The calls listed now, latest first; a copy, so the list may change while it is walked. */
    synchronized List<Call> snapshot() {
        List<Call> calls = new ArrayList<>(size);
        for (Call call = head; call != null; call = call.next) {
            calls.add(call);
        }
        return calls;
    }
}
