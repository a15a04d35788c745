package io.proxybench.client.internal.dialect;

import io.proxybench.client.internal.dialect.KeyValueDialect.Field;
import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.SessionRules;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The providers whose session syntax is published, each as its documentation gives it (the page is in its rules and
 * in the README's table). Where a page states no default, maximum or inactivity limit, the rules leave it null
 * rather than guess.
 */
public final class Presets {

    /** The lab's own grammar; its default lifetime and inactivity are the lab's options, not the dialect's. */
    public static final Dialect LAB = KeyValueDialect.builder("lab", new SessionRules(null, null, null,
                    "docs/lab.md, \"Sessions\""))
            .writes(Field.PASSWORD, true).separators('_', '-')
            .key(Param.SESSION, "session").key(Param.HARD_SESSION, "hardsession")
            .key(Param.LOCKED_SESSION, "lockedsession").key(Param.LIFETIME, "lifetime").key(Param.COUNTRY, "country")
            .key(Param.ASN, "asn").lifetimes(Lifetimes.SUFFIXED, Duration.ofSeconds(1))
            .example("PASS_session-abc_lifetime-10m_country-US").build();

    /**
     * Bright Data: {@code brd-customer-ID-zone-ZONE-country-us-session-mystring12345}; no lifetime parameter; "the
     * super-proxy will keep the session live for 60 seconds" between requests. Lower-case countries.
     */
    static final Dialect BRIGHT_DATA = KeyValueDialect.builder("brightdata", new SessionRules(null, null,
                    Duration.ofSeconds(60), "https://docs.brightdata.com/api-reference/proxy/rotate_ips"
                    + " ; https://help.brightdata.com/hc/en-us/articles/4413222056849"))
            .key(Param.COUNTRY, "country").key(Param.STATE, "state").key(Param.CITY, "city").key(Param.ASN, "asn")
            .key(Param.SESSION, "session").lowerCaseCountry()
            .example("brd-customer-ID-zone-ZONE-country-us-session-mystring12345").build();

    /**
     * Oxylabs residential: {@code customer-USERNAME-cc-US-city-CITY-sessid-abcde12345-sesstime-5}; sesstime in
     * minutes, up to 1440; "the standard session time is 10 minutes or up to 60s of inactivity".
     */
    static final Dialect OXYLABS = KeyValueDialect.builder("oxylabs", new SessionRules(Duration.ofMinutes(10),
                    Duration.ofMinutes(1440), Duration.ofSeconds(60),
                    "https://developers.oxylabs.io/products/proxies/residential-proxies/session-control"))
            .key(Param.COUNTRY, "cc").key(Param.STATE, "st").key(Param.CITY, "city").key(Param.SESSION, "sessid")
            .key(Param.LIFETIME, "sesstime").lifetimes(Lifetimes.MINUTES, Duration.ofMinutes(1))
            .example("customer-USERNAME-cc-US-sessid-abcde12345-sesstime-5").build();

    /**
     * Decodo (formerly Smartproxy): {@code user-username-country-us-sessionduration-30-session-abc123};
     * sessionduration "any integer (minute) value between 1 and 1440", default 10 minutes.
     */
    static final Dialect DECODO = KeyValueDialect.builder("decodo", new SessionRules(Duration.ofMinutes(10),
                    Duration.ofMinutes(1440), null,
                    "https://help.decodo.com/docs/residential-proxy-custom-sticky-sessions"))
            .key(Param.COUNTRY, "country").key(Param.STATE, "state").key(Param.CITY, "city")
            .key(Param.LIFETIME, "sessionduration").key(Param.SESSION, "session")
            .lifetimes(Lifetimes.MINUTES, Duration.ofMinutes(1)).lowerCaseCountry()
            .example("user-username-country-us-sessionduration-30-session-abc123").build();

    /**
     * IPRoyal residential, in the password: {@code password321_country-br_session-sgn34f3e_lifetime-10m}; a session
     * is "precisely 8 characters", its lifetime one unit, from 1 second to 7 days.
     */
    static final Dialect IPROYAL = KeyValueDialect.builder("iproyal", new SessionRules(null, Duration.ofDays(7), null,
                    "https://docs.iproyal.com/proxies/residential/proxy/rotation"))
            .writes(Field.PASSWORD, false).separators('_', '-')
            .key(Param.COUNTRY, "country").key(Param.STATE, "state").key(Param.CITY, "city")
            .key(Param.SESSION, "session").key(Param.LIFETIME, "lifetime")
            .lifetimes(Lifetimes.SUFFIXED, Duration.ofSeconds(1)).lowerCaseCountry()
            .ids("[A-Za-z0-9]{8}", "exactly 8 letters and digits", 8, false)
            .example("password321_country-br_session-sgn34f3e_lifetime-10m").build();

    /**
     * Evomi residential, in the password: {@code testpassword_country-US_session-mysession1_lifetime-30};
     * {@code session} and {@code hardsession} ids are 6 to 10 letters and digits; lifetime in minutes, for
     * {@code session} only. The residential page's default and maximum lifetime are not stated.
     */
    static final Dialect EVOMI = KeyValueDialect.builder("evomi", new SessionRules(null, null, null,
                    "https://docs.evomi.com/proxy-instructions/residential-proxies/proxy-sessions"))
            .writes(Field.PASSWORD, false).separators('_', '-')
            .key(Param.COUNTRY, "country").key(Param.CITY, "city").key(Param.SESSION, "session")
            .key(Param.HARD_SESSION, "hardsession").key(Param.LIFETIME, "lifetime")
            .lifetimes(Lifetimes.MINUTES, Duration.ofMinutes(1))
            .ids("[A-Za-z0-9]{6,10}", "6 to 10 letters and digits", 10, false)
            .example("testpassword_country-US_session-mysession1_lifetime-30").build();

    /**
     * SOAX: {@code package-ID-country-us-sessionid-rand123456-sessionlength-300}; sessionlength in seconds, up to
     * 86400, default 360 ("Understanding session parameters"); spaces in a city as {@code +}.
     */
    static final Dialect SOAX = KeyValueDialect.builder("soax", new SessionRules(Duration.ofSeconds(360),
                    Duration.ofSeconds(86_400), null, "https://helpcenter.soax.com/en/articles/6723733-sticky-sessions"
                    + " ; https://helpcenter.soax.com/en/articles/9939557-understanding-session-parameters"))
            .key(Param.COUNTRY, "country").key(Param.STATE, "region").key(Param.CITY, "city")
            .key(Param.SESSION, "sessionid").key(Param.LIFETIME, "sessionlength")
            .lifetimes(Lifetimes.SECONDS, Duration.ofSeconds(1)).lowerCaseCountry().spaceAs('+')
            .example("package-123456-country-us-sessionid-rand123456-sessionlength-300").build();

    /**
     * NetNut residential: {@code USERNAME-res-any}, {@code USERNAME-res-nl}, {@code USERNAME-res-us-sid-44575}; the
     * country always written ({@code any} for none), the United Kingdom as {@code uk}; no lifetime parameter.
     */
    static final Dialect NETNUT = KeyValueDialect.builder("netnut", new SessionRules(null, null, null,
                    "https://help.netnut.io/netnut-documentation/netnut-proxies/residential-proxies/initial-setup"))
            .key(Param.COUNTRY, "res").key(Param.SESSION, "sid").lowerCaseCountry().anyCountry("any")
            .countryAlias("GB", "UK").ids("[0-9]{1,18}", "digits, as in the documented sid-44575", 9, true)
            .example("USERNAME-res-us-sid-44575").build();

    /**
     * Geonode: {@code geonode_USER-country-us-session-someRandomString-lifetime-30}; session ids
     * {@code [A-Za-z0-9_]{1,25}}; lifetime in minutes, 3 to 1440, default 10.
     */
    static final Dialect GEONODE = KeyValueDialect.builder("geonode", new SessionRules(Duration.ofMinutes(10),
                    Duration.ofMinutes(1440), null, "https://docs.geonode.com/proxy/custom-session_id_and_lifetime"))
            .key(Param.COUNTRY, "country").key(Param.STATE, "state").key(Param.CITY, "city").key(Param.ASN, "asn")
            .key(Param.SESSION, "session").key(Param.LIFETIME, "lifetime")
            .lifetimes(Lifetimes.MINUTES, Duration.ofMinutes(3)).lowerCaseCountry()
            .ids("[A-Za-z0-9]{1,25}", "1 to 25 letters and digits", 25, false)
            .example("geonode_USER-country-us-session-someRandomString-lifetime-30").build();

    static final Dialect WEBSHARE = new WebshareDialect();

    /** Every preset, the lab's first. */
    public static final List<Dialect> ALL = List.of(LAB, BRIGHT_DATA, OXYLABS, DECODO, IPROYAL, EVOMI, SOAX, NETNUT,
            WEBSHARE, GEONODE);

    private Presets() {}

    /** @throws IllegalArgumentException naming the unknown provider and listing the known ones */
    public static Dialect named(String name) {
        String wanted = name.toLowerCase(Locale.ROOT).replace("-", "").replace("_", "").replace(" ", "");
        if (wanted.equals("smartproxy")) {
            return DECODO;
        }
        for (Dialect d : ALL) {
            if (d.name().equals(wanted)) {
                return d;
            }
        }
        throw new IllegalArgumentException("unknown provider '" + name + "'; known: "
                + ALL.stream().map(Dialect::name).collect(Collectors.joining(", "))
                + "; for another provider, give its session template instead (--session-template)");
    }
}
