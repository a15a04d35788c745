package io.proxybench.client.internal.dialect;

import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ParsedCredentials;
import io.proxybench.client.proxy.ProxyCredentials;
import io.proxybench.client.proxy.SessionKind;
import io.proxybench.client.proxy.SessionParams;
import io.proxybench.client.proxy.SessionRules;
import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The shape most providers share: the account, then {@code key-value} pairs, each joined on by one separator
 * character ({@code customer-USER-cc-US-sessid-abc}, {@code PASS_country-us_session-abc}).
 *
 * <p>Writing appends, in {@code keywords} order, each parameter the session sets; a parameter without a keyword here
 * is an error, never dropped. Reading splits a field on {@code splitter}; the account is everything before the first
 * token (after the first) that is a keyword; every token after it must pair up as keyword and value.
 *
 * <p>Invariants: {@code pairSeparator} and {@code valueSeparator} each match {@code splitter}; every written value
 * is free of separators (a state or city that would hold one is refused); the field written to is always read.
 */
final class KeyValueDialect implements Dialect {

    private static final Pattern COUNTRY = Pattern.compile("[A-Z]{2}");
    private static final Pattern PLACE = Pattern.compile("[a-z0-9_]{1,64}");
    private static final String PLACE_FORM = "1 to 64 letters, digits and _";

    /** A credential field. */
    enum Field { USER, PASSWORD }

    private final String name;
    private final SessionRules rules;
    private final Field writes;
    private final boolean readsBoth;
    private final char pairSeparator;
    private final char valueSeparator;
    private final Pattern splitter;
    private final Map<Param, String> keywords;
    private final Map<String, Param> byKeyword = new LinkedHashMap<>();
    private final Lifetimes lifetimes;
    private final Duration minLifetime;
    private final boolean lowerCase;
    private final String anyCountry;
    private final Map<String, String> countryAliases;
    private final char space;
    private final Pattern id;
    private final String idForm;
    private final SessionIds derived;
    private final String example;

    KeyValueDialect(KeyValueBuilder b) {
        this.name = b.name;
        this.rules = b.rules;
        this.writes = b.writes;
        this.readsBoth = b.readsBoth;
        this.pairSeparator = b.pairSeparator;
        this.valueSeparator = b.valueSeparator;
        this.splitter = Pattern.compile(b.valueSeparator == b.pairSeparator ? Pattern.quote(String.valueOf(
                b.pairSeparator)) : "[" + Pattern.quote(String.valueOf(b.pairSeparator))
                + Pattern.quote(String.valueOf(b.valueSeparator)) + "]");
        this.keywords = new LinkedHashMap<>(b.keywords);
        b.keywords.forEach((p, k) -> byKeyword.put(k, p));
        this.lifetimes = b.lifetimes;
        this.minLifetime = b.minLifetime;
        this.lowerCase = b.lowerCase;
        this.anyCountry = b.anyCountry;
        this.countryAliases = Map.copyOf(b.countryAliases);
        this.space = b.space;
        this.id = b.id;
        this.idForm = b.idForm;
        this.derived = b.derived;
        this.example = b.example;
    }

    static KeyValueBuilder builder(String name, SessionRules rules) {
        return new KeyValueBuilder(name, rules);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public SessionRules rules() {
        return rules;
    }

    @Override
    public String sessionId(String routerId) {
        return derived == null || id.matcher(routerId).matches() ? routerId : derived.derive(routerId);
    }

    @Override
    public ProxyCredentials write(ProxyCredentials account, SessionParams session) {
        for (Param p : Param.values()) {
            if (p.setIn(session) && !keywords.containsKey(p)) {
                throw new IllegalArgumentException(name + " has no " + p.label() + " parameter"
                        + (p.kind() != null ? " (" + p.kind().keyword() + " is the lab's)" : "") + "; drop it. "
                        + forms());
            }
        }
        if (session.sticky() && !id.matcher(session.id()).matches()) {
            throw new IllegalArgumentException(name + " session id '" + session.id() + "' must be " + idForm);
        }
        StringBuilder out = new StringBuilder(writes == Field.USER ? account.user() : account.password());
        for (Map.Entry<Param, String> e : keywords.entrySet()) {
            String value = written(e.getKey(), session);
            if (value == null && e.getKey() == Param.COUNTRY) {
                value = anyCountry;
            }
            if (value != null) {
                out.append(pairSeparator).append(e.getValue()).append(valueSeparator).append(value);
            }
        }
        return writes == Field.USER ? new ProxyCredentials(out.toString(), account.password())
                : new ProxyCredentials(account.user(), out.toString());
    }

    private String written(Param p, SessionParams s) {
        if (!p.setIn(s)) {
            return null;
        }
        return switch (p) {
            case SESSION, HARD_SESSION, LOCKED_SESSION -> s.id();
            case LIFETIME -> {
                checkBounds(s.lifetime(), false);
                yield lifetimes.format(s.lifetime(), name);
            }
            case COUNTRY -> {
                String code = countryAliases.getOrDefault(s.country(), s.country());
                yield lowerCase ? code.toLowerCase(Locale.ROOT) : code;
            }
            case STATE -> writtenPlace("state", s.state());
            case CITY -> writtenPlace("city", s.city());
            case ASN -> s.asn().toString();
        };
    }

    /** A state or city as written: {@code _} for a space becomes the provider's; refused if it holds a separator. */
    private String writtenPlace(String what, String value) {
        String written = value.replace('_', space);
        if (written.indexOf(pairSeparator) >= 0 || written.indexOf(valueSeparator) >= 0) {
            throw new IllegalArgumentException(name + " cannot write the " + what + " '" + value + "': its"
                    + " parameters are joined by '" + pairSeparator + "', so a name with a space (or '_') would not"
                    + " read back; give a one-word name");
        }
        return written;
    }

    private void checkBounds(Duration lifetime, boolean inPassword) {
        Duration max = rules.maxLifetime();
        if (lifetime.compareTo(minLifetime) < 0 || (max != null && lifetime.compareTo(max) > 0)) {
            String shown = inPassword ? "in the password" : SessionParams.formatLifetime(lifetime);
            throw new IllegalArgumentException(name + " session lifetime " + shown + " is outside "
                    + SessionParams.formatLifetime(minLifetime) + " to "
                    + (max == null ? "unbounded" : SessionParams.formatLifetime(max)) + ", as documented at "
                    + rules.documentation());
        }
    }

    @Override
    public ParsedCredentials read(String username, String password) {
        String user = username == null ? "" : username;
        String pass = password == null ? "" : password;
        Map<Param, String> found = new EnumMap<>(Param.class);
        Map<Param, Boolean> fromPassword = new EnumMap<>(Param.class);
        String userAccount = user;
        String passAccount = pass;
        if (readsBoth || writes == Field.USER) {
            userAccount = readField(user, false, found, fromPassword);
        }
        if (readsBoth || writes == Field.PASSWORD) {
            passAccount = readField(pass, true, found, fromPassword);
        }
        return new ParsedCredentials(userAccount, passAccount, session(found, fromPassword));
    }

    /** The account part of {@code text}; its parameters go into {@code found}. */
    private String readField(String text, boolean inPassword, Map<Param, String> found,
            Map<Param, Boolean> fromPassword) {
        String where = inPassword ? "password" : "username";
        String[] tokens = splitter.split(text, -1);
        int first = -1;
        for (int i = 1; i < tokens.length && first < 0; i++) {
            if (byKeyword.containsKey(tokens[i])) {
                first = i;
            }
        }
        if (first < 0) {
            return text;
        }
        int accountLength = -1;
        for (int i = 0; i < first; i++) {
            accountLength += tokens[i].length() + 1;
        }
        for (int i = first; i < tokens.length; i += 2) {
            Param p = byKeyword.get(tokens[i]);
            if (p == null) {
                throw new IllegalArgumentException(name + ": unknown session parameter "
                        + CredentialValues.shown(tokens[i], inPassword) + " after '" + tokens[i - 2] + "' in the "
                        + where + "; " + forms());
            }
            if (i + 1 >= tokens.length || tokens[i + 1].isEmpty()) {
                throw new IllegalArgumentException(name + ": '" + tokens[i] + "' in the " + where
                        + " has no value; " + forms());
            }
            if (found.containsKey(p)) {
                throw new IllegalArgumentException(name + ": '" + tokens[i] + "' is given "
                        + (fromPassword.get(p) == inPassword ? "twice in the " + where
                        : "in both the username and the password") + "; give it once");
            }
            found.put(p, tokens[i + 1]);
            fromPassword.put(p, inPassword);
        }
        return text.substring(0, accountLength);
    }

    private SessionParams session(Map<Param, String> found, Map<Param, Boolean> fromPassword) {
        SessionKind kind = SessionKind.ROTATING;
        String sessionId = null;
        for (Param p : new Param[] {Param.SESSION, Param.HARD_SESSION, Param.LOCKED_SESSION}) {
            String value = found.get(p);
            if (value == null) {
                continue;
            }
            if (sessionId != null) {
                throw new IllegalArgumentException(name + ": both '" + keywords.get(Param.SESSION) + "' kinds '"
                        + kind.keyword() + "' and '" + p.kind().keyword() + "' are given; choose one session kind");
            }
            if (!id.matcher(value).matches()) {
                throw new IllegalArgumentException(name + ": " + p.label() + " "
                        + CredentialValues.shown(value, fromPassword.get(p)) + " must be " + idForm);
            }
            kind = p.kind();
            sessionId = value;
        }
        Duration lifetime = null;
        String lifetimeText = found.get(Param.LIFETIME);
        if (lifetimeText != null) {
            String keyword = keywords.get(Param.LIFETIME);
            if (kind != SessionKind.SESSION) {
                throw new IllegalArgumentException(name + ": '" + keyword + "' applies to '"
                        + keywords.get(Param.SESSION) + "' only" + (kind == SessionKind.ROTATING
                        ? "; add " + keywords.get(Param.SESSION) + valueSeparator + "ID"
                        : "; " + kind.keyword() + " keeps its exit while it is online, drop " + keyword));
            }
            lifetime = lifetimes.parse(lifetimeText, keyword, fromPassword.get(Param.LIFETIME));
            checkBounds(lifetime, fromPassword.get(Param.LIFETIME));
        }
        String country = country(found.get(Param.COUNTRY));
        check(country != null && !COUNTRY.matcher(country).matches(), Param.COUNTRY, found, fromPassword,
                "a two-letter code such as US");
        String state = readPlace(found.get(Param.STATE));
        String city = readPlace(found.get(Param.CITY));
        check(state != null && !PLACE.matcher(state).matches(), Param.STATE, found, fromPassword, PLACE_FORM);
        check(city != null && !PLACE.matcher(city).matches(), Param.CITY, found, fromPassword, PLACE_FORM);
        String asn = found.get(Param.ASN);
        check(asn != null && !asn.matches("[1-9][0-9]{0,9}"), Param.ASN, found, fromPassword, "a number, e.g. 7922");
        return new SessionParams(kind, sessionId, lifetime, country, state, city,
                asn == null ? null : Integer.valueOf(asn));
    }

    private void check(boolean bad, Param p, Map<Param, String> found, Map<Param, Boolean> fromPassword,
            String form) {
        if (bad) {
            throw new IllegalArgumentException(name + ": " + p.label() + " "
                    + CredentialValues.shown(found.get(p), fromPassword.get(p)) + " must be " + form);
        }
    }

    /** The country a written code names: null for the provider's "any", the ISO code for an alias. */
    private String country(String written) {
        if (written == null || written.equalsIgnoreCase(anyCountry)) {
            return null;
        }
        String upper = written.toUpperCase(Locale.ROOT);
        for (Map.Entry<String, String> alias : countryAliases.entrySet()) {
            if (alias.getValue().equalsIgnoreCase(upper)) {
                return alias.getKey();
            }
        }
        return upper;
    }

    private String readPlace(String written) {
        return written == null ? null : written.replace(space, '_').toLowerCase(Locale.ROOT);
    }

    /** One line: the parameters this dialect knows, and its documented example. */
    String forms() {
        StringBuilder out = new StringBuilder(name).append(" accepts");
        keywords.forEach((p, k) -> out.append(' ').append(k).append(valueSeparator).append(p.label()
                .toUpperCase(Locale.ROOT).replace(' ', '_')));
        return out.append(" in the ").append(writes == Field.USER ? "username" : "password")
                .append(", e.g. ").append(example).toString();
    }

    @Override
    public String toString() {
        return name;
    }
}
