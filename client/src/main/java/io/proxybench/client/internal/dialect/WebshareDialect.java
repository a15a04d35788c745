package io.proxybench.client.internal.dialect;

import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ParsedCredentials;
import io.proxybench.client.proxy.ProxyCredentials;
import io.proxybench.client.proxy.SessionKind;
import io.proxybench.client.proxy.SessionParams;
import io.proxybench.client.proxy.SessionRules;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Webshare's positional form, {@code {username}-{country_code}-{geo_params}-{session_id}}: no keys, the country as
 * a bare code, the city as {@code city_NAME}, a numeric session id last, or {@code rotate} for a new exit on every
 * request ({@code myuser-us-1234}, {@code myuser-us-rotate}). Rotation is always written as {@code -rotate}.
 *
 * <p>Documented at https://apidocs.webshare.io/proxy-connection ("Proxy Connection"); Webshare documents no session
 * lifetime, parameter or limit. One country per session here, though Webshare chains several.
 */
final class WebshareDialect implements Dialect {

    static final String DOCS = "https://apidocs.webshare.io/proxy-connection";
    private static final SessionIds IDS = new SessionIds(9, true);
    /** Account, then an optional country, an optional city, then rotate or a numeric session. */
    private static final Pattern FORM = Pattern.compile("(.+?)(?:-([A-Za-z]{2}))?(?:-city_([a-z0-9_]+))?-(rotate|[0-9]{1,18})");
    private static final String FORMS = "webshare writes USERNAME[-cc][-city_NAME]-(rotate|NUMBER), e.g."
            + " myuser-us-1234 or myuser-us-rotate (" + DOCS + ")";

    @Override
    public String name() {
        return "webshare";
    }

    @Override
    public SessionRules rules() {
        return new SessionRules(null, null, null, DOCS);
    }

    @Override
    public String sessionId(String routerId) {
        return routerId.chars().allMatch(c -> c >= '0' && c <= '9') && routerId.length() <= 18 ? routerId
                : IDS.derive(routerId);
    }

    @Override
    public ProxyCredentials write(ProxyCredentials account, SessionParams session) {
        if (session.sticky() && session.kind() != SessionKind.SESSION) {
            throw new IllegalArgumentException("webshare has no " + session.kind().keyword() + "; " + FORMS);
        }
        if (session.lifetime() != null || session.state() != null || session.asn() != null) {
            throw new IllegalArgumentException("webshare has no " + (session.lifetime() != null ? "lifetime"
                    : session.state() != null ? "state" : "asn") + " parameter; drop it. " + FORMS);
        }
        if (session.sticky() && !session.id().matches("[0-9]{1,18}")) {
            throw new IllegalArgumentException("webshare session id '" + session.id() + "' must be a number; "
                    + FORMS);
        }
        StringBuilder user = new StringBuilder(account.user());
        if (session.country() != null) {
            user.append('-').append(session.country().toLowerCase(Locale.ROOT));
        }
        if (session.city() != null) {
            user.append("-city_").append(session.city());
        }
        user.append('-').append(session.sticky() ? session.id() : "rotate");
        return new ProxyCredentials(user.toString(), account.password());
    }

    @Override
    public ParsedCredentials read(String username, String password) {
        String user = username == null ? "" : username;
        String pass = password == null ? "" : password;
        Matcher m = FORM.matcher(user);
        if (!m.matches()) {
            return new ParsedCredentials(user, pass, SessionParams.ROTATING);
        }
        boolean rotate = m.group(4).equals("rotate");
        return new ParsedCredentials(m.group(1), pass, new SessionParams(rotate ? SessionKind.ROTATING
                : SessionKind.SESSION, rotate ? null : m.group(4), null, m.group(2), null, m.group(3), null));
    }

    @Override
    public String toString() {
        return name();
    }
}
