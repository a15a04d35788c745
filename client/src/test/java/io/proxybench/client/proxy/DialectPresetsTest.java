package io.proxybench.client.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each preset writes what its provider's documentation shows, byte for byte, and reads it back. The expected strings
 * are the documented examples (the page is in each row's comment and in the preset's rules).
 */
class DialectPresetsTest {

    @ParameterizedTest(name = "{0}: {3}")
    @CsvSource(delimiter = '|', value = {
        // https://docs.brightdata.com/api-reference/proxy/geolocation-targeting ; help.brightdata.com 4413222056849
        "brightdata|brd-customer-ID-zone-ZONE|ZONEPASS|rotating country US|brd-customer-ID-zone-ZONE-country-us|ZONEPASS",
        "brightdata|brd-customer-ID-zone-ZONE|ZONEPASS|session mystring12345|brd-customer-ID-zone-ZONE-session-mystring12345|ZONEPASS",
        "brightdata|brd-customer-ID-zone-ZONE|ZONEPASS|rotating country US city sanfrancisco|brd-customer-ID-zone-ZONE-country-us-city-sanfrancisco|ZONEPASS",
        // https://developers.oxylabs.io/products/proxies/residential-proxies/session-control
        "oxylabs|customer-USERNAME|PASSWORD|session abcd1234 country DE|customer-USERNAME-cc-DE-sessid-abcd1234|PASSWORD",
        "oxylabs|customer-USERNAME|PASSWORD|session abcde12345 lifetime 5m country US|customer-USERNAME-cc-US-sessid-abcde12345-sesstime-5|PASSWORD",
        "oxylabs|customer-USERNAME|PASSWORD|rotating state us_california|customer-USERNAME-st-us_california|PASSWORD",
        "oxylabs|customer-USERNAME|PASSWORD|rotating|customer-USERNAME|PASSWORD",
        // help.decodo.com residential quick start and custom sticky sessions
        "decodo|user-username|password|session abc123 country US|user-username-country-us-session-abc123|password",
        "decodo|user-username|password|session abc123 lifetime 30m country US|user-username-country-us-sessionduration-30-session-abc123|password",
        // https://docs.iproyal.com/proxies/residential/proxy/rotation
        "iproyal|username123|password321|session sgn34f3e lifetime 10m country BR|username123|password321_country-br_session-sgn34f3e_lifetime-10m",
        "iproyal|username123|password321|rotating|username123|password321",
        // https://docs.evomi.com/proxy-instructions/residential-proxies/proxy-sessions ; .../geo-targetting/country
        "evomi|testuser|testpassword|rotating country US|testuser|testpassword_country-US",
        "evomi|testuser|testpassword|session mysession|testuser|testpassword_session-mysession",
        "evomi|testuser|testpassword|hardsession xyzabc|testuser|testpassword_hardsession-xyzabc",
        // https://helpcenter.soax.com/en/articles/6723733-sticky-sessions
        "soax|package-123456|KEY|session rand123456 lifetime 90s country US|package-123456-country-us-sessionid-rand123456-sessionlength-90|KEY",
        "soax|package-123456|KEY|rotating city new_york country US|package-123456-country-us-city-new+york|KEY",
        // https://help.netnut.io/netnut-documentation/netnut-proxies/residential-proxies/initial-setup
        "netnut|USERNAME|PASSWORD|rotating|USERNAME-res-any|PASSWORD",
        "netnut|USERNAME|PASSWORD|rotating country NL|USERNAME-res-nl|PASSWORD",
        "netnut|USERNAME|PASSWORD|session 44575 country US|USERNAME-res-us-sid-44575|PASSWORD",
        "netnut|USERNAME|PASSWORD|rotating country GB|USERNAME-res-uk|PASSWORD",
        // https://apidocs.webshare.io/proxy-connection
        "webshare|myuser|password|session 1234 country US|myuser-us-1234|password",
        "webshare|myuser|password|rotating country US|myuser-us-rotate|password",
        "webshare|myuser|password|rotating|myuser-rotate|password",
        // https://docs.geonode.com/proxy/custom-session_id_and_lifetime
        "geonode|geonode_user123|secret-pass55|session someRandomString|geonode_user123-session-someRandomString|secret-pass55",
        "geonode|geonode_user123|secret-pass55|session someRandomString lifetime 30m country US|geonode_user123-country-us-session-someRandomString-lifetime-30|secret-pass55",
        // docs/lab.md
        "lab|user|pass|session abc lifetime 10m country US|user|pass_session-abc_lifetime-10m_country-US",
        "lab|user|pass|lockedsession abc asn 64512|user|pass_lockedsession-abc_asn-64512",
    })
    void writesTheDocumentedExampleAndReadsItBack(String provider, String user, String password, String session,
            String expectedUser, String expectedPassword) {
        Dialect dialect = Dialect.named(provider);
        SessionParams params = session(session);
        ProxyCredentials account = new ProxyCredentials(user, password);

        ProxyCredentials written = dialect.write(account, params);

        assertThat(written).isEqualTo(new ProxyCredentials(expectedUser, expectedPassword));
        ParsedCredentials read = dialect.read(written.user(), written.password());
        assertThat(read.user()).isEqualTo(user);
        assertThat(read.password()).isEqualTo(password);
        assertThat(read.session()).isEqualTo(params);
    }

    static List<Dialect> presets() {
        return Dialect.presets();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("presets")
    void everyRouterIdBecomesAnIdTheProviderAcceptsAndStaysDistinct(Dialect dialect) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            String routerId = SessionRouter.stickyPerKey().sessionFor("worker" + i, 0);
            String id = dialect.sessionId(routerId);
            assertThat(dialect.sessionId(routerId)).isEqualTo(id);
            ProxyCredentials written = dialect.write(new ProxyCredentials("acct", "pw"),
                    new SessionParams(SessionKind.SESSION, id, null, null));
            assertThat(dialect.read(written.user(), written.password()).session().id()).isEqualTo(id);
            ids.add(id);
        }
        assertThat(ids).doesNotHaveDuplicates();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("presets")
    void everyPresetCitesItsDocumentation(Dialect dialect) {
        assertThat(dialect.rules().documentation()).isNotBlank();
        if (!dialect.name().equals("lab")) {
            assertThat(dialect.rules().documentation()).startsWith("https://");
        }
        assertThat(Dialect.named(dialect.name().toUpperCase())).isSameAs(dialect);
    }

    @Test
    void whatAProviderCannotSayIsRefusedNamingThePart() {
        assertThatThrownBy(() -> Dialect.named("brightdata").write(new ProxyCredentials("u", "p"),
                new SessionParams(SessionKind.SESSION, "abc", Duration.ofMinutes(10), null)))
                .hasMessageContaining("brightdata has no lifetime parameter; drop it");
        assertThatThrownBy(() -> Dialect.named("oxylabs").write(new ProxyCredentials("u", "p"),
                new SessionParams(SessionKind.SESSION, "abc", Duration.ofSeconds(90), null)))
                .hasMessageContaining("oxylabs writes a session lifetime in whole minutes; 90s is not");
        assertThatThrownBy(() -> Dialect.named("oxylabs").write(new ProxyCredentials("u", "p"),
                new SessionParams(SessionKind.SESSION, "abc", Duration.ofHours(25), null)))
                .hasMessageContaining("oxylabs session lifetime 25h is outside 1m to 24h")
                .hasMessageContaining("developers.oxylabs.io");
        assertThatThrownBy(() -> Dialect.named("geonode").write(new ProxyCredentials("u", "p"),
                new SessionParams(SessionKind.SESSION, "abc", Duration.ofMinutes(2), null)))
                .hasMessageContaining("outside 3m to 24h");
        assertThatThrownBy(() -> Dialect.named("iproyal").write(new ProxyCredentials("u", "p"),
                new SessionParams(SessionKind.SESSION, "abc", null, null)))
                .hasMessageContaining("iproyal session id 'abc' must be exactly 8 letters and digits");
        assertThatThrownBy(() -> Dialect.named("netnut").write(new ProxyCredentials("u", "p"),
                new SessionParams(SessionKind.LOCKED, "123", null, null)))
                .hasMessageContaining("netnut has no lockedsession id parameter");
        assertThatThrownBy(() -> Dialect.named("iproyal").write(new ProxyCredentials("u", "p"),
                new SessionParams(SessionKind.ROTATING, null, null, "US", null, "new_york", null)))
                .hasMessageContaining("iproyal cannot write the city 'new_york'")
                .hasMessageContaining("give a one-word name");
        assertThat(Dialect.named("oxylabs").write(new ProxyCredentials("customer-u", "p"),
                new SessionParams(SessionKind.ROTATING, null, null, "US", null, "new_york", null)).user())
                .isEqualTo("customer-u-cc-US-city-new_york");
        assertThatThrownBy(() -> Dialect.named("webshare").write(new ProxyCredentials("u", "p"),
                new SessionParams(SessionKind.SESSION, "abc", null, null)))
                .hasMessageContaining("webshare session id 'abc' must be a number");
    }

    @Test
    void readingNamesTheFaultAndNeverQuotesThePassword() {
        assertThatThrownBy(() -> Dialect.named("oxylabs").read("customer-u-sessid-abc-sesstime-x", "p"))
                .hasMessageContaining("sesstime 'x' must be a positive whole number of minutes");
        assertThatThrownBy(() -> Dialect.named("oxylabs").read("customer-u-sessid-abc-sesstime-2000", "p"))
                .hasMessageContaining("outside 1m to 24h");
        assertThatThrownBy(() -> Dialect.named("iproyal").read("u", "hunter2_session-abcdefgh_colour-red"))
                .hasMessageContaining("unknown session parameter (in the password, not shown) after 'session'")
                .hasMessageNotContaining("hunter2").hasMessageNotContaining("red");
        assertThatThrownBy(() -> Dialect.named("soax").read("package-1-sessionlength-60", "k"))
                .hasMessageContaining("'sessionlength' applies to 'sessionid' only; add sessionid-ID");
    }

    @Test
    void anUnknownProviderListsTheKnownOnes() {
        assertThatThrownBy(() -> Dialect.named("acme"))
                .hasMessageContaining("unknown provider 'acme'; known: lab, brightdata, oxylabs, decodo, iproyal,"
                        + " evomi, soax, netnut, webshare, geonode")
                .hasMessageContaining("--session-template");
        assertThat(Dialect.named("Smartproxy").name()).isEqualTo("decodo");
        assertThat(Dialect.named("bright-data").name()).isEqualTo("brightdata");
    }

    @Test
    void aTemplateReadsBackWhatItWrites() {
        Dialect template = Dialect.template("{user}-country-{country}-session-{id}");
        SessionParams s = new SessionParams(SessionKind.SESSION, "w7", null, "DE");
        ProxyCredentials written = template.write(new ProxyCredentials("acct-x", "pw"), s);
        assertThat(written.user()).isEqualTo("acct-x-country-DE-session-w7");
        assertThat(template.read(written.user(), written.password()))
                .isEqualTo(new ParsedCredentials("acct-x", "pw", s));
        assertThat(template.read("acct-x", "pw").session()).isEqualTo(SessionParams.ROTATING);
    }

    /** {@code session ID|hardsession ID|lockedsession ID|rotating} then {@code lifetime Nx}, {@code country XX}... */
    static SessionParams session(String text) {
        String[] t = text.split(" ");
        SessionKind kind = switch (t[0]) {
            case "session" -> SessionKind.SESSION;
            case "hardsession" -> SessionKind.HARD;
            case "lockedsession" -> SessionKind.LOCKED;
            default -> SessionKind.ROTATING;
        };
        int i = kind == SessionKind.ROTATING ? 1 : 2;
        String id = kind == SessionKind.ROTATING ? null : t[1];
        Duration lifetime = null;
        String country = null;
        String state = null;
        String city = null;
        Integer asn = null;
        for (; i < t.length; i += 2) {
            switch (t[i]) {
                case "lifetime" -> lifetime = Duration.parse("PT" + t[i + 1].toUpperCase());
                case "country" -> country = t[i + 1];
                case "state" -> state = t[i + 1];
                case "city" -> city = t[i + 1];
                case "asn" -> asn = Integer.valueOf(t[i + 1]);
                default -> throw new IllegalArgumentException(t[i]);
            }
        }
        return new SessionParams(kind, id, lifetime, country, state, city, asn);
    }
}
