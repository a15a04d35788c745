package io.proxybench.client.proxy;

import java.time.Duration;
import java.util.Objects;

/**
 * How a client writes sessions: a provider's {@link Dialect} and what every session asks for besides its id (a
 * lifetime, a country, a state, a city, an ASN). {@link #session(String)} gives the {@link SessionParams} for a
 * router's id, {@link #apply(ProxySpec, String)} the proxy with them written; the client keeps the former, so what
 * it reports and how long it keeps connections come from the values, never from parsing the credentials.
 *
 * <p>Invariants: the dialect can write every value set here (checked when the template is made, with the dialect's
 * message); {@code lifetime} is null or a positive whole number of seconds; {@code country} is null or two upper-case
 * letters. Nothing here holds a secret, so {@link #toString()} is safe to log.
 *
 * @param dialect how sessions are written, e.g. {@code Dialect.named("oxylabs")}
 * @param lifetime every session's lifetime, or null for the provider's default
 * @param country the exits' country, or null for any
 * @param state the exits' state or region, or null for any
 * @param city the exits' city, or null for any
 * @param asn the exits' AS number, or null for any
 */
public record SessionTemplate(Dialect dialect, Duration lifetime, String country, String state, String city,
        Integer asn) {

    /**
     * The form the seeds' provider and the embedded lab read, the session appended to the password: the default of
     * every command's {@code --session-template}.
     */
    public static final String DEFAULT_TEXT = "{pass}_session-{id}";

    /**
     * Checks that the dialect can write these values, and upper-cases {@code country}.
     *
     * @param dialect how sessions are written
     * @param lifetime a positive whole number of seconds, or null
     * @param country two letters, or null
     * @param state lower-case letters, digits and {@code _}, or null
     * @param city lower-case letters, digits and {@code _}, or null
     * @param asn positive, or null
     * @throws IllegalArgumentException naming the value the dialect cannot write, or a malformed one
     */
    public SessionTemplate {
        Objects.requireNonNull(dialect, "dialect");
        SessionParams trial = new SessionParams(SessionKind.SESSION, dialect.sessionId("trial"), lifetime, country,
                state, city, asn);
        country = trial.country();
        dialect.check(trial);
    }

    /**
     * A template for {@code dialect} with nothing but the session id set.
     *
     * @param dialect the provider's dialect
     * @return the template
     */
    public static SessionTemplate of(Dialect dialect) {
        return new SessionTemplate(dialect, null, null, null, null, null);
    }

    /**
     * A template written as text ({@link Dialect#template(String)}), with nothing but the session id set.
     *
     * @param text e.g. {@code {pass}_session-{id}} or {@code {user}-country-{country}-session-{id}}
     * @return the template
     * @throws IllegalArgumentException as {@link Dialect#template(String)}
     */
    public static SessionTemplate parse(String text) {
        return of(Dialect.template(text));
    }

    /**
     * This template with every session's lifetime.
     *
     * @param lifetime a positive whole number of seconds, within what the dialect can write
     * @return a new template
     * @throws IllegalArgumentException if the dialect cannot write it
     */
    public SessionTemplate withLifetime(Duration lifetime) {
        return new SessionTemplate(dialect, Objects.requireNonNull(lifetime, "lifetime"), country, state, city, asn);
    }

    /**
     * This template with the exits' country.
     *
     * @param country two letters, e.g. {@code US} or {@code de}
     * @return a new template
     * @throws IllegalArgumentException if it is not two letters or the dialect cannot write a country
     */
    public SessionTemplate withCountry(String country) {
        return new SessionTemplate(dialect, lifetime, Objects.requireNonNull(country, "country"), state, city, asn);
    }

    /**
     * This template with the exits' state or region.
     *
     * @param state lower-case letters, digits and {@code _}, as the provider names it, e.g. {@code us_california}
     * @return a new template
     * @throws IllegalArgumentException if it is malformed or the dialect cannot write a state
     */
    public SessionTemplate withState(String state) {
        return new SessionTemplate(dialect, lifetime, country, Objects.requireNonNull(state, "state"), city, asn);
    }

    /**
     * This template with the exits' city.
     *
     * @param city lower-case letters, digits and {@code _}, e.g. {@code new_york}
     * @return a new template
     * @throws IllegalArgumentException if it is malformed or the dialect cannot write a city
     */
    public SessionTemplate withCity(String city) {
        return new SessionTemplate(dialect, lifetime, country, state, Objects.requireNonNull(city, "city"), asn);
    }

    /**
     * This template with the exits' AS number.
     *
     * @param asn positive
     * @return a new template
     * @throws IllegalArgumentException if it is not positive or the dialect cannot write an ASN
     */
    public SessionTemplate withAsn(int asn) {
        return new SessionTemplate(dialect, lifetime, country, state, city, asn);
    }

    /**
     * The session a router's id asks for: the dialect's form of the id, and this template's values.
     *
     * @param routerId 1 to 64 letters and digits, as {@link SessionRouter} produces
     * @return the session, of kind {@link SessionKind#SESSION}
     */
    public SessionParams session(String routerId) {
        Objects.requireNonNull(routerId, "routerId");
        return new SessionParams(SessionKind.SESSION, dialect.sessionId(routerId), lifetime, country, state, city, asn);
    }

    /**
     * What a request without a session asks for: rotation, with this template's targeting.
     *
     * @return a rotating session, targeted as this template is
     */
    public SessionParams rotating() {
        return new SessionParams(SessionKind.ROTATING, null, null, country, state, city, asn);
    }

    /**
     * How long a session of this template keeps its exit: its lifetime, else the provider's documented default.
     *
     * @return the lifetime, or null when neither is known
     */
    public Duration effectiveLifetime() {
        return lifetime != null ? lifetime : dialect.rules().defaultLifetime();
    }

    /**
     * The account with the session for {@code routerId} written into it, as {@link #session(String)} gives it.
     *
     * @param base the account as configured, without a session
     * @param routerId 1 to 64 letters and digits, as {@link SessionRouter} produces
     * @return the credentials to send
     * @throws IllegalArgumentException if the dialect cannot write the id
     */
    public ProxyCredentials apply(ProxyCredentials base, String routerId) {
        return dialect.write(Objects.requireNonNull(base, "base"), session(routerId));
    }

    /**
     * The proxy with the session for {@code routerId} written into its credentials.
     *
     * @param proxy the proxy as configured, with credentials
     * @param routerId 1 to 64 letters and digits, as {@link SessionRouter} produces
     * @return the same proxy with the written account
     * @throws IllegalArgumentException if the proxy has no credentials to carry the session, or as
     *     {@link #apply(ProxyCredentials, String)}
     */
    public ProxySpec apply(ProxySpec proxy, String routerId) {
        Objects.requireNonNull(proxy, "proxy");
        if (proxy.credentials() == null) {
            throw new IllegalArgumentException("proxy " + proxy + " has no credentials, but sessions are written"
                    + " into them; the proxy URL needs user:pass for sessions, e.g. http://user:pass@"
                    + proxy.endpoint());
        }
        return proxy.withCredentials(apply(proxy.credentials(), routerId));
    }

    @Override
    public String toString() {
        return "SessionTemplate[" + dialect.name() + (lifetime == null ? "" : " lifetime=" + lifetime)
                + (country == null ? "" : " country=" + country) + (state == null ? "" : " state=" + state)
                + (city == null ? "" : " city=" + city) + (asn == null ? "" : " asn=" + asn) + "]";
    }
}
