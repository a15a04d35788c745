package io.proxybench.client.proxy;

import java.time.Duration;
import java.util.Objects;

/**
 * The session a request asks a gateway for, as carried in proxy credentials.
 *
 * <p>Invariants: {@code id} is null exactly when {@code kind} is {@link SessionKind#ROTATING}; {@code lifetime}
 * is only set for {@link SessionKind#SESSION} (null means the gateway's default); {@code country} is null or two
 * upper-case letters.
 */
public record SessionParams(SessionKind kind, String id, Duration lifetime, String country) {

    public static final SessionParams ROTATING = new SessionParams(SessionKind.ROTATING, null, null, null);

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

    public boolean sticky() {
        return kind != SessionKind.ROTATING;
    }

    /**
     * The credential suffix that asks for this session, e.g. {@code _session-abc_lifetime-10m_country-US};
     * empty for plain rotation. Appending it to a password (or username) and parsing gives this value back.
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
