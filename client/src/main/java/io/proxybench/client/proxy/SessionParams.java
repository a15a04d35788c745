package io.proxybench.client.proxy;

import java.time.Duration;
import java.util.Objects;

/**
 * The session a request asks a gateway for, as carried in proxy credentials.
 *
 * <p>Invariants: {@code id} is null exactly when {@code kind} is {@link SessionKind#ROTATING}; {@code lifetime}
 * is only set for {@link SessionKind#SESSION} (null means the gateway's default); {@code country} is null or two
 * upper-case letters.
 *
 * @param kind how the gateway maps the session to exits
 * @param id the session id, null exactly for {@link SessionKind#ROTATING}
 * @param lifetime how long the gateway keeps the session's exit, a whole number of seconds, at least 1; null for the
 *     gateway's default, and always for kinds other than {@link SessionKind#SESSION}
 * @param country the exit's country, two upper-case letters (e.g. {@code US}), or null for any
 */
public record SessionParams(SessionKind kind, String id, Duration lifetime, String country) {

    /** Plain rotation: no session, lifetime or country. */
    public static final SessionParams ROTATING = new SessionParams(SessionKind.ROTATING, null, null, null);

    /**
     * Checks the invariants on kind, id and lifetime; the country is taken as given.
     *
     * @param kind how the gateway maps the session to exits
     * @param id the session id, null exactly for {@link SessionKind#ROTATING}
     * @param lifetime whole seconds, at least 1, for {@link SessionKind#SESSION} only; or null
     * @param country two upper-case letters, or null
     * @throws IllegalArgumentException if {@code id} is missing for a sticky kind or given for rotation, or
     *     {@code lifetime} is given for a kind other than {@link SessionKind#SESSION} or is not a whole number of
     *     seconds, at least 1
     * @throws NullPointerException if {@code kind} is null
     */
    public SessionParams {
        Objects.requireNonNull(kind, "kind");
        if ((kind == SessionKind.ROTATING) != (id == null)) {
            throw new IllegalArgumentException("a session id is required exactly for sticky kinds, got " + kind);
        }
        if (lifetime != null && kind != SessionKind.SESSION) {
            throw new IllegalArgumentException("lifetime applies to 'session' only, not " + kind);
        }
        if (lifetime != null && (lifetime.getNano() != 0 || lifetime.getSeconds() < 1)) {
            throw new IllegalArgumentException("lifetime " + lifetime + " must be a whole number of seconds, at least 1");
        }
    }

    /**
     * Whether this asks for a session, so for one exit across requests.
     *
     * @return true for every kind but {@link SessionKind#ROTATING}
     */
    public boolean sticky() {
        return kind != SessionKind.ROTATING;
    }

    /**
     * The credential suffix that asks for this session, e.g. {@code _session-abc_lifetime-10m_country-US};
     * empty for plain rotation. Appending it to a password (or username) and parsing gives this value back.
     *
     * @return the suffix, starting with {@code _}, or empty
     */
    public String suffix() {
        StringBuilder out = new StringBuilder();
        if (sticky()) {
            out.append('_').append(kind.keyword()).append('-').append(id);
        }
        if (lifetime != null) {
            out.append("_lifetime-").append(SessionSyntax.formatLifetime(lifetime));
        }
        if (country != null) {
            out.append("_country-").append(country);
        }
        return out.toString();
    }
}
