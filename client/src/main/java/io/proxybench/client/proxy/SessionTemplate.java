package io.proxybench.client.proxy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How a provider wants a session written into proxy credentials, e.g. {@code {pass}_session-{id}} (the password
 * becomes {@code pass_session-ID}) or {@code {user}-session-{id}} (the username becomes {@code user-session-ID}).
 *
 * <p>Invariants: {@code text} holds exactly one of {@code {user}} or {@code {pass}} (the field it rewrites, see
 * {@link #field()}), exactly one {@code {id}}, and at most one each of {@code {lifetime}} and {@code {country}};
 * other text is copied literally and must not contain braces. {@code lifetime} is null or a positive whole number of
 * seconds, and is set only if the text has {@code {lifetime}}; {@code country} is null or two upper-case letters,
 * and is set only if the text has {@code {country}}. {@link #apply} additionally requires a value for each of those
 * placeholders present. Nothing here holds a secret, so {@link #toString()} is safe to log.
 *
 * @param text the template, e.g. {@code {pass}_session-{id}_lifetime-{lifetime}}
 * @param lifetime the value for {@code {lifetime}}, or null when none is set
 * @param country the value for {@code {country}}, upper-cased, or null when none is set
 */
public record SessionTemplate(String text, Duration lifetime, String country) {

    /**
     * The form the seeds' provider and the embedded lab read, the session appended to the password: the default of
     * every command's {@code --session-template}.
     */
    public static final String DEFAULT_TEXT = "{pass}_session-{id}";

    /** The credential field a template rewrites. */
    enum Field {
        /** The username: the template holds {@code {user}}. */
        USER,
        /** The password: the template holds {@code {pass}}. */
        PASSWORD
    }

    private static final String USER = "{user}";
    private static final String PASS = "{pass}";
    private static final String ID = "{id}";
    private static final String LIFETIME = "{lifetime}";
    private static final String COUNTRY = "{country}";
    private static final List<String> PLACEHOLDERS = List.of(USER, PASS, ID, LIFETIME, COUNTRY);
    private static final String FORMS = "a template holds {user} or {pass} (the field it rewrites), {id}, and"
            + " optionally {lifetime} and {country}, e.g. " + DEFAULT_TEXT + ", {user}-session-{id},"
            + " {pass}_session-{id}_lifetime-{lifetime} or {user}-country-{country}-session-{id}";
    private static final Pattern SESSION_ID = Pattern.compile("[A-Za-z0-9]{1,64}");
    private static final Pattern COUNTRY_CODE = Pattern.compile("[A-Za-z]{2}");

    /**
     * Checks the invariants and upper-cases {@code country}.
     *
     * @param text the template
     * @param lifetime the value for {@code {lifetime}}, or null
     * @param country the value for {@code {country}}, two letters in either case, or null
     * @throws IllegalArgumentException naming the fault: one of {@link #parse}'s in the text, a lifetime that is not a
     *     positive whole number of seconds, a country that is not two letters, or a value set for a placeholder the
     *     text lacks
     */
    public SessionTemplate {
        List<String> placeholders = placeholders(text);
        if (lifetime != null) {
            if (lifetime.isNegative() || lifetime.isZero() || lifetime.getNano() != 0) {
                throw new IllegalArgumentException("session lifetime " + lifetime
                        + " must be a positive whole number of seconds, e.g. Duration.ofMinutes(10)");
            }
            if (!placeholders.contains(LIFETIME)) {
                throw new IllegalArgumentException("template '" + text + "' has no {lifetime} placeholder;"
                        + " add one (e.g. _lifetime-{lifetime}) or set no lifetime");
            }
        }
        if (country != null) {
            if (!COUNTRY_CODE.matcher(country).matches()) {
                throw new IllegalArgumentException("country '" + country + "' must be a two-letter code such as US");
            }
            country = country.toUpperCase(Locale.ROOT);
            if (!placeholders.contains(COUNTRY)) {
                throw new IllegalArgumentException("template '" + text + "' has no {country} placeholder;"
                        + " add one (e.g. -country-{country}) or set no country");
            }
        }
    }

    /**
     * Reads a template; no lifetime or country is set yet.
     *
     * @param text the template, e.g. {@code {pass}_session-{id}} or {@code {user}-country-{country}-session-{id}}
     * @return the template
     * @throws IllegalArgumentException naming the fault (unknown placeholder, missing {@code {id}}, both or neither
     *     of {@code {user}} and {@code {pass}}, a repeated placeholder, a stray brace) and the accepted forms
     */
    public static SessionTemplate parse(String text) {
        return new SessionTemplate(text, null, null);
    }

    /**
     * This template with the value for {@code {lifetime}}, rendered as the shortest {@code N[smh]}.
     *
     * @param lifetime a positive whole number of seconds
     * @return a new template
     * @throws IllegalArgumentException if {@code lifetime} is not a positive whole number of seconds or the text has
     *     no {@code {lifetime}}
     */
    public SessionTemplate withLifetime(Duration lifetime) {
        return new SessionTemplate(text, Objects.requireNonNull(lifetime, "lifetime"), country);
    }

    /**
     * This template with the value for {@code {country}}, a two-letter code (upper-cased).
     *
     * @param country two letters, e.g. {@code US} or {@code de}
     * @return a new template
     * @throws IllegalArgumentException if {@code country} is not two letters or the text has no {@code {country}}
     */
    public SessionTemplate withCountry(String country) {
        return new SessionTemplate(text, lifetime, Objects.requireNonNull(country, "country"));
    }

    /**
     * The credential field this template rewrites; the other one is left as it is.
     *
     * @return {@link Field#USER} for a text with {@code {user}}, else {@link Field#PASSWORD}
     */
    Field field() {
        return placeholders(text).contains(USER) ? Field.USER : Field.PASSWORD;
    }

    /**
     * The account with session {@code id} written into the field this template rewrites.
     *
     * @param base the account as configured, without a session
     * @param id 1 to 64 letters and digits, as {@link SessionRouter} produces
     * @return a new account: {@code base} with the rewritten field
     * @throws IllegalArgumentException if the id is malformed or a placeholder present has no value set
     */
    public ProxyCredentials apply(ProxyCredentials base, String id) {
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(id, "id");
        if (!SESSION_ID.matcher(id).matches()) {
            throw new IllegalArgumentException("session id '" + id + "' must be 1 to 64 letters and digits");
        }
        StringBuilder out = new StringBuilder();
        for (String part : split(text)) {
            switch (part) {
                case USER -> out.append(base.user());
                case PASS -> out.append(base.password());
                case ID -> out.append(id);
                case LIFETIME -> out.append(SessionSyntax.formatLifetime(required(lifetime, LIFETIME,
                        "withLifetime(Duration)")));
                case COUNTRY -> out.append(required(country, COUNTRY, "withCountry(String)"));
                default -> out.append(part);
            }
        }
        return field() == Field.USER
                ? new ProxyCredentials(out.toString(), base.password())
                : new ProxyCredentials(base.user(), out.toString());
    }

    /**
     * The proxy with session {@code id} written into its credentials, as {@link #apply(ProxyCredentials, String)}.
     *
     * @param proxy the proxy as configured, with credentials
     * @param id 1 to 64 letters and digits, as {@link SessionRouter} produces
     * @return the same proxy with the rewritten account
     * @throws IllegalArgumentException if the proxy has no credentials to carry the session, or as
     *     {@link #apply(ProxyCredentials, String)}
     */
    public ProxySpec apply(ProxySpec proxy, String id) {
        Objects.requireNonNull(proxy, "proxy");
        if (proxy.credentials() == null) {
            throw new IllegalArgumentException("proxy " + proxy + " has no credentials, but sessions are written"
                    + " into them; the proxy URL needs user:pass for sessions, e.g. http://user:pass@"
                    + proxy.endpoint());
        }
        return proxy.withCredentials(apply(proxy.credentials(), id));
    }

    private <T> T required(T value, String placeholder, String setter) {
        if (value == null) {
            throw new IllegalArgumentException("template '" + text + "' has " + placeholder + " but no value for it;"
                    + " call " + setter + " or drop " + placeholder);
        }
        return value;
    }

    /** The placeholders of a template, in order, after checking them against the invariants. */
    private static List<String> placeholders(String text) {
        if (text == null || text.isBlank()) {
            throw bad(text, "it is empty");
        }
        List<String> found = new ArrayList<>();
        for (String part : split(text)) {
            if (part.startsWith("{")) {
                if (!PLACEHOLDERS.contains(part)) {
                    throw bad(text, "unknown placeholder " + part);
                }
                if (found.contains(part)) {
                    throw bad(text, part + " appears more than once");
                }
                found.add(part);
            }
        }
        if (found.contains(USER) == found.contains(PASS)) {
            throw bad(text, found.contains(USER) ? "it has both {user} and {pass}; keep the one the provider"
                    + " rewrites" : "it has neither {user} nor {pass}, so it does not say which field to rewrite");
        }
        if (!found.contains(ID)) {
            throw bad(text, "it has no {id}, so every request would ask for the same session");
        }
        return found;
    }

    /** Literal runs and {@code {name}} placeholders, in order; a stray or unclosed brace is an error. */
    private static List<String> split(String text) {
        List<String> parts = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            int open = text.indexOf('{', i);
            int close = text.indexOf('}', i);
            if (close >= 0 && (open < 0 || close < open)) {
                throw bad(text, "'}' at position " + close + " has no '{' before it");
            }
            if (open < 0) {
                parts.add(text.substring(i));
                break;
            }
            if (open > i) {
                parts.add(text.substring(i, open));
            }
            int nextOpen = text.indexOf('{', open + 1);
            if (close < 0 || (nextOpen >= 0 && nextOpen < close)) {
                throw bad(text, "'{' at position " + open + " is not closed");
            }
            parts.add(text.substring(open, close + 1));
            i = close + 1;
        }
        return parts;
    }

    private static IllegalArgumentException bad(String text, String problem) {
        return new IllegalArgumentException("session template '" + text + "': " + problem + "; " + FORMS);
    }
}
