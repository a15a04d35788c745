package io.proxybench.client.proxy;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The session a request asks a gateway for, as a {@link Dialect} writes it into proxy credentials or reads it out.
 *
 * <p>Invariants: {@code id} is null exactly when {@code kind} is {@link SessionKind#ROTATING}; {@code lifetime} is
 * only set for {@link SessionKind#SESSION} (null means the gateway's default) and is a whole number of seconds, at
 * least 1; {@code country} is null or two upper-case letters; {@code state} and {@code city} are null or lower-case
 * letters, digits and {@code _}; {@code asn} is null or positive. Targeting ({@code country}, {@code state},
 * {@code city}, {@code asn}) applies to rotating requests as well as to sessions.
 *
 * @param kind how the gateway maps the session to exits
 * @param id the session id, null exactly for {@link SessionKind#ROTATING}
 * @param lifetime how long the gateway keeps the session's exit; null for the gateway's default, and always for kinds
 *     other than {@link SessionKind#SESSION}
 * @param country the exit's country, two upper-case letters (e.g. {@code US}), or null for any
 * @param state the exit's state or region, e.g. {@code california}, or null for any
 * @param city the exit's city, e.g. {@code new_york}, or null for any
 * @param asn the exit's autonomous system number, or null for any
 */
public record SessionParams(SessionKind kind, String id, Duration lifetime, String country, String state, String city,
        Integer asn) {

    /** Plain rotation: no session, lifetime or targeting. */
    public static final SessionParams ROTATING = rotating(null);

    private static final Pattern COUNTRY = Pattern.compile("[A-Za-z]{2}");
    private static final Pattern PLACE = Pattern.compile("[a-z0-9_]{1,64}");

    /**
     * Checks the invariants and upper-cases the country.
     *
     * @param kind how the gateway maps the session to exits
     * @param id the session id, null exactly for {@link SessionKind#ROTATING}
     * @param lifetime whole seconds, at least 1, for {@link SessionKind#SESSION} only; or null
     * @param country two letters in either case, or null
     * @param state lower-case letters, digits and {@code _}, or null
     * @param city lower-case letters, digits and {@code _}, or null
     * @param asn positive, or null
     * @throws IllegalArgumentException naming the value at fault
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
        if (country != null) {
            if (!COUNTRY.matcher(country).matches()) {
                throw new IllegalArgumentException("country '" + country + "' must be a two-letter code such as US");
            }
            country = country.toUpperCase(Locale.ROOT);
        }
        checkPlace("state", state);
        checkPlace("city", city);
        if (asn != null && asn <= 0) {
            throw new IllegalArgumentException("asn " + asn + " must be a positive AS number, e.g. 7922");
        }
    }

    /**
     * The lab grammar's four: kind, id, lifetime and country, no other targeting.
     *
     * @param kind how the gateway maps the session to exits
     * @param id the session id, null exactly for {@link SessionKind#ROTATING}
     * @param lifetime whole seconds, at least 1, for {@link SessionKind#SESSION} only; or null
     * @param country two letters, or null
     */
    public SessionParams(SessionKind kind, String id, Duration lifetime, String country) {
        this(kind, id, lifetime, country, null, null, null);
    }

    /**
     * Rotation, optionally in one country.
     *
     * @param country two letters, or null for any
     * @return a rotating session
     */
    public static SessionParams rotating(String country) {
        return new SessionParams(SessionKind.ROTATING, null, null, country, null, null, null);
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
     * Whether any targeting is set: a country, state, city or ASN.
     *
     * @return true when the gateway is asked to pick exits from part of its pool
     */
    public boolean targeted() {
        return country != null || state != null || city != null || asn != null;
    }

    /**
     * The session in the lab's grammar, as a label for reports, e.g. {@code _session-abc_lifetime-10m_country-US};
     * empty for plain rotation. It is the same whatever dialect wrote the credentials, so reports compare across
     * providers; appended to a password, {@link Dialect#lab()} reads it back when it has no state or city.
     *
     * @return the suffix, starting with {@code _}, or empty
     */
    public String suffix() {
        StringBuilder out = new StringBuilder();
        if (sticky()) {
            out.append('_').append(kind.keyword()).append('-').append(id);
        }
        if (lifetime != null) {
            out.append("_lifetime-").append(formatLifetime(lifetime));
        }
        append(out, "country", country);
        append(out, "state", state);
        append(out, "city", city);
        append(out, "asn", asn);
        return out.toString();
    }

    /**
     * The shortest {@code N[smh]} form of a whole number of seconds.
     *
     * @param lifetime a positive whole number of seconds; any fraction is ignored
     * @return e.g. {@code 2h}, {@code 10m} or {@code 90s}
     */
    public static String formatLifetime(Duration lifetime) {
        long s = lifetime.getSeconds();
        if (s % 3600 == 0) {
            return s / 3600 + "h";
        }
        return s % 60 == 0 ? s / 60 + "m" : s + "s";
    }

    private static void append(StringBuilder out, String key, Object value) {
        if (value != null) {
            out.append('_').append(key).append('-').append(value);
        }
    }

    private static void checkPlace(String what, String value) {
        if (value != null && !PLACE.matcher(value).matches()) {
            throw new IllegalArgumentException(what + " '" + value + "' must be 1 to 64 lower-case letters, digits"
                    + " and _, e.g. new_york");
        }
    }
}
