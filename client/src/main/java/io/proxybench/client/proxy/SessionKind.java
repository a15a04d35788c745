package io.proxybench.client.proxy;

/**
 * How a gateway maps a session to exits, named as in commercial rotating/sticky pools.
 *
 * <p>{@link #ROTATING}: no session, a new exit per tunnel (and per plain-HTTP request). {@link #SESSION}: one
 * exit for the session's lifetime, replaced early if it goes offline. {@link #HARD}: one exit for as long as it
 * stays online. {@link #LOCKED}: one exit, never replaced; requests fail while it is offline.
 */
public enum SessionKind {
    /** No session: a new exit per tunnel (and per plain-HTTP request). */
    ROTATING(null),
    /** {@code session-ID}: one exit for the session's lifetime, replaced early if it goes offline. */
    SESSION("session"),
    /** {@code hardsession-ID}: one exit for as long as it stays online. */
    HARD("hardsession"),
    /** {@code lockedsession-ID}: one exit, never replaced; requests fail while it is offline. */
    LOCKED("lockedsession");

    private final String keyword;

    SessionKind(String keyword) {
        this.keyword = keyword;
    }

    /**
     * The credential keyword ({@code session}, {@code hardsession}, {@code lockedsession}); null for rotating.
     *
     * @return the keyword, or null for {@link #ROTATING}
     */
    public String keyword() {
        return keyword;
    }
}
