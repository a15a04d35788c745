package io.proxybench.client.cookie;

import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A cookie as a jar holds it (RFC 6265 §5.3): what a {@code Set-Cookie} header or a cookie file gave, with its domain
 * and path resolved against the request that set it. Immutable; built by name:
 * {@code Cookie.builder("SID", "31d4").domain("example.com").hostOnly(true).build()}.
 *
 * <p>Invariants: the name is not empty; all fields hold characters U+0020 to U+00FF only (bytes as HTTP carries them,
 * read as ISO-8859-1) but U+007F; name, value, domain and SameSite hold no {@code ;}, and the name no {@code =}; the
 * domain is lower-case, not empty and does not start with {@code .}; the path starts with {@code /}.
 */
public final class Cookie {

    private final String name;
    private final String value;
    private final String domain;
    private final String path;
    private final Instant expiry;
    private final boolean secure;
    private final boolean httpOnly;
    private final boolean hostOnly;
    private final String sameSite;

    private Cookie(Builder b) {
        this.name = b.name;
        this.value = b.value;
        this.domain = b.domain;
        this.path = b.path;
        this.expiry = b.expiry;
        this.secure = b.secure;
        this.httpOnly = b.httpOnly;
        this.hostOnly = b.hostOnly;
        this.sameSite = b.sameSite;
    }

    /**
     * A builder of a cookie with this name and value, path {@code /}, no expiry (a session cookie) and no flags; a
     * domain must be set.
     *
     * @param name the cookie's name, not empty
     * @param value the cookie's value, possibly empty; quotes, if any, are part of it
     * @return a new builder
     */
    public static Builder builder(String name, String value) {
        return new Builder(name, value);
    }

    /**
     * The name, as the server set it (case kept, compared case-sensitively).
     *
     * @return not empty
     */
    public String name() {
        return name;
    }

    /**
     * The value, as the server set it, quotes included.
     *
     * @return possibly empty
     */
    public String value() {
        return value;
    }

    /**
     * The host the cookie is for ({@link #hostOnly()}), or the domain whose hosts it is for.
     *
     * @return lower-case, without a leading dot
     */
    public String domain() {
        return domain;
    }

    /**
     * The path the cookie is for: it goes with requests to this path and below it.
     *
     * @return starts with {@code /}
     */
    public String path() {
        return path;
    }

    /**
     * When the cookie expires; a cookie without one is a session cookie, which lives as long as its jar.
     *
     * @return the expiry, or empty for a session cookie
     */
    public Optional<Instant> expiry() {
        return Optional.ofNullable(expiry);
    }

    /**
     * Whether the cookie goes only over {@code https} (or to this machine: {@code localhost}, {@code 127.0.0.0/8},
     * {@code [::1]}).
     *
     * @return true for a {@code Secure} cookie
     */
    public boolean secure() {
        return secure;
    }

    /**
     * Whether the server marked the cookie {@code HttpOnly}; an HTTP client sends it like any other.
     *
     * @return true for an {@code HttpOnly} cookie
     */
    public boolean httpOnly() {
        return httpOnly;
    }

    /**
     * Whether the cookie goes only to the host {@link #domain()} (it was set without a {@code Domain} attribute),
     * rather than to that domain and its subdomains.
     *
     * @return true for a host-only cookie
     */
    public boolean hostOnly() {
        return hostOnly;
    }

    /**
     * The {@code SameSite} attribute as the server wrote it; kept for callers, not enforced (a client sends no
     * cross-site requests).
     *
     * @return e.g. {@code Lax}, or empty when the server set none
     */
    public Optional<String> sameSite() {
        return Optional.ofNullable(sameSite);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Cookie c && name.equals(c.name) && value.equals(c.value) && domain.equals(c.domain)
                && path.equals(c.path) && Objects.equals(expiry, c.expiry) && secure == c.secure
                && httpOnly == c.httpOnly && hostOnly == c.hostOnly && Objects.equals(sameSite, c.sameSite);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, value, domain, path, expiry, secure, httpOnly, hostOnly, sameSite);
    }

    /**
     * The cookie in {@code Set-Cookie} form with its value left out (values are often credentials), e.g.
     * {@code SID=(16 chars); Domain=example.com; Path=/; Secure}.
     *
     * @return one line
     */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(name).append("=(").append(value.length()).append(" chars)");
        s.append(hostOnly ? "; host " : "; Domain=").append(domain).append("; Path=").append(path);
        if (expiry != null) {
            s.append("; Expires=").append(expiry);
        }
        if (secure) {
            s.append("; Secure");
        }
        if (httpOnly) {
            s.append("; HttpOnly");
        }
        if (sameSite != null) {
            s.append("; SameSite=").append(sameSite);
        }
        return s.toString();
    }

    /** Sets a cookie's fields by name; {@link #build()} checks them. */
    public static final class Builder {

        private final String name;
        private final String value;
        private String domain;
        private String path = "/";
        private Instant expiry;
        private boolean secure;
        private boolean httpOnly;
        private boolean hostOnly;
        private String sameSite;

        private Builder(String name, String value) {
            this.name = Objects.requireNonNull(name, "name");
            this.value = Objects.requireNonNull(value, "value");
        }

        /**
         * The host or domain the cookie is for; lower-cased, a leading dot dropped.
         *
         * @param domain e.g. {@code example.com}
         * @return this builder
         */
        public Builder domain(String domain) {
            String d = Objects.requireNonNull(domain, "domain").toLowerCase(Locale.ROOT);
            this.domain = d.startsWith(".") ? d.substring(1) : d;
            return this;
        }

        /**
         * Whether the cookie goes to its domain only, not to its subdomains; false unless set.
         *
         * @param hostOnly true for a host-only cookie
         * @return this builder
         */
        public Builder hostOnly(boolean hostOnly) {
            this.hostOnly = hostOnly;
            return this;
        }

        /**
         * The path the cookie is for; {@code /} unless set.
         *
         * @param path starts with {@code /}
         * @return this builder
         */
        public Builder path(String path) {
            this.path = Objects.requireNonNull(path, "path");
            return this;
        }

        /**
         * When the cookie expires; none unless set.
         *
         * @param expiry the expiry, or null for a session cookie
         * @return this builder
         */
        public Builder expiry(Instant expiry) {
            this.expiry = expiry;
            return this;
        }

        /**
         * Whether the cookie goes only over {@code https}; false unless set.
         *
         * @param secure true for a {@code Secure} cookie
         * @return this builder
         */
        public Builder secure(boolean secure) {
            this.secure = secure;
            return this;
        }

        /**
         * Whether the cookie is marked {@code HttpOnly}; false unless set.
         *
         * @param httpOnly true for an {@code HttpOnly} cookie
         * @return this builder
         */
        public Builder httpOnly(boolean httpOnly) {
            this.httpOnly = httpOnly;
            return this;
        }

        /**
         * The {@code SameSite} attribute as written; none unless set.
         *
         * @param sameSite e.g. {@code Lax}, or null for none
         * @return this builder
         */
        public Builder sameSite(String sameSite) {
            this.sameSite = sameSite;
            return this;
        }

        /**
         * The cookie.
         *
         * @return a new cookie
         * @throws IllegalArgumentException if no domain was set or a field breaks the {@linkplain Cookie invariants}
         */
        public Cookie build() {
            if (name.isEmpty()) {
                throw new IllegalArgumentException("a cookie needs a name; give a non-empty one");
            }
            check("name", name, ";=");
            check("value", value, ";");
            if (domain == null || domain.isEmpty()) {
                throw new IllegalArgumentException("cookie " + name + " has no domain; set the host or domain it is"
                        + " for");
            }
            if (domain.startsWith(".")) {
                throw new IllegalArgumentException("cookie " + name + " has domain '." + domain + "'; give a host or"
                        + " domain with one dot before it at most");
            }
            check("domain", domain, ";");
            if (!path.startsWith("/")) {
                throw new IllegalArgumentException("cookie " + name + " has path '" + path + "'; a path starts with"
                        + " '/'");
            }
            check("path", path, "");
            if (sameSite != null) {
                check("SameSite", sameSite, ";");
            }
            return new Cookie(this);
        }

        /** Refuses what cannot go in a {@code Cookie} header or a cookie file: controls, wide chars, {@code banned}. */
        private void check(String field, String text, String banned) {
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c < 0x20 || c == 0x7f || c > 0xff || banned.indexOf(c) >= 0) {
                    throw new IllegalArgumentException("cookie " + (field.equals("name") ? "name" : name + "'s " + field)
                            + " has character U+" + String.format("%04X", (int) c) + " at index " + i
                            + "; leave out control characters" + banned.chars().mapToObj(b -> ", '" + (char) b + "'")
                                    .collect(Collectors.joining())
                            + " and characters above U+00FF");
                }
            }
        }
    }
}
