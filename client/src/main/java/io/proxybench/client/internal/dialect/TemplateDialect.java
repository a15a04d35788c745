package io.proxybench.client.internal.dialect;

import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ParsedCredentials;
import io.proxybench.client.proxy.ProxyCredentials;
import io.proxybench.client.proxy.SessionKind;
import io.proxybench.client.proxy.SessionParams;
import io.proxybench.client.proxy.SessionRules;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A dialect written as a template such as {@code {user}-country-{country}-session-{id}}.
 *
 * <p>Invariants: {@code parts} are literal runs (without braces) and placeholders; exactly one of {@code {user}} and
 * {@code {pass}} (the field rewritten), exactly one {@code {id}}, at most one each of {@code {lifetime}} and
 * {@code {country}}. Reading matches the rewritten field against the template; a field that does not match carries
 * no session. Nothing here holds a secret.
 */
public final class TemplateDialect implements Dialect {

    private static final String USER = "{user}";
    private static final String PASS = "{pass}";
    private static final String ID = "{id}";
    private static final String LIFETIME = "{lifetime}";
    private static final String COUNTRY = "{country}";
    private static final List<String> PLACEHOLDERS = List.of(USER, PASS, ID, LIFETIME, COUNTRY);
    private static final String FORMS = "a template holds {user} or {pass} (the field it rewrites), {id}, and"
            + " optionally {lifetime} and {country}, e.g. {pass}_session-{id}, {user}-session-{id},"
            + " {pass}_session-{id}_lifetime-{lifetime} or {user}-country-{country}-session-{id}";
    private static final Pattern SESSION_ID = Pattern.compile("[A-Za-z0-9]{1,64}");

    private final String text;
    private final List<String> parts;
    private final boolean userField;
    private final Pattern reader;
    private final List<String> groups = new ArrayList<>();

    private TemplateDialect(String text, List<String> parts) {
        this.text = text;
        this.parts = parts;
        this.userField = parts.contains(USER);
        StringBuilder regex = new StringBuilder();
        for (String part : parts) {
            switch (part) {
                case USER, PASS -> regex.append("(.*?)");
                case ID -> regex.append("([A-Za-z0-9]{1,64})");
                case LIFETIME -> regex.append("([0-9]{1,6}[smh])");
                case COUNTRY -> regex.append("([A-Za-z]{2})");
                default -> regex.append(Pattern.quote(part));
            }
            if (part.startsWith("{")) {
                groups.add(part);
            }
        }
        this.reader = Pattern.compile(regex.toString());
    }

    /** @throws IllegalArgumentException naming the fault and the accepted forms */
    public static TemplateDialect parse(String text) {
        if (text == null || text.isBlank()) {
            throw bad(text, "it is empty");
        }
        List<String> parts = split(text);
        List<String> found = new ArrayList<>();
        for (String part : parts) {
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
        return new TemplateDialect(text, parts);
    }

    @Override
    public String name() {
        return text;
    }

    @Override
    public SessionRules rules() {
        return new SessionRules(null, null, null, "a template given by the user; lifetimes and inactivity are the"
                + " provider's");
    }

    @Override
    public void check(SessionParams session) {
        refuseUnwritable(session);
        if (session.lifetime() != null) {
            require(true, LIFETIME, "a lifetime");
        }
        if (session.country() != null) {
            require(true, COUNTRY, "a country");
        }
    }

    @Override
    public ProxyCredentials write(ProxyCredentials account, SessionParams session) {
        if (!session.sticky() && !session.targeted()) {
            return account;
        }
        refuseUnwritable(session);
        if (!SESSION_ID.matcher(session.id()).matches()) {
            throw new IllegalArgumentException("session id '" + session.id() + "' must be 1 to 64 letters and digits");
        }
        require(session.lifetime() != null, LIFETIME, "a lifetime");
        require(session.country() != null, COUNTRY, "a country");
        StringBuilder out = new StringBuilder();
        for (String part : parts) {
            switch (part) {
                case USER -> out.append(account.user());
                case PASS -> out.append(account.password());
                case ID -> out.append(session.id());
                case LIFETIME -> out.append(SessionParams.formatLifetime(session.lifetime()));
                case COUNTRY -> out.append(session.country());
                default -> out.append(part);
            }
        }
        return userField ? new ProxyCredentials(out.toString(), account.password())
                : new ProxyCredentials(account.user(), out.toString());
    }

    /** Refuses what no template can write: another kind than session, rotation with targeting, state, city, ASN. */
    private void refuseUnwritable(SessionParams session) {
        if (session.kind() != SessionKind.SESSION) {
            throw new IllegalArgumentException("template '" + text + "' writes a session id only; "
                    + (session.sticky() ? session.kind().keyword() + " is the lab's"
                    : "it cannot target rotating requests; use a provider preset for those"));
        }
        for (String[] part : new String[][] {{"state", session.state()}, {"city", session.city()},
                {"asn", session.asn() == null ? null : session.asn().toString()}}) {
            if (part[1] != null) {
                throw new IllegalArgumentException("template '" + text + "' cannot write a " + part[0]
                        + "; use a provider preset that has one, or drop it");
            }
        }
    }

    private void require(boolean given, String placeholder, String what) {
        if (given != parts.contains(placeholder)) {
            throw new IllegalArgumentException("template '" + text + "' " + (given
                    ? "has no " + placeholder + " for " + what + "; add one or set none"
                    : "has " + placeholder + " but no value is set for it; set " + what + " or drop " + placeholder));
        }
    }

    @Override
    public ParsedCredentials read(String username, String password) {
        String user = username == null ? "" : username;
        String pass = password == null ? "" : password;
        Matcher m = reader.matcher(userField ? user : pass);
        if (!m.matches()) {
            return new ParsedCredentials(user, pass, SessionParams.ROTATING);
        }
        String account = null;
        String id = null;
        Duration lifetime = null;
        String country = null;
        for (int g = 0; g < groups.size(); g++) {
            String value = m.group(g + 1);
            switch (groups.get(g)) {
                case ID -> id = value;
                case LIFETIME -> lifetime = Lifetimes.SUFFIXED.parse(value, "lifetime", !userField);
                case COUNTRY -> country = value;
                default -> account = value;
            }
        }
        SessionParams session = new SessionParams(SessionKind.SESSION, id, lifetime, country);
        return userField ? new ParsedCredentials(account, pass, session) : new ParsedCredentials(user, account, session);
    }

    @Override
    public String toString() {
        return "template " + text;
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
