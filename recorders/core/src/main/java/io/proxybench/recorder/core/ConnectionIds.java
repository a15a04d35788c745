package io.proxybench.recorder.core;

import java.util.Map;
import java.util.WeakHashMap;

/**
 * Numbers the connections of one {@link Recorder}'s file, from 1, in the order calls first ran on them. A connection
 * is whatever object a client gives a recorder for it (a connection, its endpoint details); it is held weakly, so
 * a closed connection's entry goes when the client drops it: the map holds the connections the client still holds,
 * never one entry per request. Keys are compared with {@code equals}, which the clients' connection types leave
 * as identity. Thread-safe.
 */
public final class ConnectionIds {

    /**
     * The id a call's connection has, and whether the call is the first that ran on it.
     *
     * @param id the connection's id in the file, from 1
     * @param first whether no call ran on the connection before this one
     */
    public record Seen(long id, boolean first) {}

    private final Map<Object, Long> ids = new WeakHashMap<>();
    private long last;

    /**
     * The id of {@code connection}, numbered now if no call ran on it before.
     *
     * @param connection the object that stands for the connection; held weakly
     * @return its id, and whether this is the first call that ran on it
     */
    public synchronized Seen see(Object connection) {
        Long id = ids.get(connection);
        if (id != null) {
            return new Seen(id, false);
        }
        long fresh = ++last;
        ids.put(connection, fresh);
        return new Seen(fresh, true);
    }

    /**
     * A new id for a connection a recorder numbers itself (one that carries its own id, so nothing here holds it).
     *
     * @return the next id in this file
     */
    public synchronized long next() {
        return ++last;
    }

    /**
     * Connections held now (those the clients have not dropped yet).
     *
     * @return how many connections are numbered and still held by their clients
     */
    public synchronized int size() {
        return ids.size();
    }
}
