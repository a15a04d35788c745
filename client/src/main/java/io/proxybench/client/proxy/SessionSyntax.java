package io.proxybench.client.proxy;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads session parameters embedded in proxy credentials, the way rotating/sticky gateways take them:
 * {@code user:pass_session-abc_lifetime-10m}, {@code user-session-abc:pass}, {@code user:pass_country-DE}.
 *
 * <p>A field is split on {@code -} and {@code _}. Its account part is everything before the first token that is a
 * parameter keyword; after it, tokens must come in keyword/value pairs. Keywords: {@code session},
 * {@code hardsession}, {@code lockedsession} (letters and digits as the id), {@code lifetime} (N followed by
 * s, m or h; with {@code session} only) and {@code country} (two letters). Parameters may sit in the username,
 * the password, or both, but each at most once. Error messages name the parameter at fault and never quote the
 * account part, which may be a secret.
 */
public final class SessionSyntax {

    private static final List<String> KEYWORDS = List.of("session", "hardsession", "lockedsession", "lifetime",
            "country");
    private static final String FORMS = "accepted: session-ID, hardsession-ID, lockedsession-ID, lifetime-N[smh]"
            + " (with session), country-XX, joined by '_' or '-', e.g. user:pass_session-abc_lifetime-10m";
    private static final Pattern SEPARATOR = Pattern.compile("[-_]");
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9]{1,64}");
    private static final Pattern LIFETIME = Pattern.compile("([0-9]{1,6})([smh])");
    private static final Pattern COUNTRY = Pattern.compile("[A-Za-z]{2}");
    private static final String USERNAME = "username";
    private static final String PASSWORD = "password";

    private SessionSyntax() {}

    /**
     * Splits credentials into account and session; {@code null} fields count as empty.
     *
     * @param username the username as configured, e.g. {@code user-session-abc}
     * @param password the password as configured, e.g. {@code pass_session-abc_lifetime-10m}; a secret
     * @return the account part of each field and the session they ask for, of kind {@link SessionKind#ROTATING}
     *     when they name none (a country may still be set)
     * @throws IllegalArgumentException naming the parameter at fault (unknown, without a value, given twice, or with
     *     a malformed value) and never quoting the account part or a value from the password
     */
    public static ParsedCredentials parse(String username, String password) {
        Field user = Field.read(username == null ? "" : username, USERNAME);
        Field pass = Field.read(password == null ? "" : password, PASSWORD);
        Map<String, String> params = new LinkedHashMap<>(user.params);
        Map<String, String> where = new LinkedHashMap<>();
        user.params.keySet().forEach(k -> where.put(k, USERNAME));
        for (Map.Entry<String, String> e : pass.params.entrySet()) {
            if (params.containsKey(e.getKey())) {
                throw new IllegalArgumentException("'" + e.getKey()
                        + "' is given in both the username and the password; give it once");
            }
            params.put(e.getKey(), e.getValue());
            where.put(e.getKey(), PASSWORD);
        }
        return new ParsedCredentials(user.account, pass.account, toSession(params, where));
    }

    /**
     * A value as an error message may show it: quoted when it came from the username, described when it came
     * from the password, where any token may be a fragment of the secret.
     */
    private static String shown(String value, String where) {
        return PASSWORD.equals(where) ? "(in the password, not shown)" : "'" + value + "'";
    }

    private static SessionParams toSession(Map<String, String> params, Map<String, String> where) {
        SessionKind kind = SessionKind.ROTATING;
        String id = null;
        for (SessionKind k : SessionKind.values()) {
            if (k.keyword() != null && params.containsKey(k.keyword())) {
                if (id != null) {
                    throw new IllegalArgumentException("both '" + kind.keyword() + "' and '" + k.keyword()
                            + "' are given; choose one session kind");
                }
                kind = k;
                id = params.get(k.keyword());
                if (!ID.matcher(id).matches()) {
                    throw new IllegalArgumentException("session id " + shown(id, where.get(k.keyword()))
                            + " must be 1 to 64 letters and digits");
                }
            }
        }
        Duration lifetime = null;
        String lifetimeText = params.get("lifetime");
        if (lifetimeText != null) {
            if (kind != SessionKind.SESSION) {
                throw new IllegalArgumentException("'lifetime' applies to 'session' only"
                        + (kind == SessionKind.ROTATING ? "; add session-ID" : "; " + kind.keyword()
                        + " keeps its exit while it is online, drop lifetime"));
            }
            lifetime = parseLifetime(lifetimeText, where.get("lifetime"));
        }
        String country = params.get("country");
        if (country != null) {
            if (!COUNTRY.matcher(country).matches()) {
                throw new IllegalArgumentException("country " + shown(country, where.get("country"))
                        + " must be a two-letter code such as US");
            }
            country = country.toUpperCase(Locale.ROOT);
        }
        return new SessionParams(kind, id, lifetime, country);
    }

    private static Duration parseLifetime(String text, String where) {
        Matcher m = LIFETIME.matcher(text);
        if (!m.matches() || Long.parseLong(m.group(1)) == 0) {
            throw new IllegalArgumentException("lifetime " + shown(text, where) + " must be a positive number"
                    + " followed by s, m or h, e.g. lifetime-10m");
        }
        long n = Long.parseLong(m.group(1));
        switch (m.group(2)) {
            case "s":
                return Duration.ofSeconds(n);
            case "m":
                return Duration.ofMinutes(n);
            default:
                return Duration.ofHours(n);
        }
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

    /** One credential field: its account part and the parameters that followed it. */
    private record Field(String account, Map<String, String> params) {

        static Field read(String text, String where) {
            String[] tokens = SEPARATOR.split(text, -1);
            int first = -1;
            for (int i = 1; i < tokens.length && first < 0; i++) {
                if (KEYWORDS.contains(tokens[i])) {
                    first = i;
                }
            }
            if (first < 0) {
                return new Field(text, Map.of());
            }
            int accountLength = -1;
            for (int i = 0; i < first; i++) {
                accountLength += tokens[i].length() + 1;
            }
            Map<String, String> params = new LinkedHashMap<>();
            for (int i = first; i < tokens.length; i += 2) {
                String key = tokens[i];
                if (!KEYWORDS.contains(key)) {
                    throw new IllegalArgumentException("unknown session parameter " + shown(key, where)
                            + (i > first ? " after '" + tokens[i - 2] + "'" : "") + " in the " + where + "; " + FORMS);
                }
                if (i + 1 >= tokens.length || tokens[i + 1].isEmpty()) {
                    throw new IllegalArgumentException("'" + key + "' in the " + where + " has no value; " + FORMS);
                }
                if (params.put(key, tokens[i + 1]) != null) {
                    throw new IllegalArgumentException("'" + key + "' is given twice in the " + where);
                }
            }
            return new Field(text.substring(0, accountLength), params);
        }
    }
}
