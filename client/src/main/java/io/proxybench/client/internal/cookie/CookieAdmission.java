package io.proxybench.client.internal.cookie;

import io.proxybench.client.cookie.Cookie;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/**
 * RFC 6265 §5.3, steps 2 to 10, with RFC 6265bis's additions: turns a parsed {@code Set-Cookie} from a request to a
 * URI into the cookie to store, or refuses it. Refused: a {@code Domain} the host does not domain-match; a
 * {@code Domain} that is a public suffix (or no name the suffix list knows) unless it is the host, which makes the
 * cookie host-only; any {@code Domain} but the host itself from an IP address; {@code Secure} from {@code http} to
 * another machine;
 * a {@code __Secure-} name without {@code Secure}; a {@code __Host-} name without {@code Secure}, with a domain or
 * with a path other than {@code /}.
 */
final class CookieAdmission {

    /** RFC 6265bis §5.6: expiry at most this far ahead, however far {@code Max-Age} or {@code Expires} says. */
    static final Duration MAX_LIFETIME = Duration.ofDays(400);

    private CookieAdmission() {
    }

    /**
     * The cookie to store for {@code setCookie} received from {@code uri} at {@code now}; one whose expiry is at or
     * before {@code now} deletes the cookie it replaces.
     *
     * @return the cookie, or null when refused
     */
    static Cookie admit(URI uri, SetCookie setCookie, Instant now) {
        String host = CookieDomains.canonicalHost(uri);
        if (host == null || setCookie.secure() && !isSecure(uri)) {
            return null;
        }
        boolean hostOnly;
        String domain = setCookie.domain();
        if (domain == null) {
            hostOnly = true;
        } else if (CookieDomains.isIpAddress(host) || CookieDomains.isPublicSuffixOrUnknown(domain)) {
            if (!domain.equals(host)) {
                return null;
            }
            hostOnly = true;
        } else if (CookieDomains.domainMatches(host, domain)) {
            hostOnly = false;
        } else {
            return null;
        }
        String path = setCookie.path() != null ? setCookie.path() : CookiePaths.defaultPath(uri);
        String name = setCookie.name().toLowerCase(Locale.ROOT);
        if (name.startsWith("__secure-") && !setCookie.secure()
                || name.startsWith("__host-") && (!setCookie.secure() || !hostOnly || !path.equals("/"))) {
            return null;
        }
        return Cookie.builder(setCookie.name(), setCookie.value())
                .domain(hostOnly ? host : domain)
                .hostOnly(hostOnly)
                .path(path)
                .expiry(expiry(setCookie, now))
                .secure(setCookie.secure())
                .httpOnly(setCookie.httpOnly())
                .sameSite(setCookie.sameSite())
                .build();
    }

    /**
     * Whether {@code uri} may set and get {@code Secure} cookies: over {@code https}, or to this machine (a host
     * {@code localhost} or {@code *.localhost}, an address in {@code 127.0.0.0/8}, {@code [::1]}), which browsers
     * and curl count as secure too, so that a lab on loopback sees what a site over {@code https} would.
     */
    static boolean isSecure(URI uri) {
        if ("https".equalsIgnoreCase(uri.getScheme())) {
            return true;
        }
        String host = CookieDomains.canonicalHost(uri);
        return host != null && (host.equals("localhost") || host.endsWith(".localhost") || host.equals("[::1]")
                || CookieDomains.isIpAddress(host) && host.startsWith("127."));
    }

    /**
     * §5.3 step 3: Max-Age over Expires, capped at {@link #MAX_LIFETIME}; null for a session cookie. In whole seconds
     * (a {@code Max-Age} counts from the start of the current second), as cookie dates and cookie files have them.
     */
    private static Instant expiry(SetCookie setCookie, Instant now) {
        now = now.truncatedTo(ChronoUnit.SECONDS);
        Instant cap = now.plus(MAX_LIFETIME);
        if (setCookie.maxAgeSeconds() != null) {
            long seconds = setCookie.maxAgeSeconds();
            return seconds <= 0 ? Instant.MIN : seconds >= MAX_LIFETIME.toSeconds() ? cap : now.plusSeconds(seconds);
        }
        if (setCookie.expires() != null) {
            return setCookie.expires().isAfter(cap) ? cap : setCookie.expires();
        }
        return null;
    }
}
