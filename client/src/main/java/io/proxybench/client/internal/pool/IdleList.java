package io.proxybench.client.internal.pool;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Connections with nothing in flight, least recently idle first: a doubly-linked list whose nodes belong to the
 * connections (one per list a connection can be in), so that the add and the remove each request makes allocate and
 * hash nothing. Guarded by the pool's lock. Iterating is safe while the element just returned is removed.
 */
final class IdleList<T> implements Iterable<T> {

    /** A connection's place in one list: linked when {@code prev != null}. */
    static final class Node<T> {
        private final T value;
        private Node<T> prev;
        private Node<T> next;

        Node(T value) {
            this.value = value;
        }

        T value() {
            return value;
        }
    }

    /** Sentinel: {@code head.next} is the least recently idle, {@code head.prev} the most recently. */
    private final Node<T> head = new Node<>(null);
    private int size;

    IdleList() {
        head.prev = head;
        head.next = head;
    }

    /** Appends {@code node} as the most recently idle; one already in the list keeps its place. */
    void add(Node<T> node) {
        if (node.prev != null) {
            return;
        }
        node.prev = head.prev;
        node.next = head;
        head.prev.next = node;
        head.prev = node;
        size++;
    }

    /** Takes {@code node} out of the list, if it is in it. */
    void remove(Node<T> node) {
        if (node.prev == null) {
            return;
        }
        node.prev.next = node.next;
        node.next.prev = node.prev;
        node.prev = null;
        node.next = null;
        size--;
    }

    /** The least recently idle, or null when the list is empty. */
    T oldest() {
        return head.next.value;
    }

    int size() {
        return size;
    }

    void clear() {
        while (head.next != head) {
            remove(head.next);
        }
    }

    /** The most recently idle's node, or null when the list is empty; {@link #older} walks on, allocating nothing. */
    Node<T> newest() {
        return head.prev == head ? null : head.prev;
    }

    /** The node of the one idle just before {@code node}'s (a node in this list), or null when it is the oldest. */
    Node<T> older(Node<T> node) {
        return node.prev == head ? null : node.prev;
    }

    /** Least recently idle first. */
    @Override
    public Iterator<T> iterator() {
        return new Iterator<>() {
            private Node<T> next = head.next;

            @Override
            public boolean hasNext() {
                return next != head;
            }

            @Override
            public T next() {
                if (next == head) {
                    throw new NoSuchElementException();
                }
                Node<T> current = next;
                next = current.next;
                return current.value;
            }
        };
    }
}
